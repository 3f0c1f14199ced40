import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONFIG_KEYS, MENU_TREE, menuNames, newPassword } from '@patrol/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/create-test-app.js';
import { login, makeTenant } from '../test/factories.js';
import type { Db } from './platform/db.js';
import { configs } from './modules/configs/configs.tables.js';
import { menus } from './modules/menus/menus.tables.js';
import { tenants } from './modules/tenants/tenants.tables.js';
import { INITIAL_PASSWORD_FILE } from './seed.js';

type Rows = { rows: Record<string, unknown>[] };

/** Every row of every table, and every identity's position. */
async function snapshot(db: Db) {
  const tables = (
    (await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    )) as unknown as Rows
  ).rows.map((r) => String(r.table_name));
  const out: Record<string, unknown> = {};
  for (const table of tables) {
    // Each running instance reports itself there: runtime state, not data of the seed.
    if (table === 'server_instances') continue;
    out[table] = ((await db.execute(sql.raw(`select * from "${table}" order by 1, 2`))) as unknown as Rows).rows;
  }
  out.sequences = (
    (await db.execute(
      sql`select sequencename, last_value from pg_sequences where schemaname = 'public' order by 1`,
    )) as unknown as Rows
  ).rows;
  return out;
}

describe('first-start seed', () => {
  const opened: TestApp[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    for (const t of opened.splice(0).reverse()) await t.close();
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'patrol-seed-'));
    dirs.push(dir);
    return dir;
  };

  it('generates an administrator password that satisfies the rule, writes it with mode 600 and signs in with it', async () => {
    const dataDir = await tempDir();
    const t = await createTestApp({ adminPassword: null, dataDir });
    opened.push(t);
    const generated = t.seedResult.generatedPassword!;
    expect(newPassword.safeParse(generated).success).toBe(true);
    const file = path.join(dataDir, INITIAL_PASSWORD_FILE);
    expect((await readFile(file, 'utf8')).trim()).toBe(generated);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await expect(login(t.app, 'admin', generated)).resolves.toBeTypeOf('string');
  });

  it('honours PATROL_ADMIN_PASSWORD and then writes no file', async () => {
    const dataDir = await tempDir();
    const t = await createTestApp({ adminPassword: 'Chosen-by-ops-7', dataDir });
    opened.push(t);
    expect(t.seedResult).toEqual({ generatedPassword: null, adminCreated: true });
    await expect(stat(path.join(dataDir, INITIAL_PASSWORD_FILE))).rejects.toThrow();
    await expect(login(t.app, 'admin', 'Chosen-by-ops-7')).resolves.toBeTypeOf('string');
  });

  it('seeds the platform tenant, the whole menu tree in three languages and the settings', async () => {
    const t = await createTestApp();
    opened.push(t);
    const [platform] = await t.db.select().from(tenants);
    expect(platform).toMatchObject({ id: 1, code: 'platform', name: '平台租户', status: 1 });
    const rows = await t.db.select().from(menus);
    expect(rows.map((m) => m.name).sort()).toEqual(menuNames(MENU_TREE).sort());
    const home = rows.find((m) => m.name === 'home')!;
    expect([home.nameZhCn, home.nameZhTw, home.nameEnUs]).toEqual(['首页', '首頁', 'Home']);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/system-server/config/list?keys=${CONFIG_KEYS.join(',')}`,
      headers: { authorization: await login(t.app, 'admin', 'Patrol-test-7x') },
    });
    expect(Object.keys(res.json().data).sort()).toEqual([...CONFIG_KEYS].sort());
    // The explicit id 1 did not leave the identity behind.
    expect((await makeTenant(t)).id).toBe(2);
  });

  it('changes nothing on a second start, even with another PATROL_ADMIN_PASSWORD', async () => {
    const dataDir = await tempDir();
    const first = await createTestApp({ adminPassword: null, dataDir });
    opened.push(first);
    const password = first.seedResult.generatedPassword!;
    await rm(path.join(dataDir, INITIAL_PASSWORD_FILE));
    const before = await snapshot(first.db);

    const second = await createTestApp({ database: first.database, adminPassword: 'Another-pass-8', dataDir });
    opened.push(second);
    expect(second.seedResult).toEqual({ generatedPassword: null, adminCreated: false });
    expect(await snapshot(first.db)).toEqual(before);
    await expect(stat(path.join(dataDir, INITIAL_PASSWORD_FILE))).rejects.toThrow();
    await expect(login(second.app, 'admin', password)).resolves.toBeTypeOf('string');
  });

  it('adds again at the next start a seeded menu or setting that is missing', async () => {
    const first = await createTestApp();
    opened.push(first);
    const [menu] = MENU_TREE;
    await first.db.execute(
      sql`delete from role_menus where menu_id = (select id from menus where name = ${menu!.name})`,
    );
    await first.db.delete(menus).where(eq(menus.name, menu!.name));
    await first.db.delete(configs).where(eq(configs.key, CONFIG_KEYS[0]!));

    const second = await createTestApp({ database: first.database });
    opened.push(second);
    expect((await first.db.select().from(menus).where(eq(menus.name, menu!.name))).length).toBe(1);
    expect((await first.db.select().from(configs).where(eq(configs.key, CONFIG_KEYS[0]!))).length).toBe(1);
  });
});
