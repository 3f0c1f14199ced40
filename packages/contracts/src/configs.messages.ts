import type { AreaMessages } from './area-messages.js';

const zhCN = {
  socketUrlInvalid: '请输入以 ws://、wss:// 或 / 开头的地址',
  jsonInvalid: '不是有效的 JSON',
  leafletInvalid: 'JSON 需包含 mapInstantiated 对象和 tileLayerOption.url',
  tileUrlInvalid: '瓦片地址需以 http:// 或 https:// 开头，并包含 {z}、{x}、{y}',
  urlInvalid: '请输入以 http://、https:// 或 / 开头的地址，或留空',
  valueTooLong: '配置值不能超过 {{max}} 个字符',
};

/** Error and validation texts of the configs area, as keys `configs.<name>`. */
export const configsMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': {
    socketUrlInvalid: '請輸入以 ws://、wss:// 或 / 開頭的位址',
    jsonInvalid: '不是有效的 JSON',
    leafletInvalid: 'JSON 需包含 mapInstantiated 物件和 tileLayerOption.url',
    tileUrlInvalid: '圖磚位址需以 http:// 或 https:// 開頭，並包含 {z}、{x}、{y}',
    urlInvalid: '請輸入以 http://、https:// 或 / 開頭的位址，或留空',
    valueTooLong: '設定值不能超過 {{max}} 個字元',
  },
  'en-US': {
    socketUrlInvalid: 'Enter an address starting with ws://, wss:// or /',
    jsonInvalid: 'This is not valid JSON',
    leafletInvalid: 'The JSON needs a mapInstantiated object and tileLayerOption.url',
    tileUrlInvalid: 'Tile URLs start with http:// or https:// and hold {z}, {x} and {y}',
    urlInvalid: 'Enter an address starting with http://, https:// or /, or leave it empty',
    valueTooLong: 'The value is at most {{max}} characters',
  },
};
