import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineRoute, robotsApi, SESSION_ERRORS, usersApi } from '@patrol/contracts';
import { z } from 'zod';
import { i18n } from '@/shared/i18n';
import { configureApi } from './api-hooks';
import { call, download } from './call';
import { resetUnauthorized } from './unauthorized';

const hooks = { showError: vi.fn(), showStateError: vi.fn(), endSession: vi.fn() };

function respond(body: unknown) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
}

const robot = {
  robotId: 3,
  productId: 'PR-1000',
  serialNumber: 'SN-3',
  name: 'Gate patrol',
  publicKey: 'key',
  keyVersion: 1,
  online: true,
  lastSeenTime: null,
  stationId: null,
  stationName: null,
  stoppedForRepair: false,
  createTime: '2026-11-24 01:00:00',
};

describe('call', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    configureApi(hooks);
    resetUnauthorized();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('GETs the descriptor path below the API base with the query, and answers the data', async () => {
    fetchMock.mockReturnValue(respond({ code: 200, message: 'success', data: { rows: [robot], total: 1 } }));
    const page = await call(robotsApi.pageRobots, { query: { index: 2, size: 10, keyword: 'gate', online: '1' } });
    expect(page.rows[0]!.name).toBe('Gate patrol');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/robot-server/robot/page?index=2&size=10&keyword=gate&online=1');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('POSTs the body as JSON with the descriptor method and path', async () => {
    fetchMock.mockReturnValue(respond({ code: 200, message: 'success', data: null }));
    await expect(call(robotsApi.deleteRobot, { body: { robotId: 3 } })).resolves.toBeNull();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/robot-server/robot/delete');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ robotId: 3 });
  });

  it('fills path parameters from params', async () => {
    const byId = defineRoute({
      method: 'GET',
      path: '/robot-server/robot/:robotId/detail',
      operationId: 'robotDetail',
      summary: 'One robot',
      tags: ['robots'],
      access: 'grant',
      params: z.object({ robotId: z.number() }),
      data: z.object({ robotId: z.number() }),
      errors: SESSION_ERRORS,
    });
    fetchMock.mockReturnValue(respond({ code: 200, message: 'success', data: { robotId: 9 } }));
    await expect(call(byId, { params: { robotId: 9 } })).resolves.toEqual({ robotId: 9 });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/robot-server/robot/9/detail');
  });

  it('reports an answer that breaks the contract in development, and still answers it', async () => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockReturnValue(respond({ code: 200, message: 'success', data: { rows: [{ robotId: 'x' }], total: 1 } }));
    const page = await call(robotsApi.pageRobots, { query: {} });
    expect(page.total).toBe(1);
    expect(reported).toHaveBeenCalledWith(
      'The answer of pageRobots does not match its contract.',
      expect.arrayContaining([expect.objectContaining({ path: ['rows', 0, 'robotId'] })]),
    );
  });

  it('says nothing of an answer that keeps the contract', async () => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockReturnValue(respond({ code: 200, message: 'success', data: { rows: [robot], total: 1 } }));
    await call(robotsApi.pageRobots, { query: {} });
    expect(reported).not.toHaveBeenCalled();
  });

  it('downloads a file route with the list filters in the query', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fetchMock.mockReturnValue(
      Promise.resolve(
        new Response(new Blob(['xlsx']), { status: 200, headers: { 'content-type': 'application/octet-stream' } }),
      ),
    );
    await download(usersApi.exportUsers, { query: { keyword: 'ann', status: 1 } }, 'Users');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/system-server/user/export?keyword=ann&status=1');
    expect(click).toHaveBeenCalledTimes(1);
  });
});
