// Creating the embedded database (PGlite's initdb and the migrations) and the first administrator
// (scrypt) grows the process by hundreds of MiB that a WebAssembly heap never gives back. So a
// fresh data folder is set up in a child process that exits when done, taking that memory with it
// (a worker thread gave back its heap but left the process about 150 MiB larger); the server then
// opens the ready database as on any later start.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { syncTree } from './platform/data-dir.js';
import { openDatabase } from './platform/db.js';
import { seed, type SeedOptions } from './seed.js';

export type FirstStartJob = {
  pgliteDir: string;
  seed: Omit<SeedOptions, 'log'>;
};

type Level = 'info' | 'warn';
type ChildMessage = { log: Level; message: string } | { done: true } | { failed: string; name?: string };
type ParentMessage = { job: FirstStartJob };

/** Marks the child process that sets up a fresh data folder. */
const CHILD_ENV = 'PATROL_FIRST_START_CHILD';

/** Creates, migrates and seeds the embedded database in a child process; its log lines come through `log`. */
export function setUpInChild(job: FirstStartJob, log: Record<Level, (message: string) => void>): Promise<void> {
  // Bundled, the child runs dist/first-start.js; from the sources (tsx) this file, with tsx.
  const fromSources = import.meta.url.endsWith('.ts');
  const file = fileURLToPath(fromSources ? import.meta.url : new URL('./first-start.js', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = fork(file, [], {
      execArgv: fromSources ? ['--import', 'tsx'] : [],
      env: { ...process.env, [CHILD_ENV]: '1' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let outcome: Error | null = new Error('the first-start set-up stopped before it finished');
    child.on('message', (m: ChildMessage) => {
      if ('log' in m) log[m.log](m.message);
      else if ('done' in m) outcome = null;
      else outcome = Object.assign(new Error(m.failed), m.name ? { name: m.name } : {});
    });
    child.once('error', (error) => {
      outcome = error;
    });
    child.once('exit', () => (outcome ? reject(outcome) : resolve()));
    // The job (with the administrator's password) goes over the IPC channel, not the environment.
    child.send({ job } satisfies ParentMessage);
  });
}

const post = (m: ChildMessage) => new Promise<void>((resolve) => process.send!(m, () => resolve()));

async function runJob(job: FirstStartJob): Promise<void> {
  const database = await openDatabase({ databaseUrl: null, pgliteDir: job.pgliteDir });
  try {
    await database.migrate();
    await seed(database.db, {
      ...job.seed,
      log: {
        info: (message: string) => void post({ log: 'info', message }),
        warn: (message: string) => void post({ log: 'warn', message }),
      },
    } as SeedOptions);
  } finally {
    await database.close();
  }
  syncTree(job.pgliteDir);
  await post({ done: true });
}

if (process.env[CHILD_ENV] === '1' && process.send) {
  process.once('message', (message: ParentMessage) => {
    runJob(message.job)
      .catch((error: unknown) =>
        post(error instanceof Error ? { failed: error.message, name: error.name } : { failed: String(error) }),
      )
      .finally(() => process.exit(0));
  });
}
