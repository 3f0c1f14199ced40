import type { AlarmDetail, AlarmRow, CommandRecord } from '@patrol/contracts';

export const gunRow: AlarmRow = {
  alarmId: 7,
  kind: 'gun',
  robotId: 1,
  robotName: 'Alpha',
  serialNumber: 'SIM-0001',
  messageId: 'c0a8e1f2-0000-4000-8000-000000000007',
  taskId: 'task-12',
  code: 'G100',
  msg: 'Intruder at the north gate',
  level: 2,
  reportTime: '2026-11-23T04:00:00.000Z',
  receiveTime: '2026-11-23T04:00:00.200Z',
  topic: 'patrol/SIM-0001/event',
  lat: 31.2304,
  lng: 121.4737,
  img: '/notice-server/alarm/7/image',
  status: 'disposing',
  operationType: null,
  gunDecision: null,
  handledBy: null,
  handledTime: null,
  escalatedTime: '2026-11-23T04:02:00.000Z',
  publishTime: null,
  publishTopic: null,
  requestId: null,
  syncCode: null,
  asyncCode: null,
  data: null,
  message: null,
};

export const sentimentRow: AlarmRow = {
  ...gunRow,
  alarmId: 8,
  kind: 'sentiment',
  code: 'S200',
  msg: 'Crowd gathering',
  img: null,
  escalatedTime: null,
  status: 'complete',
  operationType: 'ignore',
  handledBy: 'Operator',
  handledTime: '2026-11-23T04:01:00.000Z',
};

export const sirenCommand: CommandRecord = {
  recordId: 31,
  commandId: '5b1c1f7e-1111-4222-8333-444455556666',
  robotId: 1,
  robotName: 'Alpha',
  serialNumber: 'SIM-0001',
  topic: 'patrol/SIM-0001/cmd',
  name: 'siren',
  args: {},
  status: 'done',
  syncCode: 0,
  asyncCode: 0,
  message: 'siren sounded',
  operatorName: 'Operator',
  publishTime: '2026-11-23T04:00:30.000Z',
  expireTime: '2026-11-23T04:01:00.000Z',
  ackTime: '2026-11-23T04:00:30.100Z',
  doneTime: '2026-11-23T04:00:31.000Z',
};

export const gunDetail: AlarmDetail = {
  ...gunRow,
  publishTime: sirenCommand.publishTime,
  publishTopic: sirenCommand.topic,
  requestId: sirenCommand.commandId,
  syncCode: 0,
  asyncCode: 0,
  data: { siren: true },
  message: 'siren sounded',
  operationType: 'siren',
  operations: [
    {
      operation: 'siren',
      operatorId: 2,
      operatorName: 'Operator',
      time: '2026-11-23T04:00:30.000Z',
      commandId: sirenCommand.commandId,
      comment: null,
    },
  ],
  commands: [sirenCommand],
};

export const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, message: 'success', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
