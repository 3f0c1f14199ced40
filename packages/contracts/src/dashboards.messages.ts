import type { AreaMessages } from './area-messages.js';

const zhCN = {
  dayRequired: '请选择日期',
  dayInvalid: '请输入有效的日期（YYYY-MM-DD）',
  rangeOrder: '结束日期不能早于开始日期',
  rangeTooLong: '日期范围最长 {{max}} 天',
  robotIdsTooMany: '最多选择 {{max}} 台机器人',
};

/** Texts of the work and trend windows' figures, as keys `dashboards.<name>`. */
export const dashboardsMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': {
    dayRequired: '請選擇日期',
    dayInvalid: '請輸入有效的日期（YYYY-MM-DD）',
    rangeOrder: '結束日期不能早於開始日期',
    rangeTooLong: '日期範圍最長 {{max}} 天',
    robotIdsTooMany: '最多選擇 {{max}} 台機器人',
  },
  'en-US': {
    dayRequired: 'Please choose the date',
    dayInvalid: 'Please enter a valid date (YYYY-MM-DD)',
    rangeOrder: 'The end date cannot be before the start date',
    rangeTooLong: 'The date range is at most {{max}} days',
    robotIdsTooMany: 'Choose at most {{max}} robots',
  },
};
