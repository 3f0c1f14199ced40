import { type LoginLogRow, type OperationLogRow } from '@patrol/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { makeTenantPair } from '../../../test/factories.js';
import { expectSortRefused, walkPages } from '../../../test/pages.js';
import { loginLogs } from '../auth/auth.tables.js';
import { insertOperationLog } from './logs.repository.js';

const PAGE = '/api/log-server/operation/page';
const LOGIN_PAGE = '/api/log-server/login/page';

describe('operation log sorted by the server', () => {
  let t: TestApp;
  let token: string;
  /** The tenant's operations by id, in the order they were written, with their durations. */
  const mine: { id: number; durationMs: number }[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    const pair = await makeTenantPair(t, [`GET ${PAGE}`, `GET ${LOGIN_PAGE}`]);
    token = pair.token;
    const write = (tenantId: number, durationMs: number) =>
      insertOperationLog(t.db, tenantId, {
        account: 'srt-operator',
        username: 'Sorting operator',
        description: 'Edit a robot',
        method: 'POST',
        route: '/api/robot-server/robot/update',
        level: 'info',
        durationMs,
        result: 'success',
        statusCode: 200,
      });
    // Two operations took as long as each other; the other tenant's fall between the tenant's own.
    for (const durationMs of [30, 10, 50, 10, 20]) await write(pair.tenantId, durationMs);
    for (const durationMs of [15, 25, 60]) await write(pair.otherTenantId, durationMs);
    const attempt = (tenantId: number, account: string) =>
      t.db.insert(loginLogs).values({ tenantId, account, result: 'failure', reason: 'wrong_password' });
    for (const account of ['srt-b', 'srt-a', 'srt-c']) await attempt(pair.tenantId, account);
    for (const account of ['srt-ab', 'srt-bb']) await attempt(pair.otherTenantId, account);
    const first = await walkPages<OperationLogRow>(t, PAGE, token, { operator: 'srt-operator' }, 10);
    // Newest first without a sort: reversed, it is the order they were written in.
    mine.push(...first.rows.map((r) => ({ id: r.logId, durationMs: r.durationMs })).reverse());
  });
  afterAll(() => t.close());

  const walk = (query: Record<string, string>) =>
    walkPages<OperationLogRow>(t, PAGE, token, { operator: 'srt-operator', ...query });

  it('orders every page by duration both ways, ties by id, and shows only the tenant', async () => {
    expect(mine.map((r) => r.durationMs)).toEqual([30, 10, 50, 10, 20]);
    const up = await walk({ sortBy: 'durationMs', sortOrder: 'ascend' });
    expect(up.rows.map((r) => r.durationMs)).toEqual([10, 10, 20, 30, 50]);
    // The two of 10 ms: the one written first comes first, on every request.
    expect(up.rows.slice(0, 2).map((r) => r.logId)).toEqual([mine[1]!.id, mine[3]!.id]);
    expect(up.totals.every((n) => n === 5)).toBe(true);
    const down = await walk({ sortBy: 'durationMs', sortOrder: 'descend' });
    expect(down.rows.map((r) => r.logId)).toEqual(up.rows.map((r) => r.logId).reverse());
    expect(new Set([...up.rows, ...down.rows].map((r) => r.logId))).toEqual(new Set(mine.map((r) => r.id)));
  });

  it('sorts by time oldest first when asked, newest first by default', async () => {
    const oldest = await walk({ sortBy: 'createTime', sortOrder: 'ascend' });
    expect(oldest.rows.map((r) => r.logId)).toEqual(mine.map((r) => r.id));
    const plain = await walk({});
    expect(plain.rows.map((r) => r.logId)).toEqual(mine.map((r) => r.id).reverse());
  });

  it('refuses a column the log cannot be sorted by, in the caller language', async () => {
    await expectSortRefused(t, PAGE, token, ['description', 'method', 'account;drop']);
  });

  it('orders the sign-in log by account both ways, with only the tenant', async () => {
    const walkLogins = (query: Record<string, string>) =>
      walkPages<LoginLogRow>(t, LOGIN_PAGE, token, { operator: 'srt-', ...query });
    const up = await walkLogins({ sortBy: 'account', sortOrder: 'ascend' });
    expect(up.rows.map((r) => r.account)).toEqual(['srt-a', 'srt-b', 'srt-c']);
    const down = await walkLogins({ sortBy: 'account', sortOrder: 'descend' });
    expect(down.rows.map((r) => r.account)).toEqual(['srt-c', 'srt-b', 'srt-a']);
    const newest = await walkLogins({ sortBy: 'loginTime', sortOrder: 'descend' });
    expect(newest.rows.map((r) => r.account)).toEqual(['srt-c', 'srt-a', 'srt-b']);
  });
});
