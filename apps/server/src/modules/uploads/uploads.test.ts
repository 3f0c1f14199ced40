import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, makeTenantPair } from '../../../test/factories.js';
import { sheetRows } from '../../../test/xlsx.js';
import { insertUploadRecord } from './uploads.repository.js';

const EXPORT = '/api/robot-server/upload/export';

describe('data upload record export', () => {
  let t: TestApp;
  let token: string;
  let otherTenantId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const pair = await makeTenantPair(t, [`GET ${EXPORT}`]);
    ({ otherTenantId, token } = pair);
    const upload = (tenantId: number, robotName: string, name: string) =>
      insertUploadRecord(t.db, {
        tenantId,
        messageId: `${name}-${tenantId}`,
        robotId: 1,
        robotName,
        serialNumber: `UP-${tenantId}`,
        topic: `patrol/UP-${tenantId}/upload`,
        kind: 'image',
        name,
        size: 2048,
        uploadedAt: new Date(),
      });
    await upload(pair.tenantId, 'Gate robot', 'gate.jpg');
    await upload(pair.tenantId, 'Yard robot', 'yard.jpg');
    await upload(otherTenantId, 'Gate robot of the other tenant', 'other.jpg');
  });
  afterAll(() => t.close());

  it('holds the records the list shows with the same filters, titled in the caller language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${EXPORT}?keyword=Gate`,
      headers: as(token, { lang: 'en-US' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Data%20upload%20records.xlsx');
    const rows = await sheetRows(res);
    expect(rows[0]!.slice(3, 8)).toEqual(['Robot', 'Serial number', 'Kind', 'File name', 'Size (bytes)']);
    expect(rows.slice(1).map((r) => [r[3], r[6], r[7]])).toEqual([['Gate robot', 'gate.jpg', '2048']]);
  });

  it("never exports another tenant's records: asking for them is refused", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: EXPORT,
      headers: as(token, { 'tenant-id': String(otherTenantId) }),
    });
    expect(res.statusCode).toBe(403);
  });
});
