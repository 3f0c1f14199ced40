import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

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

/** Starts the server as a site would, on a free port, and stops it once it says it is ready. */
function startAndStop(dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        MQTT_PORT: '0',
        DATABASE_URL: '',
        REDIS_URL: '',
        MQTT_URL: '',
        SCRYPT_LOG_N: '10',
      },
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
