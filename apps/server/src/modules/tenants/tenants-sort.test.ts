import { type TenantRow } from '@patrol/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { login, makeTenant, makeUser } from '../../../test/factories.js';
import { expectSortRefused, walkPages } from '../../../test/pages.js';
import { ADMIN_ACCOUNT } from '../../seed.js';

const PAGE = '/api/system-server/tenant/page';

describe('tenants list sorted by the server', () => {
  let t: TestApp;
  let root: string;
  /** Tenant ids in the order they were made, and how many users each has. */
  const made: { id: number; users: number }[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    root = await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
    // Two tenants have as many users as each other.
    for (const [i, users] of [2, 0, 3, 2, 1].entries()) {
      const tenant = await makeTenant(t, { code: `srt${i}`, name: `Sorted ${'edcba'[i]}` });
      for (let n = 0; n < users; n++) await makeUser(t, tenant.id);
      made.push({ id: tenant.id, users });
    }
  });
  afterAll(() => t.close());

  const walk = (query: Record<string, string>) => walkPages<TenantRow>(t, PAGE, root, { keyword: 'srt', ...query });

  it('orders every page by the user count both ways, ties in one order', async () => {
    const up = await walk({ sortBy: 'userCount', sortOrder: 'ascend' });
    expect(up.rows.map((r) => r.userCount)).toEqual([0, 1, 2, 2, 3]);
    // The two with 2 users: the older first.
    expect(up.rows.slice(2, 4).map((r) => r.tenantId)).toEqual([made[0]!.id, made[3]!.id]);
    const down = await walk({ sortBy: 'userCount', sortOrder: 'descend' });
    expect(down.rows.map((r) => r.tenantId)).toEqual(up.rows.map((r) => r.tenantId).reverse());
  });

  it('orders by name and code, and keeps the newest first without a sort', async () => {
    const byName = await walk({ sortBy: 'tenantName', sortOrder: 'ascend' });
    expect(byName.rows.map((r) => r.tenantName)).toEqual(['Sorted a', 'Sorted b', 'Sorted c', 'Sorted d', 'Sorted e']);
    const byCode = await walk({ sortBy: 'tenantCode', sortOrder: 'descend' });
    expect(byCode.rows.map((r) => r.tenantCode)).toEqual(['srt4', 'srt3', 'srt2', 'srt1', 'srt0']);
    const plain = await walk({});
    expect(plain.rows.map((r) => r.tenantId)).toEqual(made.map((m) => m.id).reverse());
  });

  it('refuses a column the list cannot be sorted by, in the caller language', async () => {
    await expectSortRefused(t, `${PAGE}?sortOrder=descend`, root, ['adminPhone', 'remark', 'tenantName;drop']);
  });
});
