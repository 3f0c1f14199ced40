import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { get } from '@/shared/api/client';
import { i18n, translateMessage } from '@/shared/i18n';
import { clearErrors, getErrors } from './error-store';

const answer = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('failed API calls in the error log', () => {
  const fetchMock = vi.fn();

  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    clearErrors();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('logs an envelope error with its code, the server message and the path without its query', async () => {
    fetchMock.mockReturnValue(answer(404, { code: 404, message: 'The diagnostics code is wrong or has expired' }));
    await expect(
      get('system-server/diagnostics', { query: { code: 'secret-code-1' }, silent: true }),
    ).rejects.toThrow();
    expect(getErrors()).toEqual([
      expect.objectContaining({
        type: 'request',
        code: 404,
        message: 'The diagnostics code is wrong or has expired',
        url: '/system-server/diagnostics',
      }),
    ]);
    expect(JSON.stringify(getErrors())).not.toContain('secret-code-1');
  });

  it('logs a call that got no answer with code 0 and the network message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(get('robot-server/robot/page', { silent: true })).rejects.toThrow();
    expect(getErrors()[0]).toMatchObject({ type: 'request', code: 0, url: '/robot-server/robot/page' });
    expect(getErrors()[0]!.message).toBe(translateMessage('errors.networkError'));
  });

  it('logs nothing for a call that succeeds', async () => {
    fetchMock.mockReturnValue(answer(200, { code: 200, message: 'ok', data: 1 }));
    await get('system-server/health');
    expect(getErrors()).toEqual([]);
  });
});
