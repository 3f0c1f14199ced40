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

  type Options = { writeMs?: number; finishMs?: number; failWrite?: boolean; failFinish?: boolean };

  /**
   * An app whose log writes take `writeMs` and outcomes `finishMs`; `rows` holds each row as stored
   * (once its write completes), `ran` counts the handler's runs (the state change).
   */
  async function appWithLog({ writeMs = 0, finishMs = 0, failWrite = false, failFinish = false }: Options) {
    const rows = new Map<number, OperationLogEntry>();
    const handled = { ran: 0 };
    const app = Fastify();
    apps.push(app);
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      request.auth = AUTH;
    });
    // As the app's own handler answers: an AppError's status, a validation refusal's 400.
    app.setErrorHandler((error: { status?: number; statusCode?: number }, _request, reply) => {
      const status = error.status ?? error.statusCode ?? 500;
      return reply.code(status).send({ code: status });
    });
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    installOperationLog(app, {
      write: async (_tenantId, entry) => {
        await pause(writeMs);
        if (failWrite) throw new Error('disk full');
        rows.set(rows.size + 1, { ...entry });
        return rows.size;
      },
      finish: async (_tenantId, id, outcome) => {
        await pause(finishMs);
        if (failFinish) throw new Error('database away');
        rows.set(id, { ...rows.get(id)!, ...outcome });
      },
    });
    app.post('/api/things', { schema: { summary: 'Add a thing' } }, async () => {
      handled.ran += 1;
      return { code: 200 };
    });
    app.post(
      '/api/checked',
      { schema: { summary: 'Add a checked thing', body: { type: 'object', required: ['name'] } } },
      async () => {
        handled.ran += 1;
        return { code: 200 };
      },
    );
    app.post('/api/unavailable', { schema: { summary: 'Add a thing' } }, async (_request, reply) =>
      reply.code(503).send({ code: 503 }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
    const post = (path: string, body: unknown = {}) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    return { rows, handled, post };
  }

  it('an acknowledged change has its row, with its outcome, written before the answer leaves', async () => {
    const { rows, handled, post } = await appWithLog({ writeMs: 100, finishMs: 300 });
    const res = await post('/things');
    // At the moment the caller has its answer the row and its outcome are already there.
    expect(res.status).toBe(200);
    expect(handled.ran).toBe(1);
    expect([...rows.values()]).toEqual([
      expect.objectContaining({ description: 'Add a thing', result: 'success', statusCode: 200, userId: 7 }),
    ]);
  });

  it('the row is written before the change: a row that cannot be written answers 503 and changes nothing', async () => {
    const { rows, handled, post } = await appWithLog({ failWrite: true });
    const res = await post('/things');
    expect(res.status).toBe(503);
    expect(handled.ran).toBe(0);
    expect(rows.size).toBe(0);
  });

  it('a change whose outcome cannot be recorded (the database gone meanwhile) keeps its row, outcome unknown', async () => {
    const { rows, handled, post } = await appWithLog({ failFinish: true });
    const res = await post('/things');
    expect(res.status).toBe(200);
    expect(handled.ran).toBe(1);
    expect([...rows.values()]).toEqual([
      expect.objectContaining({ description: 'Add a thing', result: 'unknown', statusCode: 0 }),
    ]);
  });

  it('a request refused before its handler has its row written when it is answered', async () => {
    const { rows, handled, post } = await appWithLog({});
    const res = await post('/checked', {});
    expect(res.status).toBe(400);
    expect(handled.ran).toBe(0);
    expect([...rows.values()]).toEqual([
      expect.objectContaining({
        description: 'Add a checked thing',
        result: 'failure',
        statusCode: 400,
        level: 'warn',
      }),
    ]);
  });

  it('a request failing on the server side (the database away) answers without waiting for its outcome', async () => {
    // The outcome's own write would meet the database deadline a second time: the 503 must not wait for it.
    const { rows, post } = await appWithLog({ finishMs: 1500 });
    const started = Date.now();
    const res = await post('/unavailable');
    expect(res.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(1000);
    expect([...rows.values()]).toEqual([expect.objectContaining({ result: 'unknown' })]);
    // The outcome is still written once the write completes.
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect([...rows.values()]).toEqual([expect.objectContaining({ result: 'failure', statusCode: 503 })]);
  });
});
