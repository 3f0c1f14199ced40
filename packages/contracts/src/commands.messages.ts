import type { AreaMessages } from './area-messages.js';

const zhCN = {
  robotOffline: '机器人离线，无法下发指令',
  confirmRequired: '该指令需要确认后才能下发',
  brokerUnavailable: '消息服务不可用，指令未下发',
};

/** Error texts of robot commands, as keys `commands.<name>`. */
export const commandsMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': {
    robotOffline: '機器人離線，無法下發指令',
    confirmRequired: '該指令需要確認後才能下發',
    brokerUnavailable: '訊息服務不可用，指令未下發',
  },
  'en-US': {
    robotOffline: 'The robot is offline; the command was not sent',
    confirmRequired: 'This command must be confirmed before it is sent',
    brokerUnavailable: 'The message broker is unavailable; the command was not sent',
  },
};
