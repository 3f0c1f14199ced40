import type { IsolationArea } from '../../../test/isolation.js';
import { insertAlarmOnce } from './alarms.repository.js';

const REPORTED = new Date('2026-01-02T03:04:05.000Z');

export const isolation: IsolationArea = {
  seed: async (t, tenant) => {
    const alarm = await insertAlarmOnce(t.db, {
      tenantId: tenant.tenantId,
      kind: 'gun',
      robotId: 900_000 + tenant.tenantId,
      robotName: `${tenant.marker}-robot`,
      serialNumber: `${tenant.marker}-A1`,
      messageId: `${tenant.marker}-ev`,
      code: 'INTRUDER',
      msg: `${tenant.marker} at the gate`,
      level: 2,
      reportedAt: REPORTED,
      topic: `patrol/${tenant.marker}-A1/event`,
      imageKey: `alarms/${tenant.tenantId}/${tenant.marker}.jpg`,
    });
    tenant.ids.alarm = alarm!.id;
    tenant.ids.alarmRobot = alarm!.robotId;
  },
  cases: [
    {
      resource: 'GET /api/notice-server/alarm/page',
      ownData: true,
      request: () => ({ url: '/api/notice-server/alarm/page' }),
    },
    {
      resource: 'GET /api/notice-server/gun/page',
      ownData: true,
      request: () => ({ url: '/api/notice-server/gun/page' }),
    },
    {
      resource: 'GET /api/notice-server/alarm/:alarmId',
      request: ({ b }) => ({ url: `/api/notice-server/alarm/${b.ids.alarm}` }),
    },
    {
      resource: 'GET /api/notice-server/alarm/:alarmId/image',
      request: ({ b }) => ({ url: `/api/notice-server/alarm/${b.ids.alarm}/image` }),
    },
    {
      resource: 'POST /api/notice-server/alarm/operate',
      request: ({ b }) => ({
        url: '/api/notice-server/alarm/operate',
        payload: { alarmId: b.ids.alarm, operation: 'complete' },
      }),
    },
    {
      resource: 'POST /api/notice-server/cmd/gun',
      request: ({ b }) => ({
        url: '/api/notice-server/cmd/gun',
        payload: { robotId: b.ids.alarmRobot, data: { timestamp: REPORTED.getTime(), flag: true } },
      }),
    },
    {
      resource: 'POST /api/notice-server/cmd/sentiment',
      request: ({ b }) => ({
        url: '/api/notice-server/cmd/sentiment',
        payload: { robotId: b.ids.alarmRobot, data: { timestamp: REPORTED.getTime(), ret: 4, alarmId: b.ids.alarm } },
      }),
    },
    {
      resource: 'GET /api/notice-server/alarm/mute',
      ownData: true,
      request: () => ({ url: '/api/notice-server/alarm/mute' }),
    },
    {
      resource: 'POST /api/notice-server/alarm/mute',
      ownData: true,
      request: () => ({ url: '/api/notice-server/alarm/mute', payload: { kind: 'gun', seconds: 30 } }),
    },
  ],
};
