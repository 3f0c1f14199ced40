import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, makeTenantPair } from '../../../test/factories.js';
import { sheetRows } from '../../../test/xlsx.js';
import { insertRobot } from '../robots/robots.repository.js';
import { newRobotKeyPair } from '../robots/robots.service.js';
import { insertCommandRecord, insertCommandReply } from './commands.repository.js';

const RECORDS_EXPORT = '/api/robot-server/cmd/export';
const REPLIES_EXPORT = '/api/robot-server/cmd/reply/export';

describe('command record exports', () => {
  let t: TestApp;
  let token: string;
  let otherTenantId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const pair = await makeTenantPair(t, [`GET ${RECORDS_EXPORT}`, `GET ${REPLIES_EXPORT}`]);
    ({ otherTenantId, token } = pair);
    // Each tenant's robot sent a lights and a powerOn command, and replied to both.
    for (const [tenantId, robotName] of [
      [pair.tenantId, 'Own robot'],
      [otherTenantId, 'Foreign robot'],
    ] as const) {
      const robot = await insertRobot(t.db, tenantId, {
        productId: 'PR-1000',
        serialNumber: `EXP-${tenantId}`,
        name: robotName,
        publicKey: newRobotKeyPair().publicKey,
      });
      for (const name of ['lights', 'powerOn'] as const) {
        const common = { tenantId, commandId: `${name}-${tenantId}`, robotId: robot.id, robotName };
        await insertCommandRecord(t.db, {
          ...common,
          serialNumber: robot.serialNumber,
          topic: `patrol/${robot.serialNumber}/cmd`,
          name,
          args: {},
          status: 'done',
          expiresAt: new Date(Date.now() + 30_000),
        });
        await insertCommandReply(t.db, {
          ...common,
          serialNumber: robot.serialNumber,
          topic: `patrol/${robot.serialNumber}/cmd/reply`,
          commandName: name,
          phase: name === 'lights' ? 'sync' : 'async',
          code: 0,
        });
      }
    }
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: as(token, { lang: 'en-US', ...headers }) });

  it('exports the dispatch records the list shows with the same filters', async () => {
    const res = await get(`${RECORDS_EXPORT}?name=lights`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Command%20dispatch%20records.xlsx');
    const rows = await sheetRows(res);
    expect(rows[0]!.slice(0, 7)).toEqual([
      'Published',
      'Topic',
      'Request ID',
      'Robot',
      'Serial number',
      'Command',
      'Status',
    ]);
    expect(rows.slice(1).map((r) => [r[2], r[3], r[5], r[6]])).toEqual([
      [expect.stringMatching(/^lights-/), 'Own robot', 'lights', 'done'],
    ]);
  });

  it('exports the reply records the list shows with the same filters', async () => {
    const res = await get(`${REPLIES_EXPORT}?phase=async`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Command%20reply%20records.xlsx');
    const rows = await sheetRows(res);
    expect(rows[0]).toEqual([
      'Received',
      'Topic',
      'Request ID',
      'Robot',
      'Serial number',
      'Command',
      'Phase',
      'Code',
      'Message',
    ]);
    expect(rows.slice(1).map((r) => [r[3], r[5], r[6], r[7]])).toEqual([['Own robot', 'powerOn', 'async', '0']]);
  });

  it("never exports another tenant's records: asking for them is refused", async () => {
    for (const url of [RECORDS_EXPORT, REPLIES_EXPORT]) {
      const res = await get(url, { 'tenant-id': String(otherTenantId) });
      expect(res.statusCode).toBe(403);
    }
    // And the own export holds no foreign row.
    const rows = await sheetRows(await get(RECORDS_EXPORT));
    expect(rows.slice(1).map((r) => r[3])).toEqual(['Own robot', 'Own robot']);
  });
});
