import fs from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { NodeFS } from '@electric-sql/pglite/nodefs';
import { checkDataDir } from './data-dir.js';

/**
 * PostgreSQL's default of 128 MB shared buffers costs the embedded database half a second at every
 * open (the buffer pool is set up in WebAssembly memory) and that memory for life. The console's
 * data is small and its files stay in the operating system's cache, so 16 MB is plenty.
 */
export const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/**
 * What makes a commit reach the disk before it is acknowledged, on a data folder (see
 * `openPgliteClient`). `wal_sync_method=fsync`: PGlite's fdatasync is a no-op, its fsync reaches the
 * file layer. `max_wal_size`/`min_wal_size` bound the write-ahead log that a checkpoint keeps
 * (checkpoints themselves are run by `keepWalBounded`: the embedded database has no checkpointer).
 */
export const DURABLE_SETTINGS = [
  '-c',
  'fsync=on',
  '-c',
  'synchronous_commit=on',
  '-c',
  'wal_sync_method=fsync',
  '-c',
  'max_wal_size=64MB',
  '-c',
  'min_wal_size=32MB',
];

/** True when the embedded database folder holds no database yet. */
export function isFreshPglite(dir: string): boolean {
  return !fs.existsSync(path.join(dir, 'PG_VERSION'));
}

export type PgliteOpenOptions = {
  /**
   * Commits are flushed to the disk before they are acknowledged (the default). Off, a commit
   * survives a killed process but not a power cut: for the write-rate bench's comparison only.
   */
  durable?: boolean;
  /** A dump of a data folder (`dumpDataDir`) to create the database from: a restore. */
  loadDataDir?: Blob;
} & Partial<PgliteArtifacts>;

/** PGlite's WebAssembly, compiled, and its file bundle (what PGlite otherwise reads at every open). */
export type PgliteArtifacts = { pgliteWasmModule: WebAssembly.Module; fsBundle: Blob };

/**
 * Reads and compiles PGlite's WebAssembly and reads its file bundle, as PGlite would when it opens: a
 * thread started ahead does it while the database's folder is not known yet.
 */
export async function loadPgliteArtifacts(): Promise<PgliteArtifacts> {
  // Node's global, which the server's type libraries declare as types only.
  const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } })
    .WebAssembly;
  const file = (name: string) => readFile(fileURLToPath(import.meta.resolve(`@electric-sql/pglite/${name}`)));
  const [pgliteWasmModule, fsBundle] = await Promise.all([
    file('pglite.wasm').then((bytes) => wasm.compile(bytes)),
    file('pglite.data').then((bytes) => new Blob([bytes])),
    // The library itself, for the open that follows.
    import('@electric-sql/pglite'),
  ]);
  return { pgliteWasmModule, fsBundle };
}

/** The part of Emscripten's NODEFS that the durable file layer completes. */
type NodefsModule = {
  NODEFS: {
    stream_ops: Record<string, unknown> & { fsync?: (stream: { nfd?: number }) => number };
    tryFSOperation<T>(operation: () => T): T;
  };
};

/**
 * PGlite's Node file layer (Emscripten's NODEFS) has no `fsync`: PostgreSQL's fsync of the
 * write-ahead log and of the data files at a checkpoint returned at once with the data still in
 * the operating system's cache. This one makes it Node's `fsync(2)` on the open file.
 */
async function durableNodeFs(dir: string): Promise<NodeFS> {
  const { NodeFS } = await import('@electric-sql/pglite/nodefs');
  class DurableNodeFS extends NodeFS {
    override async init(pg: PGlite, emscriptenOptions: Parameters<NodeFS['init']>[1]) {
      const result = await super.init(pg, emscriptenOptions);
      const opts = result.emscriptenOpts as { preRun: ((module: NodefsModule) => void)[] };
      opts.preRun.push((module) => {
        const nodefs = module.NODEFS;
        nodefs.stream_ops.fsync = (stream) => {
          if (stream.nfd !== undefined) nodefs.tryFSOperation(() => fs.fsyncSync(stream.nfd!));
          return 0;
        };
      });
      return result;
    }
  }
  return new DurableNodeFS(dir);
}

/** Opens the embedded database in `dir`, or in memory when `dir` is null. */
export async function openPgliteClient(dir: string | null, options: PgliteOpenOptions = {}): Promise<PGlite> {
  // Loaded here, not with this file: the process's entry reads isFreshPglite before PGlite is needed.
  const [{ PGlite }] = await Promise.all([
    import('@electric-sql/pglite'),
    dir ? mkdir(dir, { recursive: true }).catch(() => undefined) : null,
  ]);
  if (!dir) return PGlite.create({ startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] });
  try {
    return await createOnDisk(dir, options);
  } catch (error) {
    // PGlite says only "errno 51" or "failed to initialize": the folder's own check says why.
    await checkDataDir(dir, { minFreeBytes: 0 });
    throw error;
  }
}

async function createOnDisk(dir: string, options: PgliteOpenOptions): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const given = {
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    ...(options.pgliteWasmModule ? { pgliteWasmModule: options.pgliteWasmModule } : {}),
    ...(options.fsBundle ? { fsBundle: options.fsBundle } : {}),
  };
  if (options.durable === false) {
    return PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS], ...given });
  }
  // PGlite starts PostgreSQL with `-F` (fsync off) unless told otherwise.
  const startParams = [...PGlite.defaultStartParams.filter((p) => p !== '-F'), ...PGLITE_SETTINGS, ...DURABLE_SETTINGS];
  return PGlite.create({ fs: await durableNodeFs(dir), startParams, ...given });
}

export type WalBound = {
  /** Checked this often (the cost is one small query). */
  everyMs: number;
  /** A checkpoint runs once this much log was written since the last one. */
  maxBytes: number;
  /** And at least this often while anything is written (PostgreSQL's checkpoint_timeout). */
  maxAgeMs: number;
};

export const DEFAULT_WAL_BOUND: WalBound = { everyMs: 10_000, maxBytes: 32 * 1024 * 1024, maxAgeMs: 5 * 60_000 };

/**
 * PostgreSQL starts a checkpoint when the log passes `max_wal_size` or `checkpoint_timeout` from
 * its checkpointer process; the embedded database is a single process without one, so its log
 * grew until the next start. This runs the checkpoints on a timer instead, which lets PostgreSQL
 * recycle the log down to `min_wal_size`. Returns what stops it (awaiting a checkpoint under way).
 */
export function keepWalBounded(
  db: Pick<PGlite, 'query'>,
  bound: WalBound = DEFAULT_WAL_BOUND,
  onError: (error: unknown) => void = () => undefined,
): () => Promise<void> {
  let last = Date.now();
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const check = async () => {
    const { rows } = await db.query<{ pending: number }>(
      'select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::float8 as pending from pg_control_checkpoint()',
    );
    const pending = rows[0]?.pending ?? 0;
    // A checkpoint writes a little log of its own: that much is not "something written since".
    const due = pending > bound.maxBytes || (pending > 64 * 1024 && Date.now() - last >= bound.maxAgeMs);
    if (!due || stopped) return;
    await db.query('checkpoint');
    last = Date.now();
  };
  const timer = setInterval(() => {
    running = running.then(check).catch(onError);
  }, bound.everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
