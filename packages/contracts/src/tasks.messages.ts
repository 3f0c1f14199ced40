import type { AreaMessages } from './area-messages.js';

const zhCN = {
  nameRequired: '请输入任务名称',
  nameTooLong: '任务名称最多 {{max}} 个字符',
  typeRequired: '请选择任务类型',
  descriptionTooLong: '描述最多 {{max}} 个字符',
  jobsRequired: '请至少选择一个作业',
  jobsTooMany: '一个任务最多 {{max}} 个作业',
  stationsDiffer: '任务的作业须属于同一个站点',
  notFound: '任务不存在',
  inUse: '任务正被使用：{{names}}',
  disabled: '任务已停用',
};

/** Texts of tasks, as keys `tasks.<name>`. */
export const tasksMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': {
    nameRequired: '請輸入任務名稱',
    nameTooLong: '任務名稱最多 {{max}} 個字元',
    typeRequired: '請選擇任務類型',
    descriptionTooLong: '描述最多 {{max}} 個字元',
    jobsRequired: '請至少選擇一個作業',
    jobsTooMany: '一個任務最多 {{max}} 個作業',
    stationsDiffer: '任務的作業須屬於同一個站點',
    notFound: '任務不存在',
    inUse: '任務正被使用：{{names}}',
    disabled: '任務已停用',
  },
  'en-US': {
    nameRequired: 'Please enter the task name',
    nameTooLong: 'The task name is at most {{max}} characters',
    typeRequired: 'Please choose the task type',
    descriptionTooLong: 'The description is at most {{max}} characters',
    jobsRequired: 'Please choose at least one job',
    jobsTooMany: 'A task has at most {{max}} jobs',
    stationsDiffer: "The task's jobs must belong to one station",
    notFound: 'The task does not exist',
    inUse: 'The task is in use: {{names}}',
    disabled: 'The task is disabled',
  },
};
