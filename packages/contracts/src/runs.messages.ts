import type { AreaMessages } from './area-messages.js';

const zhCN = {
  notFound: '执行记录不存在',
  robotOffline: '机器人离线',
  lowBattery: '机器人电量低于 {{min}}%',
  fleetStopped: '机器人处于全体急停中',
  robotBusy: '机器人正在执行其他任务',
  robotNotInStation: '机器人不属于任务的站点',
  noRobotAvailable: '站点没有可用的机器人',
  taskDisabled: '任务已停用',
  noAnswer: '机器人未在 60 秒内开始执行',
  returnedToBase: '机器人已返航，任务中止',
  robotFailed: '机器人报告执行失败：{{message}}',
  dispatchFailed: '任务下发失败',
  missed: '服务停止期间错过了执行时间',
};

/** Texts of task runs (execution records), as keys `runs.<name>`. */
export const runsMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': {
    notFound: '執行記錄不存在',
    robotOffline: '機器人離線',
    lowBattery: '機器人電量低於 {{min}}%',
    fleetStopped: '機器人處於全體急停中',
    robotBusy: '機器人正在執行其他任務',
    robotNotInStation: '機器人不屬於任務的站點',
    noRobotAvailable: '站點沒有可用的機器人',
    taskDisabled: '任務已停用',
    noAnswer: '機器人未在 60 秒內開始執行',
    returnedToBase: '機器人已返航，任務中止',
    robotFailed: '機器人回報執行失敗：{{message}}',
    dispatchFailed: '任務下發失敗',
    missed: '服務停止期間錯過了執行時間',
  },
  'en-US': {
    notFound: 'The run does not exist',
    robotOffline: 'The robot is offline',
    lowBattery: "The robot's battery is below {{min}}%",
    fleetStopped: 'The robot is held by the fleet stop',
    robotBusy: 'The robot is running another task',
    robotNotInStation: "The robot is not in the task's station",
    noRobotAvailable: 'No robot of the station is available',
    taskDisabled: 'The task is disabled',
    noAnswer: 'The robot did not start within 60 seconds',
    returnedToBase: 'The robot returned to base; the run ended',
    robotFailed: 'The robot reported a failure: {{message}}',
    dispatchFailed: 'The task could not be dispatched',
    missed: 'The run time passed while the console was down',
  },
};
