import type { AreaMessages } from './area-messages.js';

const zhCN = {
  sourceInvalid: '地图源名称无效',
  sourceNotFound: '没有这个地图源',
};

/** Texts of the map's sources, as keys `maps.<name>`. */
export const mapsMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': { sourceInvalid: '地圖來源名稱無效', sourceNotFound: '沒有這個地圖來源' },
  'en-US': { sourceInvalid: 'Invalid map source name', sourceNotFound: 'No such map source' },
};
