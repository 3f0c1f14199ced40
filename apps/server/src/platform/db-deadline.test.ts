import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp } from '../../test/create-test-app.js';
import { digest } from '../../test/factories.js';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.js';
import { DatabaseUnavailableError, isDatabaseUnavailable, openDatabase, pgliteDatabase, type Database } from './db.js';
import type { PgliteClient } from './pglite-thread.js';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const LOGIN = '/api/system-server/auth/login';
const DEADLINE_MS = 1000;
const baseUrl = process.env.TEST_DATABASE_URL?.trim();

describe('database deadlines on PGlite', () => {
  it('a statement the embedded database does not answer fails within the deadline as unavailable', async () => {
    const stuck: PgliteClient = {
      closed: false,
      query: () => new Promise(() => undefined),
      transaction: () => new Promise(() => undefined),
      close: async () => undefined,
    };
    const database = pgliteDatabase(stuck, 300);
    const started = Date.now();
    const error = await database.db.execute(sql`select 1`).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect((error as { cause?: unknown }).cause).toBeInstanceOf(DatabaseUnavailableError);
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

describe.skipIf(!baseUrl)('database deadlines on PostgreSQL behind a proxy', () => {
  let made: Awaited<ReturnType<typeof openTestDatabase>>;
  let proxy: TcpProxy;
  let database: Database;
  let t: TestApp;

  beforeAll(async () => {
    made = await openTestDatabase();
    await made.database.close();
    const target = new URL(made.url!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    database = await openDatabase({ databaseUrl: proxy.url(made.url!), pgliteDir: null, timeoutMs: DEADLINE_MS });
    t = await createTestApp({ database });
  }, 60_000);

  afterAll(async () => {
    proxy.setMode('refuse');
    await t?.close();
    await database?.close();
    await proxy?.close();
    await made?.drop();
  });

  const attempt = (lang: string) =>
    t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { lang },
      payload: { account: 'admin', password: digest('whatever-1A') },
    });

  it('answers 503 "database unavailable" within the deadline when the database stops answering', async () => {
    proxy.setMode('forward');
    expect((await attempt('en-US')).statusCode).not.toBe(503);
    proxy.setMode('blackhole');
    const started = Date.now();
    const res = await attempt('en-US');
    const took = Date.now() - started;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 503,
      message: 'The database is unavailable for now, please try again later',
    });
    expect(took).toBeLessThan(DEADLINE_MS + 500);
    const zh = await attempt('zh-CN');
    expect(zh.statusCode).toBe(503);
    expect(zh.json().message).toBe('数据库暂时不可用，请稍后再试');
  }, 20_000);

  it('a statement running past the deadline is cancelled by the server and counts as unavailable', async () => {
    proxy.setMode('forward');
    const started = Date.now();
    const error = await database.db.execute(sql`select pg_sleep(5)`).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(DEADLINE_MS + 300);
  });

  it('answers 503 at once when the database refuses connections', async () => {
    proxy.setMode('refuse');
    const started = Date.now();
    const res = await attempt('zh-TW');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('資料庫暫時無法使用，請稍後再試');
    expect(Date.now() - started).toBeLessThan(DEADLINE_MS + 1500);
    proxy.setMode('forward');
  }, 20_000);

  it('a server whose database stopped answering exits cleanly within seconds of SIGTERM', async () => {
    proxy.setMode('forward');
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        DATABASE_URL: proxy.url(made.url!),
        DB_TIMEOUT_MS: String(DEADLINE_MS),
        // The drain on SIGTERM has its own test (shutdown-drain.test.ts): this one times the close.
        SHUTDOWN_DRAIN_MS: '0',
        DATA_DIR: '/nonexistent',
        PORT: '0',
        HOST: '127.0.0.1',
        MQTT_PORT: '0',
        REDIS_URL: '',
        MQTT_URL: '',
        SCRYPT_LOG_N: '10',
        PATROL_ADMIN_PASSWORD: 'Patrol-test-7x',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const ready = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start:\n${out}`)), 60_000);
      const read = (chunk: Buffer) => {
        out += chunk.toString();
        const m = /at http:\/\/localhost:(\d+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const port = await ready;
      // A request in flight while the database is away, then the signal.
      proxy.setMode('blackhole');
      const pending = fetch(`http://127.0.0.1:${port}${LOGIN}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'admin', password: digest('whatever-1A') }),
      }).catch(() => null);
      await new Promise((r) => setTimeout(r, 200));
      const started = Date.now();
      child.kill('SIGTERM');
      const code = await exited;
      const took = Date.now() - started;
      expect({ code, out: code === 0 ? '' : out.replace(/"stack":"[^"]*"/g, '').slice(-3000) }).toEqual({
        code: 0,
        out: '',
      });
      expect(took).toBeLessThan(4000);
      await pending;
    } finally {
      child.kill('SIGKILL');
      proxy.setMode('forward');
    }
  }, 90_000);
});
