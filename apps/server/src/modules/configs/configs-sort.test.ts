import { type ConfigRow } from '@patrol/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenantPair } from '../../../test/factories.js';
import { expectSortRefused, walkPages } from '../../../test/pages.js';
import { ADMIN_ACCOUNT } from '../../seed.js';
import { insertMissingConfigs } from './configs.repository.js';
import { configs } from './configs.tables.js';

const PAGE = '/api/system-server/config/page';

describe('configs list sorted by the server', () => {
  let t: TestApp;
  let root: string;
  /** The listed entries, in the order they were made. */
  const keys = ['srt-c', 'srt-a', 'srt-e', 'srt-b', 'srt-d'];
  beforeAll(async () => {
    t = await createTestApp();
    root = await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
    for (const key of keys) await insertMissingConfigs(t.db, [{ key, value: '' }]);
    // Three entries changed at the same moment, two later: most rows tie on the update time.
    await t.db
      .update(configs)
      .set({ updatedAt: new Date('2026-11-01T08:00:00Z') })
      .where(inArray(configs.key, ['srt-c', 'srt-e', 'srt-d']));
    await t.db
      .update(configs)
      .set({ updatedAt: new Date('2026-11-02T08:00:00Z') })
      .where(inArray(configs.key, ['srt-a', 'srt-b']));
  });
  afterAll(() => t.close());

  const keysOf = (rows: ConfigRow[]) => rows.map((r) => r.configKey);
  const walk = (query: Record<string, string>) => walkPages<ConfigRow>(t, PAGE, root, { keyword: 'srt-', ...query });

  it('orders every page by the key, both ways', async () => {
    const up = await walk({ sortBy: 'configKey', sortOrder: 'ascend' });
    expect(keysOf(up.rows)).toEqual([...keys].sort());
    expect(up.totals).toEqual([5, 5, 5]);
    const down = await walk({ sortBy: 'configKey', sortOrder: 'descend' });
    expect(keysOf(down.rows)).toEqual([...keys].sort().reverse());
  });

  it('keeps entries that tie on the update time in one order, so paging never repeats or skips one', async () => {
    const up = await walk({ sortBy: 'updateTime', sortOrder: 'ascend' });
    expect(keysOf(up.rows)).toEqual(['srt-c', 'srt-e', 'srt-d', 'srt-a', 'srt-b']);
    const down = await walk({ sortBy: 'updateTime', sortOrder: 'descend' });
    expect(keysOf(down.rows)).toEqual([...keysOf(up.rows)].reverse());
    expect(new Set(down.rows.map((r) => r.configId)).size).toBe(5);
  });

  it('sorts ascending when no direction is given, and keeps the order they were made in without a sort', async () => {
    expect(keysOf((await walk({})).rows)).toEqual(keys);
    expect(keysOf((await walk({ sortBy: 'configKey' })).rows)).toEqual([...keys].sort());
  });

  it('refuses a column the list cannot be sorted by, with the message in the caller language', async () => {
    await expectSortRefused(t, `${PAGE}?keyword=srt-`, root, ['configValue', 'description', 'configKey;drop']);
    expect(keysOf((await walk({})).rows)).toEqual(keys);
  });

  it('is shared by every tenant, so a tenant administrator without the grant sees none of it, sorted or not', async () => {
    const pair = await makeTenantPair(t, []);
    const res = await t.app.inject({
      method: 'GET',
      url: `${PAGE}?sortBy=configKey&sortOrder=ascend`,
      headers: as(pair.token),
    });
    expect(res.statusCode).toBe(403);
  });
});
