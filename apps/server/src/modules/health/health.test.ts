import { APP_VERSION } from '@patrol/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { startTcpProxy } from '../../../test/tcp-proxy.js';

const en = { lang: 'en-US' };

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers up, the database and broker state and the version, without a session', async () => {
    for (const url of ['/api/health', '/api/health/ready']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        code: 200,
        message: 'success',
        data: { status: 'up', database: 'up', broker: 'up', version: APP_VERSION },
      });
    }
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.json()).toEqual({ code: 200, message: 'success', data: { status: 'up' } });
  });

  it('answers 503 "database unavailable" when the database does not answer; live stays 200', async () => {
    const other = await createTestApp();
    await other.database.close();
    for (const url of ['/api/health', '/api/health/ready']) {
      const res = await other.app.inject({ method: 'GET', url, headers: en });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 503,
        message: 'The database is unavailable for now, please try again later',
      });
    }
    expect((await other.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    await other.close();
  });

  it('reports the database down when it reads but every write fails (a full disk)', async () => {
    const other = await createTestApp();
    try {
      // Every write of the health check fails as PostgreSQL fails writes on a full disk (53100).
      await other.db.execute(sql`
        create function refuse_writes() returns trigger language plpgsql as $$
        begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$`);
      await other.db.execute(sql`
        create trigger refuse_writes before insert or update on health_checks
        for each row execute function refuse_writes()`);
      expect(await other.db.execute(sql`select 1 as one`)).toBeTruthy();
      const res = await other.app.inject({ method: 'GET', url: '/api/health', headers: { lang: 'zh-CN' } });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('数据库暂时不可用，请稍后再试');
    } finally {
      await other.close();
    }
  });

  it('answers 503 "message service unavailable" when the link to an external broker is down', async () => {
    const proxy = await startTcpProxy({ host: '127.0.0.1', port: 1883 });
    const other = await createTestApp({ mqttUrl: `mqtt://127.0.0.1:${proxy.port}` });
    try {
      expect((await other.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      proxy.setMode('refuse');
      let res = await other.app.inject({ method: 'GET', url: '/api/health', headers: { lang: 'zh-TW' } });
      for (let i = 0; i < 50 && res.statusCode === 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        res = await other.app.inject({ method: 'GET', url: '/api/health', headers: { lang: 'zh-TW' } });
      }
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('訊息服務暫時無法使用，請稍後再試');
      expect((await other.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);
      expect((await other.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await other.close();
      await proxy.close();
    }
  });

  it('is not ready once shutdown begins, while health and live still answer 200', async () => {
    const other = await createTestApp();
    try {
      expect((await other.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      other.app.readiness.stop();
      const res = await other.app.inject({ method: 'GET', url: '/api/health/ready', headers: en });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('The service is unavailable for now, please try again later');
      expect((await other.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await other.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
