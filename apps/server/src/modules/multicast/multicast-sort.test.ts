import { type MulticastRow } from '@patrol/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { makeTenantPair } from '../../../test/factories.js';
import { expectSortRefused, walkPages } from '../../../test/pages.js';
import { insertMulticast } from './multicast.repository.js';
import { multicastConfigs } from './multicast.tables.js';

const PAGE = '/api/robot-server/multicast/page';

describe('multicast configs list sorted by the server', () => {
  let t: TestApp;
  let token: string;
  /** The tenant's listed configs, in the order they were made. */
  const mine: { id: number; name: string }[] = [];
  const theirs: number[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    const pair = await makeTenantPair(t, [`GET ${PAGE}`]);
    token = pair.token;
    const make = (tenantId: number, name: string, ip: string) =>
      insertMulticast(t.db, tenantId, {
        name,
        ip,
        enabled: true,
        telecontrolPort: 5000,
        telemetryPort: 5001,
        videoPort: 5002,
      });
    // Made out of alphabetical order; the addresses run the other way round to the names, and
    // 239.0.0.10 comes last as an address although its text sorts second.
    for (const [name, ip] of [
      ['srt-c', '239.0.0.3'],
      ['srt-a', '239.0.0.10'],
      ['srt-e', '239.0.0.1'],
      ['srt-b', '239.0.0.4'],
      ['srt-d', '239.0.0.2'],
    ] as const) {
      mine.push({ id: (await make(pair.tenantId, name, ip)).id, name });
    }
    for (const name of ['srt-aa', 'srt-bb', 'srt-cc'])
      theirs.push((await make(pair.otherTenantId, name, '239.0.0.9')).id);
    // Three configs changed at the same moment, two later: most rows tie on the update time.
    await t.db
      .update(multicastConfigs)
      .set({ updatedAt: new Date('2026-11-01T08:00:00Z') })
      .where(inArray(multicastConfigs.id, [mine[0]!.id, mine[2]!.id, mine[4]!.id]));
    await t.db
      .update(multicastConfigs)
      .set({ updatedAt: new Date('2026-11-02T08:00:00Z') })
      .where(inArray(multicastConfigs.id, [mine[1]!.id, mine[3]!.id]));
  });
  afterAll(() => t.close());

  const names = (rows: MulticastRow[]) => rows.map((r) => r.name);
  const walk = (query: Record<string, string>) =>
    walkPages<MulticastRow>(t, PAGE, token, { keyword: 'srt-', ...query });

  it('orders every page by the name and the address (as an address, not as text), both ways, and never shows another tenant', async () => {
    const sorted = mine.map((r) => r.name).sort();
    const up = await walk({ sortBy: 'name', sortOrder: 'ascend' });
    expect(names(up.rows)).toEqual(sorted);
    expect(up.totals).toEqual([5, 5, 5]);
    const down = await walk({ sortBy: 'name', sortOrder: 'descend' });
    expect(names(down.rows)).toEqual([...sorted].reverse());
    const byIp = await walk({ sortBy: 'ip', sortOrder: 'ascend' });
    expect(names(byIp.rows)).toEqual(['srt-e', 'srt-d', 'srt-c', 'srt-b', 'srt-a']);
    for (const rows of [up.rows, down.rows, byIp.rows]) {
      expect(rows.map((r) => r.multicastId).filter((id) => theirs.includes(id))).toEqual([]);
    }
  });

  it('keeps configs that tie on the update time in one order, so paging never repeats or skips one', async () => {
    const up = await walk({ sortBy: 'updateTime', sortOrder: 'ascend' });
    expect(names(up.rows)).toEqual(['srt-c', 'srt-e', 'srt-d', 'srt-a', 'srt-b']);
    const down = await walk({ sortBy: 'updateTime', sortOrder: 'descend' });
    expect(names(down.rows)).toEqual([...names(up.rows)].reverse());
    expect(new Set(down.rows.map((r) => r.multicastId)).size).toBe(5);
  });

  it('sorts ascending when no direction is given, and keeps the newest first without a sort', async () => {
    expect(names((await walk({})).rows)).toEqual(mine.map((r) => r.name).reverse());
    expect(names((await walk({ sortBy: 'name' })).rows)).toEqual(mine.map((r) => r.name).sort());
  });

  it('refuses a column the list cannot be sorted by, with the message in the caller language', async () => {
    await expectSortRefused(t, `${PAGE}?keyword=srt-`, token, ['robots', 'tenantId', 'name;drop']);
    expect(names((await walk({})).rows)).toEqual(mine.map((r) => r.name).reverse());
  });
});
