import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { backupDatabase, restoreDatabase } from './backup.js';
import { openPgliteClient } from './platform/pglite.js';

const CLI = fileURLToPath(new URL('./backup-cli.ts', import.meta.url));
const run = promisify(execFile);

/** The backup command as an operator runs it, on DATA_DIR `dataDir` and the embedded database. */
const cli = (dataDir: string, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', CLI, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });

async function pgliteRows(dataDir: string): Promise<string[]> {
  const db = await openPgliteClient(path.join(dataDir, 'pglite'));
  try {
    return (await db.query<{ v: string }>('select v from t order by id')).rows.map((r) => r.v);
  } finally {
    await db.close();
  }
}

describe('backup and restore of the embedded database', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });

  it('round-trips: rows written, backed up, the folder wiped, restored, the rows are back', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'patrol-backup-'));
    dirs.push(root);
    const dataDir = path.join(root, 'data');
    const file = path.join(root, 'patrol.tar.gz');
    const db = await openPgliteClient(path.join(dataDir, 'pglite'));
    await db.exec(`create table t (id serial primary key, v text); insert into t (v) values ('one'), ('two');`);
    await db.close();

    expect((await cli(dataDir, 'backup', file)).stdout).toContain(`backed up the embedded database in ${dataDir}`);
    await rm(path.join(dataDir, 'pglite'), { recursive: true });
    await cli(dataDir, 'restore', file);
    expect(await pgliteRows(dataDir)).toEqual(['one', 'two']);

    // A database that holds something is replaced only when asked, and kept aside.
    const refused = await cli(dataDir, 'restore', file).catch((e: { code: number; stderr: string }) => e);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toContain('is not empty: restore with --force');
    const forced = await restoreDatabase({ databaseUrl: null, dataDir }, file, { force: true });
    expect(forced.keptAside).toMatch(/pglite\.before-restore-/);
    expect((await readdir(dataDir)).filter((n) => n.startsWith('pglite'))).toHaveLength(2);
    expect(await pgliteRows(dataDir)).toEqual(['one', 'two']);
  }, 120_000);

  it('names the missing PostgreSQL client program', async () => {
    const saved = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      await expect(
        backupDatabase({ databaseUrl: 'postgres://127.0.0.1:1/none', dataDir: tmpdir() }, '/dev/null'),
      ).rejects.toThrow(/pg_dump was not found on PATH: install PostgreSQL's client programs/);
    } finally {
      process.env.PATH = saved;
    }
  });
});

const baseUrl = process.env.TEST_DATABASE_URL?.trim();

describe.runIf(baseUrl)('backup and restore of PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });

  const query = async (url: string, text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<{ v: string }>(text)).rows;
    } finally {
      await client.end();
    }
  };

  it('round-trips: rows written, backed up, the tables dropped, restored, the rows are back', async () => {
    const name = `patrol_backup_${randomBytes(6).toString('hex')}`;
    await query(baseUrl!, `create database "${name}"`);
    cleanups.push(() => query(baseUrl!, `drop database if exists "${name}" with (force)`).then(() => undefined));
    const url = Object.assign(new URL(baseUrl!), { pathname: `/${name}` }).toString();
    const root = await mkdtemp(path.join(tmpdir(), 'patrol-backup-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    const file = path.join(root, 'patrol.dump');
    const target = { databaseUrl: url, dataDir: root };

    await query(url, `create table t (id serial primary key, v text); insert into t (v) values ('one'), ('two')`);
    await backupDatabase(target, file);
    await expect(restoreDatabase(target, file)).rejects.toThrow(/not empty: restore with --force/);
    await query(url, 'drop table t');
    await restoreDatabase(target, file);
    expect((await query(url, 'select v from t order by id')).map((r) => r.v)).toEqual(['one', 'two']);

    await query(url, `insert into t (v) values ('three')`);
    await restoreDatabase(target, file, { force: true });
    expect((await query(url, 'select v from t order by id')).map((r) => r.v)).toEqual(['one', 'two']);
  }, 60_000);
});
