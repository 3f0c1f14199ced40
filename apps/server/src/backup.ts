import { spawn } from 'node:child_process';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { keepDataDirPrivate } from './platform/data-dir.js';
import { isFreshPglite, openPgliteClient } from './platform/pglite.js';

/** Where the database is: PostgreSQL at `databaseUrl`, else the embedded one in `<dataDir>/pglite`. */
export type BackupTarget = { databaseUrl: string | null; dataDir: string };

/** A backup or a restore that cannot be done; its message says why and what to do. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const pgliteDir = (target: BackupTarget) => path.join(target.dataDir, 'pglite');

/**
 * Writes a backup of the whole database to `file`: for the embedded database a gzipped tar of its
 * folder (PGlite's own dump, with the log, so it opens as it was), for PostgreSQL `pg_dump`'s
 * custom format. The embedded database is read by this process alone: stop the server first.
 */
export async function backupDatabase(target: BackupTarget, file: string): Promise<void> {
  if (target.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${target.databaseUrl}`]);
    return;
  }
  const dir = pgliteDir(target);
  if (isFreshPglite(dir)) throw new BackupError(`There is no embedded database in ${dir} to back up.`);
  const db = await openPgliteClient(dir);
  try {
    const dump = await db.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  } finally {
    await db.close();
  }
}

/**
 * Puts the database back as the backup in `file` had it. Refuses a database that holds anything
 * unless `force`: then PostgreSQL's objects are replaced (`pg_restore --clean`, in one
 * transaction), and the embedded database's folder is moved aside (answered as `keptAside`), not
 * deleted. The embedded database must not be open elsewhere: stop the server first.
 */
export async function restoreDatabase(
  target: BackupTarget,
  file: string,
  options: { force?: boolean } = {},
): Promise<{ keptAside: string | null }> {
  await stat(file).catch(() => {
    throw new BackupError(`The backup file ${file} does not exist.`);
  });
  if (target.databaseUrl) {
    const empty = await postgresIsEmpty(target.databaseUrl);
    if (!empty && !options.force) {
      throw new BackupError('The PostgreSQL database is not empty: restore with --force to replace what it holds.');
    }
    const args = ['--no-owner', '--single-transaction', '--exit-on-error', `--dbname=${target.databaseUrl}`];
    await run('pg_restore', [...(empty ? [] : ['--clean', '--if-exists']), ...args, file]);
    return { keptAside: null };
  }
  const dir = pgliteDir(target);
  let keptAside: string | null = null;
  if (!isFreshPglite(dir)) {
    if (!options.force) {
      throw new BackupError(`The embedded database in ${dir} is not empty: restore with --force to replace it.`);
    }
    keptAside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(dir, keptAside);
  } else {
    // A folder without a database (an interrupted set-up): nothing in it to keep.
    await rm(dir, { recursive: true, force: true });
  }
  try {
    const db = await openPgliteClient(dir, { loadDataDir: new Blob([await readFile(file)]) });
    await db.close();
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    if (keptAside) await rename(keptAside, dir);
    throw new BackupError(
      `The backup file ${file} could not be restored (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  await keepDataDirPrivate(target.dataDir);
  return { keptAside };
}

async function postgresIsEmpty(url: string): Promise<boolean> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'S', 'v', 'm')
          and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`,
    );
    return rows[0]!.n === 0;
  } finally {
    await client.end();
  }
}

/** Runs a PostgreSQL client program; a missing one is named with the package that has it. */
function run(program: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${program} was not found on PATH: install PostgreSQL's client programs (Debian: apt-get install postgresql-client), of the server's major version or later.`,
            )
          : error,
      ),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${program} failed (exit code ${code}): ${errors.trim()}`)),
    );
  });
}
