import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthContext } from './auth.js';
import { installOperationLog, type OperationLogEntry } from './operation-log.js';

const AUTH: AuthContext = {
  userId: 7,
  tenantId: 1,
  homeTenantId: 1,
  platformAdmin: false,
  sessionId: 1,
  sessionExpiresAt: new Date(Date.now() + 60_000),
  account: 'op',
  username: 'Operator',
  roles: [],
};

describe('operation log', () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  /** An app whose log write takes `writeMs`; `rows` holds what was written once each write completes. */
  async function appWithSlowLog(writeMs: number, fail = false) {
    const rows: OperationLogEntry[] = [];
    const app = Fastify();
    apps.push(app);
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      request.auth = AUTH;
    });
    installOperationLog(app, {
      write: async (_tenantId, entry) => {
        await new Promise((resolve) => setTimeout(resolve, writeMs));
        if (fail) throw new Error('disk full');
        rows.push(entry);
      },
    });
    app.post('/api/things', { schema: { summary: 'Add a thing' } }, async () => ({ code: 200 }));
    app.post('/api/unavailable', { schema: { summary: 'Add a thing' } }, async (_request, reply) =>
      reply.code(503).send({ code: 503 }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/things`;
    return { rows, url };
  }

  it('an acknowledged change has its row written before the answer leaves', async () => {
    const { rows, url } = await appWithSlowLog(300);
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    // At the moment the caller has its answer the row is already there.
    expect(rows).toHaveLength(1);
    expect(res.status).toBe(200);
    expect(rows[0]).toMatchObject({ description: 'Add a thing', result: 'success', statusCode: 200, userId: 7 });
  });

  it('a failed write is logged and the answer still goes out', async () => {
    const { rows, url } = await appWithSlowLog(10, true);
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(200);
    expect(rows).toHaveLength(0);
  });

  it('a request failing on the server side (the database away) answers without waiting for its row', async () => {
    // The row's own write would meet the database deadline a second time: the 503 must not wait for it.
    const { rows, url } = await appWithSlowLog(1500);
    const started = Date.now();
    const res = await fetch(url.replace('/things', '/unavailable'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(rows).toHaveLength(0);
    // The row is still written once the write completes.
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect(rows[0]).toMatchObject({ result: 'failure', statusCode: 503 });
  });
});
