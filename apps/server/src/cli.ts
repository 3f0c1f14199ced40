// The operator's launcher (`bin/patrol` in the release, `node apps/server/dist/cli.js`): starts the
// server (the default) or runs one command and exits with a code a script can test.
import path from 'node:path';
import { BackupError, backupDatabase, restoreDatabase } from './backup.js';
import { ConfigError, effectiveSettings, loadConfig, type AppConfig } from './platform/config.js';
import { checkDataDir, DataDirError, keepDataDirPrivate } from './platform/data-dir.js';
import { knownMigrations, NewerSchemaError, openDatabase, type Database, type MigrationStatus } from './platform/db.js';
import { isFreshPglite } from './platform/pglite.js';
import { VERSION } from './platform/version.js';

const USAGE = `usage: patrol [command]

  serve                     start the console (the default)
  migrate                   apply the database migrations and exit
  migration-status          list applied and pending migrations; exit 3 when some are pending,
                            4 when the database is newer than this version
  check-config              check the settings and print them (secrets masked); exit 1 when wrong
  backup <file>             back up the database (stop the server first on the embedded database)
  restore <file> [--force]  restore a backup (--force replaces a database that holds data)
  version                   print the version`;

/** Exit codes: 0 done; 1 failed (wrong settings, database out of reach); 2 usage; 3 and 4 migration-status. */
export const EXIT = { ok: 0, failed: 1, usage: 2, pending: 3, newer: 4 } as const;

const say = (line: string) => process.stdout.write(`${line}\n`);
const complain = (line: string) => process.stderr.write(`${line}\n`);

/** The settings, or every problem with them printed and null. */
function settings(): AppConfig | null {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) complain(problem);
    const n = error.problems.length;
    complain(`${n} setting${n === 1 ? ' is' : 's are'} wrong.`);
    return null;
  }
}

const databaseName = (config: AppConfig) =>
  config.databaseUrl ? 'the PostgreSQL database (DATABASE_URL)' : `the embedded database in ${pgliteDir(config)}`;

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const pgliteDir = (config: AppConfig) => path.join(config.dataDir, 'pglite');

function checkConfig(): number {
  if (!settings()) return EXIT.failed;
  const file = process.env.PATROL_CONFIG?.trim();
  say(`Patrol console ${VERSION}: the settings are valid${file ? ` (configuration file ${file})` : ''}.`);
  const shown = effectiveSettings();
  const width = Math.max(...shown.map((s) => s.name.length));
  for (const s of shown) {
    const from = s.source === 'default' ? 'default' : s.path ? `${s.source} ${s.path}` : s.source;
    say(`${s.name.padEnd(width)}  ${s.value || '(unset)'}  [${from}]`);
  }
  return EXIT.ok;
}

/** Opens the configured database for a command; the embedded one only after checking its folder. */
async function withDatabase(config: AppConfig, work: (database: Database) => Promise<number>): Promise<number> {
  if (!config.databaseUrl) await checkDataDir(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? null : pgliteDir(config),
    timeoutMs: config.databaseTimeoutMs,
  });
  try {
    return await work(database);
  } finally {
    await database.close();
    if (!config.databaseUrl) await keepDataDirPrivate(config.dataDir);
  }
}

function printStatus(status: MigrationStatus) {
  for (const m of status.applied) {
    const changed = status.changed.includes(m) ? ' (its file changed since it was applied)' : '';
    say(`applied  ${m.tag}${changed}`);
  }
  for (const m of status.pending) say(`pending  ${m.tag}`);
  for (const m of status.unknown) {
    say(`unknown  made ${new Date(m.createdAt).toISOString()}, hash ${m.hash.slice(0, 12)} (not in this version)`);
  }
}

async function migrationStatus(config: AppConfig): Promise<number> {
  if (!config.databaseUrl && isFreshPglite(pgliteDir(config))) {
    const all = knownMigrations();
    for (const m of all) say(`pending  ${m.tag}`);
    say(`There is no embedded database in ${pgliteDir(config)} yet: ${all.length} migrations pending.`);
    return EXIT.pending;
  }
  return withDatabase(config, async (database) => {
    const status = await database.migrationStatus();
    printStatus(status);
    if (status.unknown.length > 0) {
      complain(new NewerSchemaError(status.unknown).message);
      return EXIT.newer;
    }
    if (status.pending.length > 0) {
      say(`${capital(databaseName(config))}: ${status.pending.length} migrations pending (run: patrol migrate).`);
      return EXIT.pending;
    }
    say(`${capital(databaseName(config))} is up to date (${status.applied.length} migrations applied).`);
    return EXIT.ok;
  });
}

async function migrate(config: AppConfig): Promise<number> {
  return withDatabase(config, async (database) => {
    // On PostgreSQL under an advisory lock: instances and jobs migrating together take turns, and
    // what is pending is read once the lock is held.
    const applied = (await database.migrate()).map((m) => m.tag);
    say(
      applied.length > 0
        ? `Applied ${applied.length} migrations to ${databaseName(config)}: ${applied.join(', ')}.`
        : `${capital(databaseName(config))} was up to date: nothing to apply.`,
    );
    return EXIT.ok;
  });
}

async function backupOrRestore(config: AppConfig, command: 'backup' | 'restore', args: string[]): Promise<number> {
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  if (files.length !== 1 || (command === 'backup' && force)) {
    complain(`usage: patrol ${command} <file>${command === 'restore' ? ' [--force]' : ''}`);
    return EXIT.usage;
  }
  const file = files[0]!;
  const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  const what = config.databaseUrl
    ? 'the PostgreSQL database (DATABASE_URL)'
    : `the embedded database in ${config.dataDir}`;
  if (command === 'backup') {
    await backupDatabase(target, file);
    say(`backed up ${what} to ${file}`);
  } else {
    const { keptAside } = await restoreDatabase(target, file, { force });
    say(`restored ${what} from ${file}${keptAside ? `; the database it replaced is kept in ${keptAside}` : ''}`);
  }
  return EXIT.ok;
}

/** Runs one command; answers its exit code (`serve` answers null: the server runs on). */
export async function runCommand(argv: string[]): Promise<number | null> {
  const [command = 'serve', ...args] = argv;
  if (['help', '--help', '-h'].includes(command)) {
    say(USAGE);
    return EXIT.ok;
  }
  if (command === 'version' || command === '--version') {
    say(VERSION);
    return EXIT.ok;
  }
  const known = ['serve', 'migrate', 'migration-status', 'check-config', 'backup', 'restore'];
  const takesFile = command === 'backup' || command === 'restore';
  if (!known.includes(command) || (!takesFile && args.length > 0)) {
    complain(USAGE);
    return EXIT.usage;
  }
  if (command === 'serve') {
    // The server's own entry: it reads and checks the settings itself.
    await import('./main.js');
    return null;
  }
  // `patrol check-config | head`: a reader that stops early ends the output, not with a crash.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? EXIT.ok);
    throw error;
  });
  if (command === 'check-config') return checkConfig();
  const config = settings();
  if (!config) return EXIT.failed;
  process.umask(0o077);
  try {
    if (command === 'migrate') return await migrate(config);
    if (command === 'migration-status') return await migrationStatus(config);
    return await backupOrRestore(config, command as 'backup' | 'restore', args);
  } catch (error) {
    if (error instanceof NewerSchemaError) {
      complain(error.message);
      return EXIT.newer;
    }
    if (error instanceof BackupError || error instanceof DataDirError) {
      complain(error.message);
      return EXIT.failed;
    }
    complain(`${command} failed: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.failed;
  }
}

const code = await runCommand(process.argv.slice(2));
if (code !== null) process.exitCode = code;
