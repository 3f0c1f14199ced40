import { type UploadRecordRow } from '@patrol/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, makeTenantPair } from '../../../test/factories.js';
import { expectSortRefused, walkPages } from '../../../test/pages.js';
import { sheetRows } from '../../../test/xlsx.js';
import { insertUploadRecord } from './uploads.repository.js';

const PAGE = '/api/robot-server/upload/page';
const EXPORT = '/api/robot-server/upload/export';

const at = (day: number) => new Date(`2026-11-0${day}T08:00:00Z`);

describe('data upload records sorted by the server', () => {
  let t: TestApp;
  let token: string;
  /** The tenant's records by file name, in the order they were received. */
  const names = ['srt-c.jpg', 'srt-a.jpg', 'srt-e.jpg', 'srt-b.jpg', 'srt-d.jpg'];
  // Three files taken at one moment, and three of one size: rows tie on both.
  const taken = [at(2), at(1), at(2), at(3), at(2)];
  const sizes = [2048, 4096, 1024, 2048, 2048];
  const theirs: number[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    const pair = await makeTenantPair(t, [`GET ${PAGE}`, `GET ${EXPORT}`]);
    token = pair.token;
    const make = (tenantId: number, name: string, uploadedAt: Date, size: number, receivedAt: Date) =>
      insertUploadRecord(t.db, {
        tenantId,
        messageId: `${name}-${tenantId}`,
        robotId: 1,
        robotName: 'Srt robot',
        serialNumber: `SRT-${tenantId}`,
        topic: `patrol/SRT-${tenantId}/upload`,
        kind: 'image',
        name,
        size,
        uploadedAt,
        receivedAt,
      });
    for (const [i, name] of names.entries()) {
      await make(pair.tenantId, name, taken[i]!, sizes[i]!, new Date(at(4).getTime() + i * 1000));
    }
    for (const name of ['srt-aa.jpg', 'srt-bb.jpg']) {
      theirs.push((await make(pair.otherTenantId, name, at(2), 2048, at(4))).id);
    }
  });
  afterAll(() => t.close());

  const namesOf = (rows: UploadRecordRow[]) => rows.map((r) => r.name);
  const walk = (query: Record<string, string>) =>
    walkPages<UploadRecordRow>(t, PAGE, token, { keyword: 'srt-', ...query });

  it('orders every page by the file name both ways and never shows another tenant', async () => {
    const up = await walk({ sortBy: 'name', sortOrder: 'ascend' });
    expect(namesOf(up.rows)).toEqual([...names].sort());
    expect(up.totals).toEqual([5, 5, 5]);
    const down = await walk({ sortBy: 'name', sortOrder: 'descend' });
    expect(namesOf(down.rows)).toEqual([...names].sort().reverse());
    for (const rows of [up.rows, down.rows]) {
      expect(rows.map((r) => r.uploadId).filter((id) => theirs.includes(id))).toEqual([]);
    }
  });

  it('keeps records that tie on the upload time or the size in one order, so paging never repeats or skips one', async () => {
    const byTime = await walk({ sortBy: 'uploadTime', sortOrder: 'ascend' });
    expect(namesOf(byTime.rows)).toEqual(['srt-a.jpg', 'srt-c.jpg', 'srt-e.jpg', 'srt-d.jpg', 'srt-b.jpg']);
    const byTimeDown = await walk({ sortBy: 'uploadTime', sortOrder: 'descend' });
    expect(namesOf(byTimeDown.rows)).toEqual([...namesOf(byTime.rows)].reverse());
    const bySize = await walk({ sortBy: 'size' });
    expect(namesOf(bySize.rows)).toEqual(['srt-e.jpg', 'srt-c.jpg', 'srt-b.jpg', 'srt-d.jpg', 'srt-a.jpg']);
    const bySizeDown = await walk({ sortBy: 'size', sortOrder: 'descend' });
    expect(namesOf(bySizeDown.rows)).toEqual([...namesOf(bySize.rows)].reverse());
    expect(new Set(bySizeDown.rows.map((r) => r.uploadId)).size).toBe(5);
  });

  it('sorts by the receive time, and keeps the last received first without a sort', async () => {
    expect(namesOf((await walk({ sortBy: 'receiveTime' })).rows)).toEqual(names);
    expect(namesOf((await walk({})).rows)).toEqual([...names].reverse());
  });

  it('refuses a column the list cannot be sorted by, with the message in the caller language', async () => {
    await expectSortRefused(t, `${PAGE}?keyword=srt-`, token, ['kind', 'data', 'name;drop']);
    expect(namesOf((await walk({})).rows)).toEqual([...names].reverse());
  });

  it('exports the records in the order the list is sorted', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${EXPORT}?keyword=srt-&sortBy=size&sortOrder=descend`,
      headers: as(token, { lang: 'en-US' }),
    });
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res);
    // The file name is the sheet's seventh column.
    expect(rows.slice(1).map((r) => r[6])).toEqual(['srt-a.jpg', 'srt-d.jpg', 'srt-b.jpg', 'srt-c.jpg', 'srt-e.jpg']);
  });
});
