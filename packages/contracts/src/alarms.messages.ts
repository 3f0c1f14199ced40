import type { AreaMessages } from './area-messages.js';

const zhCN = {
  muteEnterTime: '请输入时间',
  muteGreaterThanZero: '请输入大于 0 的时间',
  muteSelectOrEnter: '请选择或输入时间',
  muteInvalid: '请输入有效的时间',
  notFound: '告警不存在或无权查看',
  completed: '该告警已处置完成，不能再操作',
  alreadyDecided: '该告警已由 {{name}} 处理',
  notGun: '该告警不是网枪告警',
  notSentiment: '该告警不是舆情告警',
  voiceUnavailable: '语音对讲尚未开放',
  imageNotFound: '该告警没有图片',
  kindGun: '网枪',
  kindSentiment: '舆情',
  escalatedTitle: '告警无人处置：{{robot}}',
  escalatedContent:
    '机器人 {{robot}}（{{serial}}）的{{kind}}告警 {{code}}「{{msg}}」在 {{seconds}} 秒内无人处置（告警编号 {{alarmId}}）。',
};

export const alarmsMessages: AreaMessages<typeof zhCN> = {
  'zh-CN': zhCN,
  'zh-TW': {
    muteEnterTime: '請輸入時間',
    muteGreaterThanZero: '請輸入大於 0 的時間',
    muteSelectOrEnter: '請選擇或輸入時間',
    muteInvalid: '請輸入有效的時間',
    notFound: '告警不存在或無權查看',
    completed: '該告警已處置完成，不能再操作',
    alreadyDecided: '該告警已由 {{name}} 處理',
    notGun: '該告警不是網槍告警',
    notSentiment: '該告警不是輿情告警',
    voiceUnavailable: '語音對講尚未開放',
    imageNotFound: '該告警沒有圖片',
    kindGun: '網槍',
    kindSentiment: '輿情',
    escalatedTitle: '告警無人處置：{{robot}}',
    escalatedContent:
      '機器人 {{robot}}（{{serial}}）的{{kind}}告警 {{code}}「{{msg}}」在 {{seconds}} 秒內無人處置（告警編號 {{alarmId}}）。',
  },
  'en-US': {
    muteEnterTime: 'Please enter a time',
    muteGreaterThanZero: 'Please enter a time greater than 0',
    muteSelectOrEnter: 'Please select or enter a time',
    muteInvalid: 'Please enter a valid time',
    notFound: 'The alarm does not exist or you may not see it',
    completed: 'This alarm is complete and takes no further operation',
    alreadyDecided: 'This alarm was already handled by {{name}}',
    notGun: 'This alarm is not a net-gun alarm',
    notSentiment: 'This alarm is not a sentiment alarm',
    voiceUnavailable: 'Voice talk is not available yet',
    imageNotFound: 'This alarm has no image',
    kindGun: 'net-gun',
    kindSentiment: 'sentiment',
    escalatedTitle: 'Alarm not handled: {{robot}}',
    escalatedContent:
      'Nobody handled the {{kind}} alarm {{code}} "{{msg}}" of robot {{robot}} ({{serial}}) within {{seconds}} seconds (alarm {{alarmId}}).',
  },
};
