import fs from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepWalBounded, openPgliteClient } from './pglite.js';

const MB = 1024 * 1024;

/** The bytes of the files in `dir`; a file a checkpoint removes while it is read counts nothing. */
async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await folderBytes(full);
    else total += (await stat(full).catch(() => null))?.size ?? 0;
  }
  return total;
}

describe('the embedded database on disk', () => {
  const dirs: string[] = [];
  const open: PGlite[] = [];
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const db of open.splice(0)) await db.close();
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });
  const fresh = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'patrol-pglite-'));
    dirs.push(dir);
    return dir;
  };

  it('flushes the write-ahead log to the disk (fsync) before a commit is acknowledged', async () => {
    const dir = await fresh();
    const db = await openPgliteClient(dir);
    open.push(db);
    expect((await db.query<{ fsync: string }>('show fsync')).rows[0]!.fsync).toBe('on');
    await db.exec('create table t (id serial primary key, v text)');
    // Which files got fsync(2) during one committed insert, read back from the descriptors.
    const synced: string[] = [];
    const real = fs.fsyncSync;
    vi.spyOn(fs, 'fsyncSync').mockImplementation((fd: number) => {
      synced.push(fs.readlinkSync(`/proc/self/fd/${fd}`));
      real(fd);
    });
    await db.query('insert into t (v) values ($1)', ['committed']);
    expect(synced.some((file) => file.startsWith(path.join(dir, 'pg_wal') + path.sep))).toBe(true);
    // And a checkpoint flushes the data files before the log they replace may be recycled.
    synced.length = 0;
    await db.query('checkpoint');
    expect(synced.some((file) => file.startsWith(path.join(dir, 'base') + path.sep))).toBe(true);
  }, 60_000);

  it('keeps the write-ahead log bounded under many writes', async () => {
    const dir = await fresh();
    const db = await openPgliteClient(dir);
    open.push(db);
    const stop = keepWalBounded(db, { everyMs: 20, maxBytes: 32 * MB, maxAgeMs: 60_000 });
    await db.exec('create table t (id serial primary key, v text)');
    let largest = 0;
    // About 140 MB of log in batches of about 1.5 MB, the size of the folder read after each.
    for (let i = 0; i < 100; i++) {
      await db.query(`insert into t (v) select repeat('x', 1000) from generate_series(1, 1000)`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      largest = Math.max(largest, await folderBytes(path.join(dir, 'pg_wal')));
    }
    await stop();
    const { rows } = await db.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    const [hi, lo] = rows[0]!.lsn.split('/').map((h) => parseInt(h, 16));
    expect(hi! * 2 ** 32 + lo!).toBeGreaterThan(120 * MB);
    // max_wal_size (64 MB) plus the segment being written.
    expect(largest).toBeLessThanOrEqual(80 * MB);
  }, 120_000);
});
