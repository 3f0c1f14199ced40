import { type RobotRow } from '@patrol/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { login, makeTenantPair } from '../../../test/factories.js';
import { expectSortRefused, walkPages } from '../../../test/pages.js';
import { insertRobot } from './robots.repository.js';
import { newRobotKeyPair } from './robots.service.js';

const PAGE = '/api/robot-server/robot/page';
const MOVE_PAGE = '/api/robot-server/robot/move/page';

describe('robot lists sorted by the server', () => {
  let t: TestApp;
  let token: string;
  let tenantId: number;
  const names = ['Srt Delta', 'Srt Alpha', 'Srt Echo', 'Srt Bravo', 'Srt Charlie'];
  const theirs: number[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    const pair = await makeTenantPair(t, [`GET ${PAGE}`]);
    ({ token, tenantId } = pair);
    const robot = (owner: number, name: string, serialNumber: string) =>
      insertRobot(t.db, owner, { productId: 'PR-1000', serialNumber, name, publicKey: newRobotKeyPair().publicKey });
    for (const [i, name] of names.entries()) await robot(tenantId, name, `SRT-${tenantId}-${i}`);
    for (const name of ['Srt Alpha2', 'Srt Charlie2']) {
      theirs.push((await robot(pair.otherTenantId, name, `SRT-${pair.otherTenantId}-${name.length}-${name}`)).id);
    }
  });
  afterAll(() => t.close());

  const walk = (query: Record<string, string>, url = PAGE, caller = token) =>
    walkPages<RobotRow>(t, url, caller, { keyword: 'Srt', ...query });

  it('orders every page by name both ways and never shows another tenant', async () => {
    const up = await walk({ sortBy: 'name', sortOrder: 'ascend' });
    const down = await walk({ sortBy: 'name', sortOrder: 'descend' });
    expect(up.rows.map((r) => r.name)).toEqual([...names].sort());
    expect(up.totals.every((n) => n === 5)).toBe(true);
    expect(down.rows.map((r) => r.robotId)).toEqual(up.rows.map((r) => r.robotId).reverse());
    for (const rows of [up.rows, down.rows]) expect(rows.filter((r) => theirs.includes(r.robotId))).toEqual([]);
    const bySerial = await walk({ sortBy: 'serialNumber', sortOrder: 'descend' });
    expect(bySerial.rows.map((r) => r.serialNumber)).toEqual(names.map((_, i) => `SRT-${tenantId}-${i}`).reverse());
  });

  it('sorts the platform migration page of a chosen tenant the same way', async () => {
    const admin = await login(t.app, 'admin', TEST_ADMIN_PASSWORD);
    const rows = await walk(
      { tenantId: String(tenantId), sortBy: 'createTime', sortOrder: 'ascend' },
      MOVE_PAGE,
      admin,
    );
    expect(rows.rows.map((r) => r.name)).toEqual(names);
  });

  it('refuses a column the list cannot be sorted by, in the caller language', async () => {
    await expectSortRefused(t, `${PAGE}?sortOrder=ascend`, token, ['publicKey', 'tenantId', 'name;drop']);
  });
});
