import { type RoleRow } from '@patrol/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { makeTenantPair, makeUser } from '../../../test/factories.js';
import { expectSortRefused, walkPages } from '../../../test/pages.js';
import { ensureRole } from './roles.repository.js';

const PAGE = '/api/system-server/role/page';

describe('roles list sorted by the server', () => {
  let t: TestApp;
  let token: string;
  /** The tenant's listed roles, in the order they were made. */
  const mine: { id: number; code: string }[] = [];
  const theirs: number[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    const pair = await makeTenantPair(t, [`GET ${PAGE}`]);
    token = pair.token;
    // Made out of alphabetical order; the other tenant's codes fall between them.
    for (const code of ['srt-c', 'srt-a', 'srt-e', 'srt-b', 'srt-d']) {
      const { role } = await ensureRole(t.db, pair.tenantId, { name: `Role ${code}`, code });
      mine.push({ id: role.id, code });
    }
    for (const code of ['srt-aa', 'srt-bb', 'srt-cc']) {
      theirs.push((await ensureRole(t.db, pair.otherTenantId, { name: `Role ${code}`, code })).role.id);
    }
    // srt-e is held by two users, srt-a by one; the other three tie on none.
    await makeUser(t, pair.tenantId, { roleCodes: ['srt-e', 'srt-a'] });
    await makeUser(t, pair.tenantId, { roleCodes: ['srt-e'] });
  });
  afterAll(() => t.close());

  const codes = (rows: RoleRow[]) => rows.map((r) => r.roleCode);
  const walk = (query: Record<string, string>) => walkPages<RoleRow>(t, PAGE, token, { keyword: 'srt-', ...query });

  it('orders every page by the code and the name, both ways, and never shows another tenant', async () => {
    const sorted = mine.map((r) => r.code).sort();
    const up = await walk({ sortBy: 'roleCode', sortOrder: 'ascend' });
    expect(codes(up.rows)).toEqual(sorted);
    expect(up.totals).toEqual([5, 5, 5]);
    const down = await walk({ sortBy: 'roleName', sortOrder: 'descend' });
    expect(codes(down.rows)).toEqual([...sorted].reverse());
    for (const rows of [up.rows, down.rows]) {
      expect(rows.map((r) => r.roleId).filter((id) => theirs.includes(id))).toEqual([]);
    }
  });

  it('keeps roles that tie on their user count in one order, so paging never repeats or skips one', async () => {
    const up = await walk({ sortBy: 'userCount', sortOrder: 'ascend' });
    // No user (by id), then one, then two.
    expect(codes(up.rows)).toEqual(['srt-c', 'srt-b', 'srt-d', 'srt-a', 'srt-e']);
    expect(up.rows.map((r) => r.userCount)).toEqual([0, 0, 0, 1, 2]);
    const down = await walk({ sortBy: 'userCount', sortOrder: 'descend' });
    expect(codes(down.rows)).toEqual([...codes(up.rows)].reverse());
    expect(new Set(down.rows.map((r) => r.roleId)).size).toBe(5);
  });

  it('sorts ascending when no direction is given, and keeps the oldest first without a sort', async () => {
    const made = mine.map((r) => r.code);
    expect(codes((await walk({})).rows)).toEqual(made);
    expect(codes((await walk({ sortBy: 'createTime' })).rows)).toEqual(made);
    expect(codes((await walk({ sortBy: 'createTime', sortOrder: 'descend' })).rows)).toEqual([...made].reverse());
  });

  it('refuses a column the list cannot be sorted by, with the message in the caller language', async () => {
    await expectSortRefused(t, `${PAGE}?keyword=srt-`, token, ['remark', 'tenantId', 'roleCode;drop']);
    // Nothing of it stuck: the list answers as before.
    expect(codes((await walk({})).rows)).toEqual(mine.map((r) => r.code));
  });
});
