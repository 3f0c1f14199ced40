import type { AreaMessages } from './area-messages.js';

const zhCN = {
  sourceInvalid: '地图源名称无效',
  sourceNotFound: '没有这个地图源',
  tileNotFound: '没有这个瓦片',
  sourceUnreadable: '地图源无法读取',
  mbtilesUnsupported: '读取 MBTiles 需要 Node 22.13 或更高版本，或先用 pmtiles convert 转换',
};

/** Texts of the map's sources, as keys `maps.<name>`. */
export const mapsMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': {
    sourceInvalid: '地圖來源名稱無效',
    sourceNotFound: '沒有這個地圖來源',
    tileNotFound: '沒有這個圖磚',
    sourceUnreadable: '地圖來源無法讀取',
    mbtilesUnsupported: '讀取 MBTiles 需要 Node 22.13 或更高版本，或先用 pmtiles convert 轉換',
  },
  'en-US': {
    sourceInvalid: 'Invalid map source name',
    sourceNotFound: 'No such map source',
    tileNotFound: 'No such tile',
    sourceUnreadable: 'The map source cannot be read',
    mbtilesUnsupported: 'Reading MBTiles needs Node 22.13 or later, or convert it first with pmtiles convert',
  },
};
