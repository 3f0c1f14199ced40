import { type CommandRecord, type CommandReplyRow } from '@patrol/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, makeTenantPair } from '../../../test/factories.js';
import { expectSortRefused, walkPages } from '../../../test/pages.js';
import { sheetRows } from '../../../test/xlsx.js';
import { insertCommandRecord, insertCommandReply } from './commands.repository.js';

const PAGE = '/api/robot-server/cmd/page';
const EXPORT = '/api/robot-server/cmd/export';
const REPLY_PAGE = '/api/robot-server/cmd/reply/page';
const REPLY_EXPORT = '/api/robot-server/cmd/reply/export';

const at = (day: number) => new Date(`2026-11-0${day}T08:00:00Z`);

describe('command records sorted by the server', () => {
  let t: TestApp;
  let token: string;
  /** The tenant's records and replies (same wire ids), in the order they were made. */
  const ids = ['srt-1', 'srt-2', 'srt-3', 'srt-4', 'srt-5'];
  // Three records sent (and replied to) at one moment, two at others; operators likewise tie.
  const times = [at(2), at(1), at(2), at(3), at(2)];
  const operators = ['Carol', null, 'Alice', 'Carol', 'Bob'];
  const theirs: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    const pair = await makeTenantPair(t, [`GET ${PAGE}`, `GET ${EXPORT}`, `GET ${REPLY_PAGE}`, `GET ${REPLY_EXPORT}`]);
    token = pair.token;
    const make = async (tenantId: number, commandId: string, time: Date, operatorName: string | null) => {
      const common = { tenantId, commandId, robotId: 1, robotName: 'Srt robot', serialNumber: `SRT-${tenantId}` };
      await insertCommandRecord(t.db, {
        ...common,
        topic: `patrol/SRT-${tenantId}/cmd`,
        name: 'lights',
        args: {},
        status: 'done',
        operatorName,
        publishedAt: time,
        expiresAt: new Date(time.getTime() + 30_000),
      });
      await insertCommandReply(t.db, {
        ...common,
        topic: `patrol/SRT-${tenantId}/cmd/reply`,
        commandName: 'lights',
        phase: 'sync',
        code: 0,
        receivedAt: time,
      });
    };
    for (const [i, id] of ids.entries()) await make(pair.tenantId, id, times[i]!, operators[i]!);
    // The other tenant's fall between them in every order.
    for (const [i, id] of ['srt-1x', 'srt-3x'].entries()) {
      theirs.push(id);
      await make(pair.otherTenantId, id, at(i + 1), 'Anna');
    }
  });
  afterAll(() => t.close());

  const walk = (query: Record<string, string>) =>
    walkPages<CommandRecord>(t, PAGE, token, { keyword: 'srt-', ...query }).then((p) => ({
      ...p,
      ids: p.rows.map((r) => r.commandId),
    }));
  const walkReplies = (query: Record<string, string>) =>
    walkPages<CommandReplyRow>(t, REPLY_PAGE, token, { keyword: 'srt-', ...query }).then((p) => ({
      ...p,
      ids: p.rows.map((r) => r.commandId),
    }));

  it('orders every page of the dispatch records by the publish time both ways, ties by id', async () => {
    const up = await walk({ sortBy: 'publishTime', sortOrder: 'ascend' });
    expect(up.ids).toEqual(['srt-2', 'srt-1', 'srt-3', 'srt-5', 'srt-4']);
    expect(up.totals).toEqual([5, 5, 5]);
    const down = await walk({ sortBy: 'publishTime', sortOrder: 'descend' });
    expect(down.ids).toEqual([...up.ids].reverse());
    for (const rows of [up.ids, down.ids]) expect(rows.filter((id) => theirs.includes(id))).toEqual([]);
  });

  it('orders the dispatch records by the operator, those without one last, ties by id', async () => {
    const up = await walk({ sortBy: 'operatorName' });
    expect(up.ids).toEqual(['srt-3', 'srt-5', 'srt-1', 'srt-4', 'srt-2']);
    const down = await walk({ sortBy: 'operatorName', sortOrder: 'descend' });
    expect(down.ids).toEqual([...up.ids].reverse());
    expect(new Set(down.ids).size).toBe(5);
  });

  it('orders every page of the replies by the receive time both ways, ties by id', async () => {
    const up = await walkReplies({ sortBy: 'receiveTime', sortOrder: 'ascend' });
    expect(up.ids).toEqual(['srt-2', 'srt-1', 'srt-3', 'srt-5', 'srt-4']);
    expect(up.totals).toEqual([5, 5, 5]);
    const down = await walkReplies({ sortBy: 'receiveTime', sortOrder: 'descend' });
    expect(down.ids).toEqual([...up.ids].reverse());
    for (const rows of [up.ids, down.ids]) expect(rows.filter((id) => theirs.includes(id))).toEqual([]);
  });

  it('keeps the newest first without a sort', async () => {
    expect((await walk({})).ids).toEqual(['srt-4', 'srt-5', 'srt-3', 'srt-1', 'srt-2']);
    expect((await walkReplies({})).ids).toEqual(['srt-4', 'srt-5', 'srt-3', 'srt-1', 'srt-2']);
  });

  it('refuses a column either list cannot be sorted by, with the message in the caller language', async () => {
    await expectSortRefused(t, `${PAGE}?keyword=srt-`, token, ['status', 'receiveTime', 'code;drop']);
    await expectSortRefused(t, `${REPLY_PAGE}?keyword=srt-`, token, ['publishTime', 'status', 'code;drop']);
    expect((await walk({})).ids).toEqual(['srt-4', 'srt-5', 'srt-3', 'srt-1', 'srt-2']);
  });

  it('exports both lists in the order they are sorted', async () => {
    for (const [url, sortBy, column] of [
      [EXPORT, 'publishTime', 2],
      [REPLY_EXPORT, 'receiveTime', 2],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${url}?keyword=srt-&sortBy=${sortBy}&sortOrder=ascend`,
        headers: as(token, { lang: 'en-US' }),
      });
      expect(res.statusCode).toBe(200);
      const rows = await sheetRows(res);
      expect(rows.slice(1).map((r) => r[column])).toEqual(['srt-2', 'srt-1', 'srt-3', 'srt-5', 'srt-4']);
    }
  });
});
