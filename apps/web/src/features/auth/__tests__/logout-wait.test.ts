import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/shared/storage';
import { endSession, LOGOUT_WAIT_MS } from '../hooks/use-logout';

function signIn() {
  Cookies.set(STORAGE_KEYS.loginCookie, '1');
  localStorage.setItem(STORAGE_KEYS.token, 'secret-token');
}

describe('signing out', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the server to end the session with the token, and goes to login once it answered', async () => {
    signIn();
    const fetchMock = vi.fn(() =>
      Promise.resolve(new Response(JSON.stringify({ code: 200, message: 'success', data: null }), { status: 200 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const go = vi.fn();
    const started = Date.now();
    await endSession(go);
    expect(Date.now() - started).toBeLessThan(LOGOUT_WAIT_MS);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/logout');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer secret-token');
    expect(go).toHaveBeenCalledWith('/login');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('does not keep the user waiting on a server that does not answer: login after LOGOUT_WAIT_MS', async () => {
    signIn();
    // A server that takes the request and never answers.
    const fetchMock = vi.fn(() => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetchMock);
    const go = vi.fn();
    const started = Date.now();
    await endSession(go);
    const waited = Date.now() - started;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(waited).toBeGreaterThanOrEqual(LOGOUT_WAIT_MS - 50);
    expect(waited).toBeLessThan(LOGOUT_WAIT_MS + 1000);
    expect(go).toHaveBeenCalledWith('/login');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(Cookies.get(STORAGE_KEYS.loginCookie)).toBeUndefined();
  });
});
