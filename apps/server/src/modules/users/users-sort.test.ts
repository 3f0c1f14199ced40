import { type UserRow } from '@patrol/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, makeTenantPair, makeUser } from '../../../test/factories.js';
import { expectSortRefused, walkPages } from '../../../test/pages.js';
import { sheetRows } from '../../../test/xlsx.js';
import { touchLastLogin } from './users.repository.js';

const PAGE = '/api/system-server/user/page';
const EXPORT = '/api/system-server/user/export';

describe('users list sorted by the server', () => {
  let t: TestApp;
  let token: string;
  /** The tenant's listed users, in the order they were made. */
  const mine: { id: number; account: string }[] = [];
  const theirs: number[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    const pair = await makeTenantPair(t, [`GET ${PAGE}`, `GET ${EXPORT}`]);
    token = pair.token;
    // Made out of alphabetical order; the other tenant's accounts fall between them.
    for (const account of ['srt-c', 'srt-a', 'srt-e', 'srt-b', 'srt-d']) {
      mine.push(await makeUser(t, pair.tenantId, { account }));
    }
    for (const account of ['srt-aa', 'srt-bb', 'srt-cc']) {
      theirs.push((await makeUser(t, pair.otherTenantId, { account })).id);
    }
    // Two users signed in (the rest never did), so most rows tie on the last sign-in.
    await touchLastLogin(t.db, pair.tenantId, mine[1]!.id, new Date('2026-11-01T08:00:00Z'));
    await touchLastLogin(t.db, pair.tenantId, mine[3]!.id, new Date('2026-11-02T08:00:00Z'));
  });
  afterAll(() => t.close());

  const accounts = (rows: UserRow[]) => rows.map((r) => r.account);
  const walk = (query: Record<string, string>) => walkPages<UserRow>(t, PAGE, token, { keyword: 'srt-', ...query });

  it('orders every page by the account, ascending and descending, and never shows another tenant', async () => {
    const sorted = mine.map((u) => u.account).sort();
    const up = await walk({ sortBy: 'account', sortOrder: 'ascend' });
    expect(accounts(up.rows)).toEqual(sorted);
    expect(up.totals).toEqual([5, 5, 5]);
    const down = await walk({ sortBy: 'account', sortOrder: 'descend' });
    expect(accounts(down.rows)).toEqual([...sorted].reverse());
    for (const rows of [up.rows, down.rows]) {
      expect(rows.map((r) => r.userId).filter((id) => theirs.includes(id))).toEqual([]);
    }
  });

  it('keeps rows that tie in one order, so paging never repeats or skips a user', async () => {
    const up = await walk({ sortBy: 'lastLoginTime', sortOrder: 'ascend' });
    // Signed in first, then later; those who never signed in (no time) last, by id.
    const never = mine.filter((_, i) => i !== 1 && i !== 3).map((u) => u.account);
    expect(accounts(up.rows)).toEqual([mine[1]!.account, mine[3]!.account, ...never]);
    const down = await walk({ sortBy: 'lastLoginTime', sortOrder: 'descend' });
    expect(accounts(down.rows)).toEqual([...accounts(up.rows)].reverse());
    expect(new Set(down.rows.map((r) => r.userId)).size).toBe(5);
  });

  it('sorts ascending when no direction is given, and keeps the newest first without a sort', async () => {
    const plain = await walk({});
    expect(accounts(plain.rows)).toEqual(mine.map((u) => u.account).reverse());
    const byName = await walk({ sortBy: 'username' });
    expect(accounts(byName.rows)).toEqual(mine.map((u) => u.account).sort());
  });

  it('refuses a column the list cannot be sorted by, with the message in the caller language', async () => {
    await expectSortRefused(t, `${PAGE}?keyword=srt-`, token, ['passwordHash', 'tenantId', 'account;drop']);
    const order = await t.app.inject({
      method: 'GET',
      url: `${PAGE}?sortBy=account&sortOrder=up`,
      headers: as(token, { lang: 'en-US' }),
    });
    expect(order.statusCode).toBe(422);
    expect(order.json().errors).toEqual([
      { path: 'sortOrder', message: 'The sort order must be ascending or descending' },
    ]);
    // Nothing of it stuck: the list answers as before.
    expect(accounts((await walk({})).rows)).toEqual(mine.map((u) => u.account).reverse());
  });

  it('exports the rows in the order the list is sorted', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${EXPORT}?keyword=srt-&sortBy=account&sortOrder=descend`,
      headers: as(token, { lang: 'en-US' }),
    });
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res);
    expect(rows.slice(1).map((r) => r[0])).toEqual(
      mine
        .map((u) => u.account)
        .sort()
        .reverse(),
    );
  });
});
