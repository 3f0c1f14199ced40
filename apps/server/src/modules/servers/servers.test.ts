import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP_VERSION, SERVER_DOWN_AFTER_MS } from '@patrol/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';
import { ADMIN_ACCOUNT } from '../../seed.js';
import { upsertInstance } from './servers.repository.js';

const LIST = '/api/system-server/server/list';

describe('service list', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    // A writable data directory, so that local storage reports up.
    t = await createTestApp({ dataDir: await mkdtemp(path.join(tmpdir(), 'patrol-servers-')) });
    root = await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  const list = async () =>
    (await t.app.inject({ method: 'GET', url: LIST, headers: as(root) })).json().data as {
      instanceId: string;
      status: string;
      current: boolean;
      version: string;
      uptimeSeconds: number;
      parts: { name: string; kind: string; status: string; detail?: string }[];
    }[];

  it('shows the running instance, up, with its version and the health of its database, bus, storage and broker, and its track recorder', async () => {
    const rows = await vi.waitFor(async () => {
      const found = await list();
      expect(found.some((r) => r.current)).toBe(true);
      return found;
    });
    const me = rows.find((r) => r.current)!;
    expect(me).toMatchObject({ status: 'up', version: APP_VERSION });
    expect(me.parts.map((p) => [p.name, p.status])).toEqual([
      ['database', 'up'],
      ['bus', 'up'],
      ['storage', 'up'],
      ['broker', 'up'],
      ['tracks', 'up'],
      ['video', 'up'],
    ]);
    expect(me.parts[4]!.detail).toMatch(/^points offered \d+, written \d+, dropped 0, buffered \d+, failed writes 0$/);
    expect(me.parts[5]!.detail).toMatch(/^streams live \d+, segments stored \d+, bytes on disk \d+$/);
    expect(me.parts[0]!.kind).toMatch(/pglite|postgresql/);
    expect(me.parts[3]).toMatchObject({
      kind: expect.stringMatching(/^aedes :\d+$/),
      detail: expect.stringMatching(/received \d+/),
    });
  });

  it('shows an instance that stopped reporting as down', async () => {
    const startedAt = new Date(Date.now() - 3_600_000);
    await upsertInstance(t.db, {
      id: 'gone-instance',
      hostname: 'old-host',
      pid: 4242,
      version: '1.0.0',
      address: 'http://10.0.0.9:8080',
      parts: [{ name: 'database', kind: 'postgresql', status: 'up' }],
      startedAt,
      lastSeenAt: new Date(Date.now() - SERVER_DOWN_AFTER_MS - 1000),
    });
    const gone = (await list()).find((r) => r.instanceId === 'gone-instance')!;
    expect(gone).toMatchObject({ status: 'down', current: false });
    expect(gone.uptimeSeconds).toBeGreaterThan(3000);
  });

  it('reports storage down when its directory cannot be written', async () => {
    const other = await createTestApp({ dataDir: '/nonexistent/patrol' });
    try {
      const token = await login(other.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
      const rows = await vi.waitFor(async () => {
        const found = (await other.app.inject({ method: 'GET', url: LIST, headers: as(token) })).json().data;
        expect(found.some((r: { current: boolean }) => r.current)).toBe(true);
        return found as { current: boolean; parts: { name: string; status: string }[] }[];
      });
      const storage = rows.find((r) => r.current)!.parts.find((p) => p.name === 'storage');
      expect(storage?.status).toBe('down');
    } finally {
      await other.close();
    }
  });

  it('is for platform administrators only', async () => {
    const tenant = await makeTenant(t);
    const admin = await makeUser(t, tenant.id, { grants: [`GET ${LIST}`] });
    const token = await login(t.app, admin.account, admin.password);
    expect((await t.app.inject({ method: 'GET', url: LIST, headers: as(token) })).statusCode).toBe(403);
  });
});
