import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { chmod, mkdtemp, open, readdir, rm, stat, statfs, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkDataDir, DataDirError, syncTree, type ProbeFs } from './data-dir.js';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

/** Every folder and file under `dir` (itself included) that its group or others may use. */
async function notPrivate(dir: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (p: string) => {
    const s = await stat(p);
    if (s.mode & 0o077) found.push(`${path.relative(dir, p) || '.'} ${(s.mode & 0o777).toString(8)}`);
    if (s.isDirectory()) for (const name of await readdir(p)) await visit(path.join(p, name));
  };
  await visit(dir);
  return found;
}

const serverEnv = (dataDir: string) => ({
  ...process.env,
  DATA_DIR: dataDir,
  PORT: '0',
  HOST: '127.0.0.1',
  MQTT_PORT: '0',
  DATABASE_URL: '',
  REDIS_URL: '',
  MQTT_URL: '',
  SCRYPT_LOG_N: '10',
});

/** Starts the server on `dataDir` expecting it to refuse; answers its exit code and what it printed. */
function startRefused(dataDir: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: serverEnv(dataDir),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not stop:\n${out}`));
    }, 60_000);
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

/** Mounts a tmpfs (as root only); false when this machine does not allow it. */
function mountTmpfs(dir: string, options: string): boolean {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Starts the server as a site would, on a free port, and stops it once it says it is ready. */
function startAndStop(dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: serverEnv(dataDir),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let stopping = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start:\n${out}`));
    }, 90_000);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      if (stopping || !/ready in \d+ ms/.test(out)) return;
      stopping = true;
      child.kill('SIGTERM');
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0 && stopping) resolve();
      else reject(new Error(`the server exited with ${code}:\n${out}`));
    });
  });
}

describe('the data folder', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });

  it('is readable and writable by its owner only after a first start and after a later one', async () => {
    const dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'patrol-data-')), 'data');
    dirs.push(path.dirname(dataDir));
    await startAndStop(dataDir);
    expect(await readdir(path.join(dataDir, 'pglite'))).toContain('PG_VERSION');
    expect(await notPrivate(dataDir)).toEqual([]);
    await startAndStop(dataDir);
    expect(await notPrivate(dataDir)).toEqual([]);
  }, 200_000);
});

describe('a data folder that cannot take the data', () => {
  const dirs: string[] = [];
  const mounts: string[] = [];
  afterEach(async () => {
    for (const m of mounts.splice(0)) execFileSync('umount', [m], { stdio: 'ignore' });
    for (const d of dirs.splice(0)) {
      await chmod(d, 0o700).catch(() => undefined);
      await rm(d, { recursive: true, force: true });
    }
  });
  const fresh = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'patrol-data-'));
    dirs.push(dir);
    return dir;
  };

  it('stops the start with one sentence naming the folder when it is read-only', async () => {
    const dataDir = await fresh();
    // Root writes through chmod 0555, so as root a read-only mount is used; otherwise the mode.
    if (mountTmpfs(dataDir, 'size=1m,ro')) mounts.push(dataDir);
    else await chmod(dataDir, 0o555);
    const { code, out } = await startRefused(dataDir);
    expect(code).not.toBe(0);
    const cause = mounts.length ? 'is on a read-only file system' : 'is not writable by the server';
    // A log line of its own (pino's fatal), not a stack trace.
    expect(out).toMatch(new RegExp(`"level":60,.*"msg":"The data folder ${dataDir} ${cause}`));
  }, 90_000);

  it('stops the start with one sentence naming the folder when its disk is full', async (context) => {
    const dataDir = await fresh();
    if (!mountTmpfs(dataDir, 'size=2m')) return context.skip();
    mounts.push(dataDir);
    // Filled to the last byte, so the probe's own write fails with ENOSPC.
    const filler = await open(path.join(dataDir, 'filler'), 'w');
    try {
      for (;;) await filler.write(Buffer.alloc(64 * 1024));
    } catch (error) {
      expect((error as { code?: string }).code).toBe('ENOSPC');
    } finally {
      await filler.close();
    }
    const { code, out } = await startRefused(dataDir);
    expect(code).not.toBe(0);
    expect(out).toMatch(new RegExp(`"level":60,.*"msg":"The data folder ${dataDir} is full`));
    expect(out).toContain('ENOSPC');
  }, 90_000);

  it('refuses a folder with less free space than the embedded database needs', async (context) => {
    const dataDir = await fresh();
    if (!mountTmpfs(dataDir, 'size=2m')) return context.skip();
    mounts.push(dataDir);
    await expect(checkDataDir(dataDir)).rejects.toThrow(
      new RegExp(`^The data folder ${dataDir} is full \\(\\d+ MB free, at least 128 MB needed\\)`),
    );
    await writeFile(path.join(dataDir, 'small'), 'x');
    await expect(checkDataDir(dataDir, { minFreeBytes: 1024 })).resolves.toBeUndefined();
  });

  // The causes as the file system reports them, whatever this machine can produce for real.
  it.each([
    ['ENOSPC', 'full', 'is full (ENOSPC)'],
    ['EROFS', 'readOnly', 'is on a read-only file system (EROFS)'],
    ['EACCES', 'noAccess', 'is not writable by the server'],
  ] as const)('maps %s from the probe write to a clear sentence', async (code, problem, text) => {
    const dataDir = await fresh();
    const failing: ProbeFs = {
      mkdir: (async () => undefined) as unknown as ProbeFs['mkdir'],
      open: (async () => {
        throw Object.assign(new Error(`${code}: errno 51`), { code });
      }) as unknown as ProbeFs['open'],
      unlink: (async () => undefined) as ProbeFs['unlink'],
      statfs,
    };
    const error = await checkDataDir(dataDir, { fs: failing }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirError);
    expect((error as DataDirError).problem).toBe(problem);
    expect((error as DataDirError).message).toContain(`The data folder ${dataDir} ${text}`);
    expect((error as DataDirError).message.split('. ')).toHaveLength(1);
  });
});

describe('flushing a folder to the disk', () => {
  it('fsyncs every file and every folder under it', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'patrol-sync-'));
    try {
      await writeFile(path.join(root, 'a'), 'a');
      await fs.promises.mkdir(path.join(root, 'sub'));
      await writeFile(path.join(root, 'sub', 'b'), 'b');
      const synced: string[] = [];
      const real = fs.fsyncSync;
      const spy = vi.spyOn(fs, 'fsyncSync').mockImplementation((fd: number) => {
        synced.push(fs.readlinkSync(`/proc/self/fd/${fd}`));
        real(fd);
      });
      syncTree(root);
      spy.mockRestore();
      expect(synced.sort()).toEqual(
        [root, path.join(root, 'a'), path.join(root, 'sub'), path.join(root, 'sub', 'b')].sort(),
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
