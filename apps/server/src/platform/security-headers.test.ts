import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY, registerSecurityHeaders } from './security-headers.js';

describe('security headers', () => {
  const app = Fastify();
  beforeAll(async () => {
    await registerSecurityHeaders(app);
    app.get('/', async () => ({ ok: true }));
    app.get('/api/thing', async () => ({ ok: true }));
    app.get('/apix', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  const csp = async (host: string) =>
    String((await app.inject({ method: 'GET', url: '/', headers: { host } })).headers['content-security-policy']);

  it("give each host its own socket origins, also when a host's headers were kept before", async () => {
    for (let round = 0; round < 2; round++) {
      expect(await csp('a.example:8080')).toContain("connect-src 'self' ws://a.example:8080 wss://a.example:8080");
      expect(await csp('b.example')).toContain("connect-src 'self' ws://b.example wss://b.example");
      expect(await csp('bad host; x')).toContain("connect-src 'self' 'self' 'self'");
    }
  });

  it('set the whole helmet set on every answer', async () => {
    const res = await app.inject({ method: 'GET', url: '/', headers: { host: 'a.example' } });
    expect(res.headers).toMatchObject({
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
  });

  it('mark API answers not to be stored, and only those', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/thing' })).headers['cache-control']).toBe('no-store');
    expect((await app.inject({ method: 'GET', url: '/api/thing?x=1' })).headers['cache-control']).toBe('no-store');
    expect((await app.inject({ method: 'GET', url: '/api/nothing-here' })).headers['cache-control']).toBe('no-store');
    expect((await app.inject({ method: 'GET', url: '/' })).headers['cache-control']).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/apix' })).headers['cache-control']).toBeUndefined();
  });

  it('allow microphone and camera to the console itself only, and no other sensitive feature', async () => {
    const policy = String((await app.inject({ method: 'GET', url: '/api/thing' })).headers['permissions-policy']);
    expect(policy).toBe(PERMISSIONS_POLICY);
    const entries = policy.split(', ');
    expect(entries).toContain('microphone=(self)');
    expect(entries).toContain('camera=(self)');
    expect(entries).toContain('geolocation=()');
    for (const entry of entries) expect(entry).toMatch(/^[a-z-]+=\((self)?\)$/);
    expect((await app.inject({ method: 'GET', url: '/' })).headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  });

  it('send HSTS over HTTPS only, trusting X-Forwarded-Proto only from a trusted proxy', async () => {
    const hsts = 'max-age=31536000; includeSubDomains';
    // Plain HTTP, and a forged X-Forwarded-Proto without a trusted proxy.
    expect((await app.inject({ method: 'GET', url: '/' })).headers['strict-transport-security']).toBeUndefined();
    const forged = await app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();

    const proxied = Fastify({ trustProxy: true });
    await registerSecurityHeaders(proxied);
    proxied.get('/api/thing', async () => ({ ok: true }));
    await proxied.ready();
    try {
      const https = await proxied.inject({
        method: 'GET',
        url: '/api/thing',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toBe(hsts);
      const http = await proxied.inject({ method: 'GET', url: '/api/thing', headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});
