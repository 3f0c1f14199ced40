import type { AreaMessages } from './area-messages.js';

const zhCN = {
  nameRequired: '请输入站点名称',
  nameTooLong: '站点名称最多 {{max}} 个字符',
  nameTaken: '已有同名站点',
  notFound: '站点不存在',
  inUse: '站点仍在使用，不能删除：{{names}}',
  inUseRobots: '机器人 {{names}}',
  inUseFences: '围栏 {{names}}',
  inUseJobs: '作业 {{names}}',
};

/** Texts of stations, as keys `stations.<name>`. */
export const stationsMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': {
    nameRequired: '請輸入站點名稱',
    nameTooLong: '站點名稱最多 {{max}} 個字元',
    nameTaken: '已有同名站點',
    notFound: '站點不存在',
    inUse: '站點仍在使用，不能刪除：{{names}}',
    inUseRobots: '機器人 {{names}}',
    inUseFences: '圍欄 {{names}}',
    inUseJobs: '作業 {{names}}',
  },
  'en-US': {
    nameRequired: 'Please enter the station name',
    nameTooLong: 'The station name is at most {{max}} characters',
    nameTaken: 'A station with this name exists',
    notFound: 'The station does not exist',
    inUse: 'The station is in use and cannot be deleted: {{names}}',
    inUseRobots: 'robots {{names}}',
    inUseFences: 'fences {{names}}',
    inUseJobs: 'jobs {{names}}',
  },
};
