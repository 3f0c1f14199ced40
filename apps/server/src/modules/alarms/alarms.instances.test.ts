import type { AlarmRow } from '@patrol/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';
import { registerRobot, simRobot, until } from '../../../test/robots.js';
import { openDatabase, type Database } from '../../platform/db.js';
import { commandRecords } from '../commands/commands.tables.js';
import { alarmDaysOfRobot, insertAlarmOnce } from './alarms.repository.js';

const databaseUrl = process.env.TEST_DATABASE_URL?.trim();
/** The net gun's decision needs its robot listening to both instances, as one broker shared gives. */
const mqttUrl = process.env.TEST_MQTT_URL?.trim();
const GRANTS = [
  'POST /api/robot-server/robot/create',
  'GET /api/notice-server/alarm/page',
  'GET /api/notice-server/alarm/:alarmId/image',
  'POST /api/notice-server/cmd/gun',
];
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xdb]), Buffer.alloc(64, 9)]);

/**
 * Two instances on one PostgreSQL database (files in the database, the default there): an image
 * received by one is served by the other, both sign with the one console key, and two operators
 * allowing the net gun at the same instant through both get one decision. With TEST_MQTT_URL both
 * share that broker (one share group), as a deployment of several instances does; without it each
 * has its own embedded broker and the gun test, whose robot must listen to both, is left out.
 */
describe.skipIf(!databaseUrl)('alarms on two instances', () => {
  const apps: TestApp[] = [];
  let second: Database;
  let drop: () => Promise<void>;
  let tokens: string[];
  let tenantId: number;
  beforeAll(async () => {
    const made = await openTestDatabase();
    drop = made.drop;
    second = await openDatabase({ databaseUrl: made.url!, pgliteDir: null });
    const broker = mqttUrl ? { mqttUrl, mqttShareGroup: `patrol-alarms-${process.pid}` } : {};
    apps.push(
      await createTestApp({ database: made.database, ...broker }),
      await createTestApp({ database: second, ...broker }),
    );
    tenantId = (await makeTenant(apps[0]!)).id;
    const users = [
      await makeUser(apps[0]!, tenantId, { grants: GRANTS, roleCodes: ['tenantAdmin'] }),
      await makeUser(apps[0]!, tenantId, { grants: GRANTS, roleCodes: ['tenantAdmin'] }),
    ];
    tokens = await Promise.all(users.map((u, i) => login(apps[i]!.app, u.account, u.password)));
  });
  afterAll(async () => {
    for (const t of apps.reverse()) await t.close();
    await second?.close();
    await drop?.();
  });

  it.skipIf(!mqttUrl)(
    'serves an image received by one instance from the other, and decides the net gun once across both',
    async () => {
      const [a, b] = apps as [TestApp, TestApp];
      expect(a.app.consoleKey.publicKeyPem).toBe(b.app.consoleKey.publicKeyPem);
      const robot = await registerRobot(a, tokens[0]!);
      const sim = simRobot(a, robot, { brokerUrl: mqttUrl! });
      await sim.connect();
      try {
        const event = sim.raiseEvent({
          id: `ev-${Date.now()}`,
          kind: 'gun',
          code: 'NET_GUN_REQUEST',
          level: 2,
          message: 'at the gate',
          image: JPEG.toString('base64'),
        });
        const alarm = await until(async () => {
          const res = await b.app.inject({
            method: 'GET',
            url: `/api/notice-server/alarm/page?index=1&keyword=${event.id}`,
            headers: as(tokens[1]!),
          });
          // The alarm is stored first and its image attached right after: wait for both.
          const row = (res.json().data.rows as AlarmRow[])[0];
          return row?.img ? row : undefined;
        });
        const image = await b.app.inject({ method: 'GET', url: alarm.img!, headers: as(tokens[1]!) });
        expect(image.statusCode).toBe(200);
        expect(image.headers['content-type']).toBe('image/jpeg');
        expect(image.rawPayload.equals(JPEG)).toBe(true);

        const body = { robotId: robot.robotId, data: { timestamp: event.ts, flag: true } };
        const answers = await Promise.all(
          apps.map((t, i) =>
            t.app.inject({ method: 'POST', url: '/api/notice-server/cmd/gun', headers: as(tokens[i]!), payload: body }),
          ),
        );
        expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        const sent = await a.db.select().from(commandRecords).where(eq(commandRecords.alarmId, alarm.alarmId));
        expect(sent.map((c) => c.name)).toEqual(['gunDecision']);
      } finally {
        await sim.disconnect({ silent: true });
      }
    },
  );

  it('stores a message both instances received at the same time once, and counts it once on its day', async () => {
    const robotId = 990_000 + tenantId;
    const row = (messageId: string, ts: string) => ({
      tenantId,
      kind: 'sentiment',
      robotId,
      robotName: 'Robot 990',
      serialNumber: 'SN-990',
      messageId,
      code: 'CROWD',
      msg: 'at the gate',
      level: 2,
      reportedAt: new Date(ts),
      topic: 'patrol/SN-990/event',
    });
    // 23:30 in Shanghai: the 5th, twice by each instance; and another message of the same day.
    const answers = await Promise.all([
      ...apps.map((t) => insertAlarmOnce(t.db, row('m-1', '2026-01-05T15:30:00Z'))),
      ...apps.map((t) => insertAlarmOnce(t.db, row('m-1', '2026-01-05T15:30:00Z'))),
      insertAlarmOnce(apps[1]!.db, row('m-2', '2026-01-04T16:00:00Z')),
    ]);
    expect(answers.filter(Boolean)).toHaveLength(2);
    expect(await alarmDaysOfRobot(apps[0]!.db, tenantId, robotId)).toEqual([
      { day: '2026-01-05', kind: 'sentiment', count: 2 },
    ]);
  });
});
