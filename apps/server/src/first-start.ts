// Creating the embedded database (PGlite's initdb and the migrations) and the first administrator
// (scrypt) grows the process by hundreds of MiB that a WebAssembly heap never gives back. So a
// fresh data folder is set up in a worker thread that exits when done, taking that memory with it;
// the server then opens the ready database as on any later start.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { openDatabase } from './platform/db.js';
import { seed, type SeedOptions } from './seed.js';

export type FirstStartJob = {
  pgliteDir: string;
  seed: Omit<SeedOptions, 'log'>;
};

type Level = 'info' | 'warn';
type WorkerMessage = { log: Level; message: string } | { done: true } | { failed: string };

/** True when the embedded database folder holds no database yet. */
export function isFreshPglite(dir: string): boolean {
  return !existsSync(path.join(dir, 'PG_VERSION'));
}

/** Creates, migrates and seeds the embedded database in a worker thread; its log lines come through `log`. */
export function setUpInWorker(job: FirstStartJob, log: Record<Level, (message: string) => void>): Promise<void> {
  // Bundled, the worker is dist/first-start.js. From the sources (tsx) this file is its own worker,
  // which has to register tsx itself: a worker does not inherit the main thread's --import.
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = fromSources
    ? `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`
    : new URL('./first-start.js', import.meta.url);
  return new Promise((resolve, reject) => {
    const worker = new Worker(entry, { eval: fromSources, workerData: { firstStart: job } });
    let outcome: Error | null = new Error('the first-start set-up stopped before it finished');
    worker.on('message', (m: WorkerMessage) => {
      if ('log' in m) log[m.log](m.message);
      else if ('done' in m) outcome = null;
      else outcome = new Error(m.failed);
    });
    worker.once('error', (error) => {
      outcome = error;
    });
    worker.once('exit', () => (outcome ? reject(outcome) : resolve()));
  });
}

async function runJob(job: FirstStartJob): Promise<void> {
  const post = (m: WorkerMessage) => parentPort!.postMessage(m);
  const database = await openDatabase({ databaseUrl: null, pgliteDir: job.pgliteDir });
  try {
    await database.migrate();
    await seed(database.db, {
      ...job.seed,
      log: {
        info: (message: string) => post({ log: 'info', message }),
        warn: (message: string) => post({ log: 'warn', message }),
      },
    } as SeedOptions);
  } finally {
    await database.close();
  }
  post({ done: true });
}

const job = !isMainThread && (workerData as { firstStart?: FirstStartJob } | null)?.firstStart;
if (job) {
  runJob(job).catch((error: unknown) => {
    parentPort!.postMessage({ failed: error instanceof Error ? error.message : String(error) } satisfies WorkerMessage);
  });
}
