import type { AreaMessages } from './area-messages.js';

const zhCN = {
  timeInvalid: '时间格式不正确',
  rangeOrder: '结束时间必须晚于开始时间',
  rangeTooLong: '时间范围最长 7 天',
  robotNotFound: '机器人不存在',
};

/** Texts of tracks, as keys `tracks.<name>`. */
export const tracksMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': {
    timeInvalid: '時間格式不正確',
    rangeOrder: '結束時間必須晚於開始時間',
    rangeTooLong: '時間範圍最長 7 天',
    robotNotFound: '機器人不存在',
  },
  'en-US': {
    timeInvalid: 'The time is not valid',
    rangeOrder: 'The end must be after the start',
    rangeTooLong: 'The time range is at most 7 days',
    robotNotFound: 'The robot does not exist',
  },
};
