import type { AreaMessages } from './area-messages.js';

const zhCN = {
  noStreamUrl: '未配置推流地址',
  noHistoryUrl: '未配置历史视频地址',
  noFileUrl: '未配置文件访问地址',
  robotNotFound: '机器人不存在',
  cameraNotFound: '该机器人没有这个摄像头',
  rangeOrder: '结束时间必须晚于开始时间',
  rangeTooLong: '时间范围最长 24 小时',
  clipTooLong: '下载的片段最长 10 分钟',
  templateInvalid: '地址须为 http(s)/ws(s) 地址或以 / 开头的路径，含 {serial} 与 {token}，且只用已知的占位符',
  templateTooLong: '地址最多 {{max}} 个字符',
  gridInvalid: '画面布局只能是 1、4、9 或 16 格',
  linkExpired: '播放链接已过期或无效',
};

/** Texts of video, as keys `video.<name>`. */
export const videoMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': {
    noStreamUrl: '未配置推流地址',
    noHistoryUrl: '未配置歷史影片地址',
    noFileUrl: '未配置檔案存取地址',
    robotNotFound: '機器人不存在',
    cameraNotFound: '該機器人沒有這個攝影機',
    rangeOrder: '結束時間必須晚於開始時間',
    rangeTooLong: '時間範圍最長 24 小時',
    clipTooLong: '下載的片段最長 10 分鐘',
    templateInvalid: '地址須為 http(s)/ws(s) 地址或以 / 開頭的路徑，含 {serial} 與 {token}，且只用已知的佔位符',
    templateTooLong: '地址最多 {{max}} 個字元',
    gridInvalid: '畫面佈局只能是 1、4、9 或 16 格',
    linkExpired: '播放連結已過期或無效',
  },
  'en-US': {
    noStreamUrl: 'No streaming address is configured',
    noHistoryUrl: 'No history video URL is configured',
    noFileUrl: 'No file access address is configured',
    robotNotFound: 'The robot does not exist',
    cameraNotFound: 'The robot has no such camera',
    rangeOrder: 'The end must be after the start',
    rangeTooLong: 'The time range is at most 24 hours',
    clipTooLong: 'A downloaded clip is at most 10 minutes long',
    templateInvalid:
      'The address must be an http(s)/ws(s) URL or a path from /, name {serial} and {token}, and use only known placeholders',
    templateTooLong: 'The address is at most {{max}} characters',
    gridInvalid: 'The layout has 1, 4, 9 or 16 tiles',
    linkExpired: 'The play link has expired or is not valid',
  },
};
