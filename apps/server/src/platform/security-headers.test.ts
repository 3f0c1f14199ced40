import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.js';

describe('security headers', () => {
  const app = Fastify();
  beforeAll(async () => {
    await registerSecurityHeaders(app);
    app.get('/', async () => ({ ok: true }));
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
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
  });
});
