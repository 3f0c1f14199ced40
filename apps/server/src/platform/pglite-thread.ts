import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import {
  keepWalBounded,
  loadPgliteArtifacts,
  openPgliteClient,
  type PgliteArtifacts,
  type PgliteOpenOptions,
} from './pglite.js';

/**
 * What the database layer needs of PGlite (what drizzle's PGlite driver calls): an in-process
 * PGlite is one, and so is `PgliteThreadClient`, which runs it on a worker thread.
 */
export type PgliteClient = Pick<PGlite, 'query' | 'transaction' | 'close' | 'closed'>;

type ThreadOptions = Pick<PgliteOpenOptions, 'durable'>;
/**
 * What marks the worker as the embedded database's thread: it opens the database in `dir`, or with
 * no `dir` (started ahead) loads PGlite and waits for an `open` message that names it.
 */
type ThreadData = { pgliteThread: true; dir: string | null; options: ThreadOptions };
type OpenMessage = { open: { dir: string; options: ThreadOptions } };

/** Plain fields of a database error (code, detail, constraint...), which cross the thread as they are. */
type ErrorFields = { message: string; name: string } & Record<string, string | number | undefined>;

type ToThread =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      /** Types read as the text PostgreSQL sends (drizzle's parsers for dates and intervals). */
      textTypes: number[];
      tx: number | null;
    }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };
type ToMain =
  | { id: 'ready' }
  | { id: 'failed'; error: ErrorFields }
  | { id: number; result: unknown }
  | { id: number; error: ErrorFields };

const errorFields = (error: unknown): ErrorFields => {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields: ErrorFields = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return fields;
};

const toError = ({ message, ...fields }: ErrorFields): Error => Object.assign(new Error(message), fields);

/** The rollback of a transaction that the main thread asked for (not a failure to report). */
const ROLLBACK = Symbol('rollback');

/**
 * The embedded database (PGlite) on a worker thread of its own: it opens on the other core while
 * the main thread loads the server, and its queries run there for the life of the process, so they
 * do not share the event loop with the API, the console sockets and the robots' messages. Each query
 * and transaction crosses a message port; the worker runs them on PGlite exactly as the main
 * thread would, in the same order and under the same locks.
 */
export class PgliteThreadClient implements PgliteClient {
  #worker: Worker;
  #next = 0;
  #waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #stopped: Error | null = null;
  #closing: Promise<void> | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (message: ToMain) => {
      if (typeof message.id !== 'number') return;
      const waiting = this.#waiting.get(message.id);
      this.#waiting.delete(message.id);
      if ('error' in message) waiting?.reject(toError(message.error));
      else waiting?.resolve(message.result);
    });
    const stop = (error: Error) => {
      this.#stopped ??= error;
      for (const waiting of this.#waiting.values()) waiting.reject(this.#stopped);
      this.#waiting.clear();
    };
    worker.on('error', stop);
    worker.on('exit', () => stop(new Error('the embedded database has stopped')));
  }

  /** Starts the thread and opens the database in `dir`; resolves when it answers. */
  static open(dir: string, options: ThreadOptions = {}): Promise<PgliteThreadClient> {
    return PgliteThreadClient.#ready(spawnThread({ pgliteThread: true, dir, options }));
  }

  /**
   * Starts the thread before the database's folder is known (the process's entry, before it loads
   * its settings): it loads PGlite and compiles its WebAssembly meanwhile. `open` then opens the
   * database there; `cancel` ends the thread when the start needs none.
   */
  static prewarm(): { open(dir: string, options?: ThreadOptions): Promise<PgliteThreadClient>; cancel(): void } {
    const worker = spawnThread({ pgliteThread: true, dir: null, options: {} });
    // Until it is opened, a failure is reported by `open`.
    worker.on('error', () => undefined);
    return {
      open: (dir, options = {}) => {
        worker.postMessage({ open: { dir, options } } satisfies OpenMessage);
        return PgliteThreadClient.#ready(worker);
      },
      cancel: () => void worker.terminate(),
    };
  }

  static #ready(worker: Worker): Promise<PgliteThreadClient> {
    return new Promise((resolve, reject) => {
      const onMessage = (message: ToMain) => {
        if (message.id === 'ready') resolve(new PgliteThreadClient(worker));
        else if (message.id === 'failed') reject(toError(message.error));
        else return;
        worker.off('message', onMessage);
        worker.off('error', reject);
      };
      worker.on('message', onMessage);
      worker.on('error', reject);
    });
  }

  get closed(): boolean {
    return this.#closing !== null || this.#stopped !== null;
  }

  #call<T>(message: DistributiveOmit<ToThread, 'id'>): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#next++;
    return new Promise<T>((resolve, reject) => {
      this.#waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...message, id } as ToThread);
    });
  }

  #query<T>(tx: number | null, sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#call<Results<T>>({
      op: 'query',
      sql,
      params,
      rowMode: options?.rowMode ?? 'object',
      textTypes: Object.keys(options?.parsers ?? {}).map(Number),
      tx,
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(null, sql, params, options);
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.#call<number>({ op: 'begin' });
    let done = false;
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => this.#query<R>(id, sql, params, options),
      get closed() {
        return done;
      },
    } as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      done = true;
      await this.#call({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      throw error;
    }
    done = true;
    await this.#call({ op: 'end', tx: id, commit: true });
    return result;
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      if (!this.#stopped) await this.#call({ op: 'close' }).catch(() => undefined);
      await this.#worker.terminate();
    })();
    return this.#closing;
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function spawnThread(data: ThreadData): Worker {
  // Bundled (npm run build), the worker is dist/pglite-thread.js. From the sources (tsx) this file is
  // its own worker, which registers the TypeScript loader first: a worker does not inherit --import.
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = fromSources
    ? `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`
    : new URL('./pglite-thread.js', import.meta.url);
  return new Worker(entry, { eval: fromSources, workerData: data });
}

/** The thread's side: opens the database and runs what the main thread sends, in order. */
async function runThread(dir: string, options: ThreadOptions, prepared?: Promise<PgliteArtifacts>) {
  const port = parentPort!;
  const send = (message: ToMain) => port.postMessage(message);
  let db: PGlite;
  try {
    db = await openPgliteClient(dir, { ...options, ...(await prepared) });
  } catch (error) {
    send({ id: 'failed', error: errorFields(error) });
    return;
  }
  // A failed checkpoint is tried again at the next tick; the statements it waited for are unaffected.
  const stopCheckpoints = keepWalBounded(db);
  const open = new Map<number, { tx: Transaction; finish: (commit: boolean) => void }>();
  const settling = new Map<number, Promise<void>>();
  const answer = (id: number, work: Promise<unknown>) =>
    work.then(
      (result) => send({ id, result }),
      (error: unknown) => send({ id, error: errorFields(error) }),
    );
  const textParsers = new Map<string, Record<number, (text: string) => string>>();
  const parsersFor = (types: number[]) => {
    const key = types.join(',');
    let parsers = textParsers.get(key);
    if (!parsers) {
      parsers = Object.fromEntries(types.map((type) => [type, (text: string) => text]));
      textParsers.set(key, parsers);
    }
    return parsers;
  };

  port.on('message', (message: ToThread) => {
    switch (message.op) {
      case 'query': {
        const target = message.tx === null ? db : open.get(message.tx)?.tx;
        if (!target) return void send({ id: message.id, error: { name: 'Error', message: 'no such transaction' } });
        return void answer(
          message.id,
          target.query(message.sql, message.params, {
            rowMode: message.rowMode,
            parsers: parsersFor(message.textTypes),
          }),
        );
      }
      case 'begin': {
        const { id } = message;
        let begun = false;
        const settled = db.transaction(
          (tx) =>
            new Promise<void>((resolve, reject) => {
              begun = true;
              open.set(id, { tx, finish: (commit) => (commit ? resolve() : reject(ROLLBACK)) });
              send({ id, result: id });
            }),
        );
        settling.set(id, settled);
        // A transaction that could not begin is the answer to `begin`; one that ends, to `end`.
        settled.catch((error: unknown) => {
          if (begun) return;
          settling.delete(id);
          send({ id, error: errorFields(error) });
        });
        return;
      }
      case 'end': {
        const entry = open.get(message.tx);
        const settled = settling.get(message.tx);
        open.delete(message.tx);
        settling.delete(message.tx);
        if (!entry || !settled)
          return void send({ id: message.id, error: { name: 'Error', message: 'no such transaction' } });
        entry.finish(message.commit);
        return void answer(
          message.id,
          settled.catch((error: unknown) => {
            if (error !== ROLLBACK) throw error;
          }),
        );
      }
      case 'close':
        return void answer(
          message.id,
          stopCheckpoints().then(() => db.close()),
        );
    }
  });
  send({ id: 'ready' });
}

if (!isMainThread && (workerData as ThreadData | null)?.pgliteThread === true) {
  const { dir, options } = workerData as ThreadData;
  if (dir !== null) void runThread(dir, options ?? {});
  else {
    const prepared = loadPgliteArtifacts();
    // A failure is reported when the database opens.
    prepared.catch(() => undefined);
    parentPort!.once('message', ({ open }: OpenMessage) => void runThread(open.dir, open.options, prepared));
  }
}
