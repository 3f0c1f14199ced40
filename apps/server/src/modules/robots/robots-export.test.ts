import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, makeTenantPair } from '../../../test/factories.js';
import { sheetRows } from '../../../test/xlsx.js';
import { insertRobot } from './robots.repository.js';
import { newRobotKeyPair } from './robots.service.js';

const EXPORT = '/api/robot-server/robot/export';

describe('robot list export', () => {
  let t: TestApp;
  let token: string;
  let otherTenantId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const pair = await makeTenantPair(t, [`GET ${EXPORT}`]);
    ({ otherTenantId, token } = pair);
    const robot = (tenantId: number, serialNumber: string, name: string) =>
      insertRobot(t.db, tenantId, { productId: 'PR-1000', serialNumber, name, publicKey: newRobotKeyPair().publicKey });
    await robot(pair.tenantId, `EXA-${pair.tenantId}`, 'Alpha gate');
    await robot(pair.tenantId, `EXB-${pair.tenantId}`, 'Beta yard');
    await robot(otherTenantId, `EXC-${otherTenantId}`, 'Alpha of the other tenant');
    await robot(pair.tenantId, `EXD-${pair.tenantId}`, '=HYPERLINK("http://x.test","Alpha")');
  });
  afterAll(() => t.close());

  it('holds the robots the list shows with the same filters, titled in the caller language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${EXPORT}?keyword=Alpha&online=0`,
      headers: as(token, { lang: 'en-US' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Robots.xlsx');
    const rows = await sheetRows(res);
    expect(rows[0]).toEqual([
      'Name',
      'Serial number',
      'Product ID',
      'Presence',
      'Last seen',
      'Key version',
      'Registered',
    ]);
    // Only the tenant's own robots that match: not Beta, not the other tenant's Alpha; a name that a
    // spreadsheet would read as a formula stays text.
    expect(rows.slice(1).map((r) => [r[0], r[3]])).toEqual([
      ['\'=HYPERLINK("http://x.test","Alpha")', 'Offline'],
      ['Alpha gate', 'Offline'],
    ]);
  });

  it('never exports another tenant: asking for it is refused', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: EXPORT,
      headers: as(token, { 'tenant-id': String(otherTenantId) }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(403);
  });
});
