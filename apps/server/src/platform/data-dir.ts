import fs from 'node:fs';
import { chmod, mkdir, open, readdir, statfs, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Makes `DATA_DIR` and everything in it readable and writable by its owner only (folders 0700,
 * files 0600), creating it when missing. The embedded database's files are created 0666 by its
 * file layer whatever the process's umask; they are corrected at every start, after a fresh set-up
 * and at shutdown, and a file it creates while running is out of others' reach inside the 0700
 * folder.
 */
export async function keepDataDirPrivate(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await privateTree(dir);
  } catch (error) {
    throw dataDirError(dir, error);
  }
}

async function privateTree(dir: string): Promise<void> {
  await chmod(dir, 0o700);
  const entries = await readdir(dir, { withFileTypes: true });
  await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return privateTree(full);
      return entry.isFile() ? chmod(full, 0o600) : undefined;
    }),
  );
}

/** Why `DATA_DIR` cannot hold the server's data. */
export type DataDirProblem = 'full' | 'readOnly' | 'noAccess' | 'notAFolder';

/**
 * `DATA_DIR` cannot be used; the message is one sentence naming the folder, the cause and the way
 * out, which the start logs before it exits with a non-zero code.
 */
export class DataDirError extends Error {
  readonly problem: DataDirProblem;
  constructor(dir: string, problem: DataDirProblem, detail: string, options?: { cause?: unknown }) {
    super(DATA_DIR_MESSAGES[problem](dir, detail), options);
    this.name = 'DataDirError';
    this.problem = problem;
  }
}

const DATA_DIR_MESSAGES: Record<DataDirProblem, (dir: string, detail: string) => string> = {
  full: (dir, detail) =>
    `The data folder ${dir} is full (${detail}): free some space on its disk or set DATA_DIR to a folder on a larger one.`,
  readOnly: (dir, detail) =>
    `The data folder ${dir} is on a read-only file system (${detail}): mount it read-write or set DATA_DIR to a writable folder.`,
  noAccess: (dir, detail) =>
    `The data folder ${dir} is not writable by the server's user (${detail}): give that user the folder or set DATA_DIR to one it owns.`,
  notAFolder: (dir, detail) =>
    `The data folder ${dir} is not a folder (${detail}): remove what is there or set DATA_DIR to a folder.`,
};

const PROBLEM_BY_CODE: Record<string, DataDirProblem> = {
  ENOSPC: 'full',
  EDQUOT: 'full',
  EROFS: 'readOnly',
  EACCES: 'noAccess',
  EPERM: 'noAccess',
  ENOTDIR: 'notAFolder',
  EEXIST: 'notAFolder',
};

/** The error of a file operation on `dir` as a DataDirError when its cause is one of the above, else as it was. */
export function dataDirError(dir: string, error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  const problem = typeof code === 'string' ? PROBLEM_BY_CODE[code] : undefined;
  return problem ? new DataDirError(dir, problem, `${code}`, { cause: error }) : error;
}

/** The file operations the check makes; tests replace them to produce a cause the machine cannot. */
export type ProbeFs = {
  mkdir: typeof mkdir;
  open: typeof open;
  unlink: typeof unlink;
  statfs: typeof statfs;
};

const realFs: ProbeFs = { mkdir, open, unlink, statfs };

/**
 * Least free space to start with: the embedded database writes its log in 16 MB segments and
 * keeps up to 64 MB of it, and a first start writes about 40 MB.
 */
export const MIN_FREE_BYTES = 128 * 1024 * 1024;

/**
 * Proves that `dir` can take the server's data before the embedded database opens on it (which
 * otherwise fails with "errno 51" or "PGlite failed to initialize"): creates the folder, writes,
 * flushes and removes a probe file, and reads the free space. Throws a DataDirError saying what is
 * wrong.
 */
export async function checkDataDir(dir: string, options: { minFreeBytes?: number; fs?: ProbeFs } = {}): Promise<void> {
  const probeFs = options.fs ?? realFs;
  const minFree = options.minFreeBytes ?? MIN_FREE_BYTES;
  try {
    await probeFs.mkdir(dir, { recursive: true, mode: 0o700 });
    const probe = path.join(dir, `.write-probe-${process.pid}`);
    const handle = await probeFs.open(probe, 'w', 0o600);
    try {
      await handle.writeFile(Buffer.alloc(4096));
      await handle.sync();
    } finally {
      await handle.close();
      await probeFs.unlink(probe).catch(() => undefined);
    }
    const space = await probeFs.statfs(dir);
    const free = space.bavail * space.bsize;
    if (free < minFree) {
      throw new DataDirError(
        dir,
        'full',
        `${Math.floor(free / 1024 / 1024)} MB free, at least ${Math.ceil(minFree / 1024 / 1024)} MB needed`,
      );
    }
  } catch (error) {
    throw dataDirError(dir, error);
  }
}

/**
 * Flushes every file and folder under `dir` to the disk. A fresh embedded database is unpacked by
 * PGlite without flushing anything (PostgreSQL flushes only what it writes afterwards), so the
 * first start flushes the whole folder once before it reports the database ready.
 */
export function syncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(full);
    else if (entry.isFile()) syncPath(full);
  }
  syncPath(dir);
}

function syncPath(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
