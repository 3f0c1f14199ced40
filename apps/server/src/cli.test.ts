import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownMigrations } from './platform/db.js';
import { openPgliteClient } from './platform/pglite.js';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const VERSION = (
  JSON.parse(readFileSync(fileURLToPath(new URL('../../../package.json', import.meta.url)), 'utf8')) as {
    version: string;
  }
).version;

type Run = { code: number | null; stdout: string; stderr: string };

/** The launcher as an operator runs it (`patrol <args>`), with the settings in `env` only. */
function patrol(args: string[], env: Record<string, string>, timeoutMs = 90_000): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmpdir(),
        PORT: '0',
        HOST: '127.0.0.1',
        MQTT_PORT: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`patrol ${args.join(' ')} did not finish:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const baseUrl = process.env.TEST_DATABASE_URL?.trim();

/** A database for the launcher: an embedded one in a new data folder, or a new PostgreSQL database. */
type Target = { env: Record<string, string>; sql(text: string): Promise<void>; drop(): Promise<void> };

async function embeddedTarget(): Promise<Target> {
  const dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'patrol-cli-')), 'data');
  return {
    env: { DATA_DIR: dataDir },
    sql: async (text) => {
      const db = await openPgliteClient(path.join(dataDir, 'pglite'));
      try {
        await db.exec(text);
      } finally {
        await db.close();
      }
    },
    drop: () => rm(path.dirname(dataDir), { recursive: true, force: true }),
  };
}

async function postgresTarget(): Promise<Target> {
  const name = `patrol_cli_${process.pid}_${randomBytes(5).toString('hex')}`;
  const query = async (url: string, text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await query(baseUrl!, `create database "${name}"`);
  const url = Object.assign(new URL(baseUrl!), { pathname: `/${name}` }).toString();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'patrol-cli-'));
  return {
    env: { DATABASE_URL: url, DATA_DIR: dataDir },
    sql: (text) => query(url, text),
    drop: async () => {
      await query(baseUrl!, `drop database if exists "${name}" with (force)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** pg_dump and pg_restore, which a PostgreSQL backup needs: CI installs them; elsewhere their absence skips. */
const pgClientPrograms = ['pg_dump', 'pg_restore'].every(
  (p) => spawnSync(p, ['--version'], { stdio: 'ignore' }).status === 0,
);
if (baseUrl && !pgClientPrograms && process.env.CI) {
  throw new Error('pg_dump and pg_restore are needed on PostgreSQL (CI installs postgresql-client)');
}

describe('the launcher without a database', () => {
  it('prints the version of the root package.json', async () => {
    expect(await patrol(['version'], {})).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
  }, 90_000);

  it('answers a wrong command or argument with its usage and exit code 2', async () => {
    for (const args of [['start'], ['migrate', 'now'], ['restore', 'a', 'b']]) {
      const run = await patrol(args, {});
      expect({ args, code: run.code }).toEqual({ args, code: 2 });
      expect(run.stderr).toMatch(/^usage: patrol/);
    }
  }, 90_000);

  it('check-config lists every wrong setting and exits 1; right ones are printed with secrets masked', async () => {
    const wrong = await patrol(['check-config'], { PORT: 'http', FILE_STORAGE: 's3', DATA_DIR: tmpdir() });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toBe(
      'PORT must be an integer from 0 to 65535, got "http".\nFILE_STORAGE must be disk or database, got "s3".\n' +
        '2 settings are wrong.\n',
    );
    const dir = await mkdtemp(path.join(tmpdir(), 'patrol-cli-'));
    try {
      await writeFile(path.join(dir, 'patrol.env'), 'LOG_LEVEL=warn\nMQTT_PASSWORD=broker-Secret-1\n');
      await writeFile(path.join(dir, 'token'), 'scrape-Secret-2\n');
      const right = await patrol(['check-config'], {
        PATROL_CONFIG: path.join(dir, 'patrol.env'),
        METRICS_TOKEN_FILE: path.join(dir, 'token'),
        DATABASE_URL: 'postgres://patrol:db-Secret-3@db.example:5432/patrol',
        DATA_DIR: dir,
      });
      expect(right.code).toBe(0);
      expect(right.stdout).not.toMatch(/Secret-/);
      expect(right.stdout).toMatch(/^LOG_LEVEL +warn +\[config file .*patrol\.env\]$/m);
      expect(right.stdout).toMatch(/^METRICS_TOKEN +\*{6} +\[file .*token\]$/m);
      expect(right.stdout).toMatch(
        /^DATABASE_URL +postgres:\/\/patrol:\*{6}@db\.example:5432\/patrol +\[environment\]$/m,
      );
      expect(right.stdout).toMatch(/^PORT +0 +\[environment\]$/m);
      expect(right.stdout).toMatch(/^SHUTDOWN_DRAIN_MS +5000 +\[default\]$/m);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('the server refuses to start on wrong settings: one fatal line listing every problem, exit 1', async () => {
    const run = await patrol([], { LOG_LEVEL: 'loud', VIDEO_MAX_MB: '1', INSTANCE_ID: 'cli-test', DATA_DIR: tmpdir() });
    expect(run.code).toBe(1);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map(
        (l) => JSON.parse(l) as { level: number; msg: string; problems: string[]; instance: string; version: string },
      );
    const problems = [
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud".',
      'VIDEO_MAX_MB must be a whole number from 16 to 10485760, got "1".',
    ];
    expect(lines).toMatchObject([
      {
        level: 60,
        msg: `not started: 2 settings are wrong: ${problems.join(' ')}`,
        problems,
        instance: 'cli-test',
        version: VERSION,
      },
    ]);
  }, 90_000);
});

const kinds = [
  { kind: 'the embedded database', make: embeddedTarget },
  ...(baseUrl ? [{ kind: 'PostgreSQL', make: postgresTarget }] : []),
];

describe.each(kinds)('the launcher on $kind', ({ make }) => {
  const migrations = knownMigrations();
  let target: Target;
  const others: Target[] = [];
  beforeAll(async () => {
    target = await make();
  });
  afterAll(async () => {
    await target?.drop();
    for (const t of others) await t.drop();
  });

  it('migration-status says 3 (pending) on a new database, migrate applies all once, then status 0', async () => {
    const before = await patrol(['migration-status'], target.env);
    expect(before.code).toBe(3);
    expect(before.stdout.split('\n').filter((l) => l.startsWith('pending  '))).toHaveLength(migrations.length);

    const first = await patrol(['migrate'], target.env);
    expect({ code: first.code, stderr: first.stderr }).toEqual({ code: 0, stderr: '' });
    expect(first.stdout).toContain(`Applied ${migrations.length} migrations`);
    const again = await patrol(['migrate'], target.env);
    expect(again.stdout).toContain('was up to date: nothing to apply.');

    const after = await patrol(['migration-status'], target.env);
    expect(after.code).toBe(0);
    expect(after.stdout).toContain(`is up to date (${migrations.length} migrations applied).`);
    expect(after.stdout).toContain(`applied  ${migrations.at(-1)!.tag}`);
  }, 180_000);

  it('a backup restores through the launcher into an empty database, at the same migration', async (ctx) => {
    if ('DATABASE_URL' in target.env && !pgClientPrograms) ctx.skip('pg_dump and pg_restore are not installed');
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'patrol-cli-backup-')), 'patrol.backup');
    try {
      await target.sql("create table cli_marker (v text); insert into cli_marker values ('kept')");
      const backup = await patrol(['backup', file], target.env);
      expect({ code: backup.code, stderr: backup.stderr }).toEqual({ code: 0, stderr: '' });
      const empty = await make();
      others.push(empty);
      const restore = await patrol(['restore', file], empty.env);
      expect({ code: restore.code, stderr: restore.stderr }).toEqual({ code: 0, stderr: '' });
      const status = await patrol(['migration-status'], empty.env);
      expect(status.code).toBe(0);
      await empty.sql('insert into cli_marker select v from cli_marker');
      // Restoring onto a database holding data asks for --force.
      const refused = await patrol(['restore', file], empty.env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('restore with --force');
    } finally {
      await rm(path.dirname(file), { recursive: true, force: true });
    }
  }, 180_000);

  it('refuses a database a newer version migrated: migration-status 4, migrate 4, the server does not start', async () => {
    const newest = migrations.at(-1)!;
    await target.sql(
      `insert into drizzle.__drizzle_migrations (hash, created_at) values ('${'f'.repeat(64)}', ${newest.createdAt + 86_400_000})`,
    );
    const status = await patrol(['migration-status'], target.env);
    expect(status.code).toBe(4);
    expect(status.stdout).toMatch(/^unknown {2}made .* \(not in this version\)$/m);
    expect(status.stderr).toContain('The database records 1 migration this version does not know (the newest made');
    expect(status.stderr).toContain('a newer version of the console has migrated it');

    expect((await patrol(['migrate'], target.env)).code).toBe(4);

    const serve = await patrol(['serve'], { ...target.env, PATROL_ADMIN_PASSWORD: 'Patrol-test-7x' });
    expect(serve.code).toBe(1);
    const fatal = serve.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { level: number; msg: string })
      .find((l) => l.level === 60);
    expect(fatal?.msg).toMatch(/^The database records 1 migration this version does not know/);
  }, 180_000);
});

describe.runIf(baseUrl)('two migrations started together on PostgreSQL', () => {
  it('take turns under the advisory lock: both exit 0, each migration applied once', async () => {
    const target = await postgresTarget();
    try {
      const runs = await Promise.all([patrol(['migrate'], target.env), patrol(['migrate'], target.env)]);
      expect(runs.map((r) => ({ code: r.code, stderr: r.stderr }))).toEqual([
        { code: 0, stderr: '' },
        { code: 0, stderr: '' },
      ]);
      const migrations = knownMigrations();
      // One applied them all, the other found nothing left to do.
      expect(runs.map((r) => r.stdout.startsWith(`Applied ${migrations.length} migrations`)).sort()).toEqual([
        false,
        true,
      ]);
      const status = await patrol(['migration-status'], target.env);
      expect(status.code).toBe(0);
      expect(status.stdout.split('\n').filter((l) => l.startsWith('applied  '))).toHaveLength(migrations.length);
    } finally {
      await target.drop();
    }
  }, 180_000);
});
