import type { AreaMessages } from './area-messages.js';

const zhCN = {
  coordinateInvalid: '坐标无效：须为 WGS84 经度 -180 到 180、纬度 -90 到 90',
  nodesRequired: '请采集区域数据',
  tooFewNodes: '区域至少需要 3 个不同的节点',
  tooManyNodes: '区域节点过多（最多 500 个）',
  selfIntersecting: '区域的边不能相互交叉',
  polygonInvalid: '区域不是有效的多边形',
  jsonInvalid: '区域数据不是有效的 JSON',
};

/** Texts of the shape checks shared by stations, fences and jobs, as keys `geometry.<name>`. */
export const geometryMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': {
    coordinateInvalid: '座標無效：須為 WGS84 經度 -180 到 180、緯度 -90 到 90',
    nodesRequired: '請採集區域資料',
    tooFewNodes: '區域至少需要 3 個不同的節點',
    tooManyNodes: '區域節點過多（最多 500 個）',
    selfIntersecting: '區域的邊不能相互交叉',
    polygonInvalid: '區域不是有效的多邊形',
    jsonInvalid: '區域資料不是有效的 JSON',
  },
  'en-US': {
    coordinateInvalid: 'Invalid coordinate: WGS84 longitude -180 to 180, latitude -90 to 90',
    nodesRequired: 'Please collect the area',
    tooFewNodes: 'An area needs at least 3 distinct nodes',
    tooManyNodes: 'The area has too many nodes (at most 500)',
    selfIntersecting: "The area's edges must not cross each other",
    polygonInvalid: 'The area is not a valid polygon',
    jsonInvalid: 'The area data is not valid JSON',
  },
};
