import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, TEST_ADMIN_PASSWORD, type TestApp } from '../test/create-test-app.js';
import { as, digest, login } from '../test/factories.js';
import { allRoutes, MASK } from '@patrol/contracts';
import { sql } from 'drizzle-orm';
import { buildApp, loggerOptions } from './app.js';
import { listResources } from './modules/resources/resources.repository.js';
import { API_PREFIX } from './platform/auth.js';
import { formatOpenApi, OPENAPI_FILE } from './export-openapi.js';
import { loadConfig } from './platform/config.js';
import { seed } from './seed.js';

type Operation = { operationId?: string; summary?: string; security?: unknown[] };

describe('OpenAPI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is served at /docs/json with a unique, readable operationId and a summary on every operation', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
    expect(doc.openapi).toBe('3.1.0');
    const ops = Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.entries(methods).map(([m, op]) => ({ key: `${m.toUpperCase()} ${p}`, ...op })),
    );
    expect(ops.length).toBeGreaterThanOrEqual(11);
    for (const op of ops) {
      expect(op.operationId, op.key).toMatch(/^[a-z][A-Za-z]+$/);
      expect(op.summary, op.key).toBeTruthy();
    }
    expect(new Set(ops.map((o) => o.operationId)).size).toBe(ops.length);
    const byId = Object.fromEntries(ops.map((o) => [o.operationId, o]));
    for (const id of ['login', 'getHealth', 'externalLogin', 'issueExternalToken', 'openConsoleSocket']) {
      expect(byId[id]!.security, id).toEqual([]);
    }
    expect(byId.publishNotice!.security).toEqual([{ bearerAuth: [] }]);
    expect(byId.updatePassword!.key).toBe('POST /api/system-server/user/updatePwd');
  });

  it('matches the committed openapi.json (regenerate with `npm run openapi -w @patrol/server`)', async () => {
    expect(formatOpenApi(await t.app.openApiDocument())).toBe(await readFile(OPENAPI_FILE, 'utf8'));
  });

  it('registers every API route from its descriptor, and every descriptor as a route', async () => {
    const doc = (await t.app.openApiDocument()) as { paths: Record<string, Record<string, Operation>> };
    const registered = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith(`${API_PREFIX}/`))
      .flatMap(([p, methods]) => Object.entries(methods).map(([m, op]) => `${m.toUpperCase()} ${p} ${op.operationId}`));
    // The console socket is the one route that is not a call (a WebSocket upgrade).
    const described = [
      ...allRoutes.map((r) => `${r.method} ${API_PREFIX}${r.path.replace(/:(\w+)/g, '{$1}')} ${r.operationId}`),
      `GET ${API_PREFIX}/ws/msg/{userId} openConsoleSocket`,
    ];
    expect(registered.sort()).toEqual(described.sort());
    // Resources (route + method, registered at start-up) are the same set.
    const resources = (await listResources(t.db)).map((r) => `${r.method} ${r.route}`);
    expect(resources.sort()).toEqual(
      described
        .map((d) =>
          d
            .split(' ')
            .slice(0, 2)
            .join(' ')
            .replace(/\{(\w+)\}/g, ':$1'),
        )
        .sort(),
    );
    // Access comes from the descriptor.
    const byRoute = new Map((await listResources(t.db)).map((r) => [`${r.method} ${r.route}`, r.access]));
    for (const r of allRoutes) expect(byRoute.get(`${r.method} ${API_PREFIX}${r.path}`), r.operationId).toBe(r.access);
  });

  it('serves Swagger UI at /docs without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger-ui');
    const css = await t.app.inject({ method: 'HEAD', url: '/docs/static/swagger-ui.css' });
    expect(css.statusCode).toBe(200);
    expect(Number(css.headers['content-length'])).toBeGreaterThan(0);
    expect(css.body).toBe('');
  });

  it('answers a path under /docs that is no page of it as any unknown path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404 });
  });
});

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('send a CSP that lets the console run and nothing else in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'console.local:8080' } });
    const csp = String(res.headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    expect(directives['connect-src']).toEqual(["'self'", 'ws://console.local:8080', 'wss://console.local:8080']);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('never puts a strange Host header into the CSP', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: "evil; script-src 'unsafe-inline'" },
    });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toContain('evil');
    expect(csp).toContain("script-src 'self';");
  });
});

describe('the console build', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'patrol-web-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Patrol console</title>');
    await writeFile(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('is served at / with index.html kept fresh and hashed assets cached for good', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('Patrol console');
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('falls back to index.html for other GETs outside /api', async () => {
    for (const url of ['/login', '/sys/organuserctrl', '/assets/missing.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('Patrol console');
    }
  });

  it('still answers a 404 envelope for unknown API routes and non-GET requests', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/unknown' })).json().code).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/somewhere' })).statusCode).toBe(404);
  });
});

describe('logs', () => {
  it('never contain passwords, digests, tokens or keys: in any field, a failed statement, a query or a text body', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { database, drop } = await openTestDatabase();
    const config = { ...loadConfig({}), scryptLogN: 10, mqttPort: 0 };
    const log = pino(loggerOptions('trace'), stream);
    await seed(database.db, { adminPassword: TEST_ADMIN_PASSWORD, dataDir: null, scryptLogN: 10, log });
    const app = await buildApp({ config, database, loggerInstance: log, webDist: null });
    try {
      const token = await login(app, 'admin', TEST_ADMIN_PASSWORD);
      await app.inject({ method: 'GET', url: '/api/system-server/user/get/home/date', headers: as(token) });
      await app.inject({
        method: 'POST',
        url: '/api/system-server/user/updatePwd',
        headers: as(token),
        payload: { oldPwd: digest('wrong'), newPwd: digest('Whatever-12') },
      });
      // The same change sent as text: the body is read as text, refused, and logged as an operation.
      const asText = await app.inject({
        method: 'POST',
        url: '/api/system-server/user/updatePwd',
        headers: { ...as(token), 'content-type': 'text/plain' },
        payload: JSON.stringify({ oldPwd: digest('wrong-as-text'), newPwd: digest('Whatever-13') }),
      });
      expect(asText.statusCode).toBeLessThan(500);
      await app.inject({
        method: 'GET',
        url: '/api/system-server/user/get/home/date?token=in-the-query',
        headers: as(token),
      });
      // A failed statement of the real driver carries its parameters (here a password hash).
      const hash = digest('a-stored-hash');
      const failed = await database.db.execute(sql`select ${hash}::int`).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(Error);
      expect(String((failed as Error).message)).toContain(hash);
      app.log.error({ err: failed }, 'failed statement');
      app.log.info(
        {
          password: 'p1',
          body: { oldPwd: 'p2' },
          headers: { authorization: 'p3' },
          deep: { list: [{ apiKey: 'p4', refreshToken: 'p5', privateKeyPem: 'p6', keyword: 'kept' }] },
        },
        'redaction check',
      );
      const operations = await app.inject({
        method: 'GET',
        url: '/api/log-server/operation/page?index=1&size=50',
        headers: as(token),
      });
      const stored = JSON.stringify(operations.json());
      expect(stored).toContain('updatePwd');
      const all = lines.join('');
      const secrets = [TEST_ADMIN_PASSWORD, digest(TEST_ADMIN_PASSWORD), token, digest('wrong')];
      secrets.push(digest('wrong-as-text'), digest('Whatever-13'), 'in-the-query', hash, 'p4', 'p5', 'p6');
      for (const secret of secrets) {
        expect(all).not.toContain(secret);
        expect(stored).not.toContain(secret);
      }
      expect(all).toContain('failed statement');
      const check = JSON.parse(lines.find((l) => l.includes('redaction check'))!);
      expect(check).toMatchObject({
        password: MASK,
        body: { oldPwd: MASK },
        headers: { authorization: MASK },
        deep: { list: [{ apiKey: MASK, refreshToken: MASK, privateKeyPem: MASK, keyword: 'kept' }] },
      });
    } finally {
      await app.close();
      await database.close();
      await drop();
    }
  });
});
