import { type ExposeRow } from '@patrol/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { makeTenantPair } from '../../../test/factories.js';
import { expectSortRefused, walkPages } from '../../../test/pages.js';
import { insertExposeAccount } from './expose.repository.js';
import { exposeAccounts } from './expose.tables.js';

const PAGE = '/api/system-server/expose/page';

describe('expose accounts list sorted by the server', () => {
  let t: TestApp;
  let token: string;
  /** The tenant's listed accounts, in the order they were made. */
  const mine: { id: number; account: string }[] = [];
  const theirs: number[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    const pair = await makeTenantPair(t, [`GET ${PAGE}`]);
    token = pair.token;
    const make = (tenantId: number, account: string) =>
      insertExposeAccount(t.db, tenantId, { name: `Srt ${account}`, account, passwordHash: 'x' });
    // Made out of alphabetical order; the other tenant's accounts fall between them.
    for (const account of ['srt-c', 'srt-a', 'srt-e', 'srt-b', 'srt-d']) {
      mine.push({ id: (await make(pair.tenantId, account)).id, account });
    }
    for (const account of ['srt-aa', 'srt-bb', 'srt-cc']) theirs.push((await make(pair.otherTenantId, account)).id);
    // Three accounts changed at the same moment, two later: most rows tie on the update time.
    await t.db
      .update(exposeAccounts)
      .set({ updatedAt: new Date('2026-11-01T08:00:00Z') })
      .where(inArray(exposeAccounts.id, [mine[0]!.id, mine[2]!.id, mine[4]!.id]));
    await t.db
      .update(exposeAccounts)
      .set({ updatedAt: new Date('2026-11-02T08:00:00Z') })
      .where(inArray(exposeAccounts.id, [mine[1]!.id, mine[3]!.id]));
  });
  afterAll(() => t.close());

  const accounts = (rows: ExposeRow[]) => rows.map((r) => r.account);
  const walk = (query: Record<string, string>) => walkPages<ExposeRow>(t, PAGE, token, { keyword: 'srt-', ...query });

  it('orders every page by the account and the name, both ways, and never shows another tenant', async () => {
    const sorted = mine.map((r) => r.account).sort();
    const up = await walk({ sortBy: 'account', sortOrder: 'ascend' });
    expect(accounts(up.rows)).toEqual(sorted);
    expect(up.totals).toEqual([5, 5, 5]);
    const down = await walk({ sortBy: 'name', sortOrder: 'descend' });
    expect(accounts(down.rows)).toEqual([...sorted].reverse());
    for (const rows of [up.rows, down.rows]) {
      expect(rows.map((r) => r.exposeId).filter((id) => theirs.includes(id))).toEqual([]);
    }
  });

  it('keeps accounts that tie on the update time in one order, so paging never repeats or skips one', async () => {
    const up = await walk({ sortBy: 'updateTime', sortOrder: 'ascend' });
    expect(accounts(up.rows)).toEqual(['srt-c', 'srt-e', 'srt-d', 'srt-a', 'srt-b']);
    const down = await walk({ sortBy: 'updateTime', sortOrder: 'descend' });
    expect(accounts(down.rows)).toEqual([...accounts(up.rows)].reverse());
    expect(new Set(down.rows.map((r) => r.exposeId)).size).toBe(5);
  });

  it('sorts ascending when no direction is given, and keeps the newest first without a sort', async () => {
    expect(accounts((await walk({})).rows)).toEqual(mine.map((r) => r.account).reverse());
    expect(accounts((await walk({ sortBy: 'account' })).rows)).toEqual(mine.map((r) => r.account).sort());
  });

  it('refuses a column the list cannot be sorted by, with the message in the caller language', async () => {
    await expectSortRefused(t, `${PAGE}?keyword=srt-`, token, ['passwordHash', 'status', 'account;drop']);
    expect(accounts((await walk({})).rows)).toEqual(mine.map((r) => r.account).reverse());
  });
});
