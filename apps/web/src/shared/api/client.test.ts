import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import { REQUEST_TIMEOUT_MS } from '@patrol/contracts';
import { i18n } from '@/shared/i18n';
import { STORAGE_KEYS } from '@/shared/storage';
import { ApiError } from './api-error';
import { configureApi } from './api-hooks';
import { downloadXlsx, get, postJson, upload } from './client';
import { reportError } from './report';
import { resetUnauthorized } from './unauthorized';

const hooks = { showError: vi.fn(), showStateError: vi.fn(), endSession: vi.fn() };

function respond(status: number, body: unknown) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

function signIn() {
  Cookies.set(STORAGE_KEYS.loginCookie, '1');
  localStorage.setItem(STORAGE_KEYS.token, 'secret-token');
  localStorage.setItem(STORAGE_KEYS.menuList, 'home|path');
  localStorage.setItem(STORAGE_KEYS.tenantId, '7');
  localStorage.setItem(STORAGE_KEYS.language, 'en-US');
}

/** The call's failure, as the query cache reports it (the client itself shows nothing but a 401). */
const reported = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => {
      reportError(error);
      throw error;
    },
  );

describe('api client', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    configureApi(hooks);
    resetUnauthorized();
    Object.values(hooks).forEach((hook) => hook.mockReset());
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    Cookies.remove(STORAGE_KEYS.loginCookie);
  });

  it('returns envelope A data and sends token, language, tenant and cookies', async () => {
    signIn();
    fetchMock.mockReturnValue(respond(200, { code: 200, message: 'ok', data: { answer: 42 } }));
    await expect(get('system-server/x', { query: { index: 1, read: '' } })).resolves.toEqual({ answer: 42 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/system-server/x?index=1&read=');
    expect(init.credentials).toBe('include');
    expect(init.headers).toMatchObject({ authorization: 'Bearer secret-token', lang: 'en-US', 'tenant-id': '7' });
  });

  it('sends tenant 1 and no authorization before sign-in', async () => {
    fetchMock.mockReturnValue(respond(200, { code: 200, message: 'ok', data: null }));
    await postJson('system-server/auth/login', { account: 'a' });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'tenant-id': '1', 'content-type': 'application/json' });
    expect(init.headers).not.toHaveProperty('authorization');
    expect(init.body).toBe('{"account":"a"}');
  });

  it('on 401 clears the session, says so once and goes to login', async () => {
    signIn();
    fetchMock.mockImplementation(() => respond(401, { code: 401, message: 'expired', data: null }));
    const calls = [get('a'), get('b')];
    for (const call of calls) await expect(call).rejects.toMatchObject({ kind: 'unauthorized', code: 401 });
    expect(hooks.endSession).toHaveBeenCalledTimes(1);
    expect(hooks.endSession).toHaveBeenCalledWith('/login');
    expect(hooks.showError).toHaveBeenCalledTimes(1);
    expect(hooks.showError).toHaveBeenCalledWith('Your login information has expired, please log in again');
    expect(Cookies.get(STORAGE_KEYS.loginCookie)).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.menuList)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en-US');
  });

  it('on 401 under external access goes to external-login and asks to check the parameters', async () => {
    signIn();
    sessionStorage.setItem(STORAGE_KEYS.external, '1');
    fetchMock.mockReturnValue(respond(401, { code: 401, message: 'expired', data: null }));
    await expect(get('a')).rejects.toBeInstanceOf(ApiError);
    expect(hooks.endSession).toHaveBeenCalledWith('/external-login');
    expect(hooks.showError).toHaveBeenCalledWith('Please check the input parameters');
  });

  it('leaves the session alone on a silent 401 (a wrong password at login)', async () => {
    signIn();
    fetchMock.mockReturnValue(respond(401, { code: 401, message: 'Wrong account or password', data: null }));
    await expect(reported(postJson('system-server/auth/login', {}, { silent: true }))).rejects.toMatchObject({
      message: 'Wrong account or password',
    });
    expect(hooks.endSession).not.toHaveBeenCalled();
    expect(hooks.showError).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('secret-token');
  });

  it('shows the server message of any other code, once, when the query cache reports it', async () => {
    fetchMock.mockImplementation(() => respond(409, { code: 409, message: 'Already exists', data: null }));
    await expect(postJson('x', {})).rejects.toMatchObject({ kind: 'http', code: 409 });
    expect(hooks.showError).not.toHaveBeenCalled();
    await expect(reported(postJson('x', {}))).rejects.toMatchObject({ kind: 'http', code: 409 });
    expect(hooks.showError).toHaveBeenCalledWith('Already exists');
  });

  it('reports envelope B state 0 with the server msg', async () => {
    fetchMock.mockReturnValue(respond(200, { state: 0, msg: 'The old password is wrong', message: '', data: null }));
    await expect(reported(postJson('system-server/user/updatePwd', {}))).rejects.toMatchObject({
      kind: 'state',
      message: 'The old password is wrong',
    });
    expect(hooks.showStateError).toHaveBeenCalledWith('The old password is wrong');
    expect(hooks.showError).not.toHaveBeenCalled();
  });

  it('returns envelope B data on state 1', async () => {
    fetchMock.mockReturnValue(respond(200, { state: 1, msg: 'ok', message: 'ok', data: true }));
    await expect(postJson('system-server/user/updatePwd', {})).resolves.toBe(true);
  });

  it('says "network error" when fetch fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(reported(get('x'))).rejects.toMatchObject({ kind: 'network' });
    expect(hooks.showError).toHaveBeenCalledWith('Network error, please contact the administrator');
  });

  it('says "request timeout" after 50 s without an answer and aborts the call', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    fetchMock.mockImplementation((_url: string, init: RequestInit) => {
      signal = init.signal ?? undefined;
      return new Promise(() => {});
    });
    const call = reported(get('slow'));
    const outcome = expect(call).rejects.toMatchObject({ kind: 'timeout', message: 'Request timeout' });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(hooks.showError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(signal?.aborted).toBe(true);
    expect(hooks.showError).toHaveBeenCalledWith('Request timeout');
  });

  it('translates the failures into the current language', async () => {
    await i18n.changeLanguage('zh-CN');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(get('x')).rejects.toMatchObject({ message: '网络错误，请联系管理员' });
  });

  describe('upload', () => {
    class FakeXhr {
      static last: FakeXhr;
      method = '';
      url = '';
      headers: Record<string, string> = {};
      body: unknown;
      status = 0;
      responseText = '';
      withCredentials = false;
      timeout = 0;
      upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      ontimeout: (() => void) | null = null;
      open(method: string, url: string) {
        this.method = method;
        this.url = url;
        FakeXhr.last = this;
      }
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      send(body: unknown) {
        this.body = body;
      }
      abort() {}
    }

    beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));

    it('posts multipart with the usual headers and reports progress', async () => {
      signIn();
      const onProgress = vi.fn();
      const form = new FormData();
      const call = upload<{ fileId: number }>('voice-server/audio/upload', form, onProgress);
      const xhr = FakeXhr.last;
      expect(xhr.method).toBe('POST');
      expect(xhr.url).toBe('/api/voice-server/audio/upload');
      expect(xhr.withCredentials).toBe(true);
      expect(xhr.timeout).toBe(REQUEST_TIMEOUT_MS);
      expect(xhr.headers).toMatchObject({ authorization: 'Bearer secret-token', lang: 'en-US', 'tenant-id': '7' });
      expect(xhr.body).toBe(form);
      xhr.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
      expect(onProgress).toHaveBeenCalledWith({ loaded: 25, total: 100, percent: 25 });
      xhr.status = 200;
      xhr.responseText = JSON.stringify({ code: 200, message: 'ok', data: { fileId: 3 } });
      xhr.onload?.();
      await expect(call).resolves.toEqual({ fileId: 3 });
    });

    it('reports a time-out and a server refusal', async () => {
      const slow = reported(upload('x', new FormData()));
      FakeXhr.last.ontimeout?.();
      await expect(slow).rejects.toMatchObject({ kind: 'timeout' });
      expect(hooks.showError).toHaveBeenCalledWith('Request timeout');

      const refused = reported(upload('x', new FormData()));
      FakeXhr.last.status = 422;
      FakeXhr.last.responseText = JSON.stringify({ code: 422, message: 'MP3 only', data: null });
      FakeXhr.last.onload?.();
      await expect(refused).rejects.toMatchObject({ kind: 'http', code: 422 });
      expect(hooks.showError).toHaveBeenCalledWith('MP3 only');
    });
  });

  describe('downloadXlsx', () => {
    it('saves the answer as <name>.xlsx through an anchor', async () => {
      const saved: string[] = [];
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        saved.push(this.download);
      });
      fetchMock.mockResolvedValue(
        new Response(new Blob(['xlsx']), {
          status: 200,
          headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        }),
      );
      await downloadXlsx('log-server/login/export', 'login-log', { query: { from: '2026-01-01' } });
      expect(fetchMock.mock.calls[0]![0]).toBe('/api/log-server/login/export?from=2026-01-01');
      expect(saved).toEqual(['login-log.xlsx']);
      click.mockRestore();
    });

    it('reports an error answer instead of saving it', async () => {
      fetchMock.mockReturnValue(
        respond(403, { code: 403, message: 'You do not have permission to do this', data: null }),
      );
      await expect(reported(downloadXlsx('x', 'y'))).rejects.toMatchObject({ kind: 'http', code: 403 });
      expect(hooks.showError).toHaveBeenCalledWith('You do not have permission to do this');
    });
  });
});

describe('reportError', () => {
  beforeEach(() => {
    configureApi(hooks);
    Object.values(hooks).forEach((hook) => hook.mockReset());
  });

  it('shows one failure once, and never a silent one or a 401', () => {
    const error = new ApiError('http', 409, 'Already exists');
    reportError(error);
    reportError(error);
    expect(hooks.showError).toHaveBeenCalledTimes(1);
    const silent = new ApiError('http', 401, 'Wrong account or password');
    silent.silent = true;
    reportError(silent);
    reportError(new ApiError('unauthorized', 401, 'expired'));
    expect(hooks.showError).toHaveBeenCalledTimes(1);
  });
});
