import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_TENANT_ID } from '@patrol/contracts';
import { findUserByAccount } from '../modules/users/users.repository.js';
import { ADMIN_ACCOUNT, seed } from '../seed.js';
import { pgliteDatabase, type Database } from './db.js';
import { PgliteThreadClient } from './pglite-thread.js';

const quiet = { info: () => undefined, warn: () => undefined };

/** The rows of a raw query (the database type leaves their shape to the caller). */
const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

/** Drizzle wraps a failed query; the database's own error is its cause. */
const databaseError = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (e: unknown) => e as Error & { cause?: Record<string, unknown> },
  );
  expect(error).toBeTruthy();
  return (error!.cause ?? error) as Record<string, unknown>;
};

describe('the embedded database on its own thread', () => {
  let dataDir: string;
  let client: PgliteThreadClient;
  let database: Database;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'patrol-pglite-thread-'));
    client = await PgliteThreadClient.open(path.join(dataDir, 'pglite'));
    database = pgliteDatabase(client);
    await database.migrate();
    await seed(database.db, { adminPassword: 'Chosen-by-ops-7', dataDir, scryptLogN: 10, log: quiet });
    await database.db.execute(sql`create table notes (id int primary key, body text not null, at timestamptz)`);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs the migrations, the seed and the repositories as in process', async () => {
    const admin = await findUserByAccount(database.db, PLATFORM_TENANT_ID, ADMIN_ACCOUNT);
    expect(admin?.account).toBe(ADMIN_ACCOUNT);
    expect(await database.ping()).toBe(true);
  });

  it('keeps what a transaction commits and nothing of one that fails', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (id, body) values (1, 'kept')`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes (id, body) values (2, 'undone')`);
        throw new Error('the operator cancelled');
      }),
    ).rejects.toThrow('the operator cancelled');
    const rows = await rowsOf<{ id: number }>(database.db.execute(sql`select id from notes order by id`));
    expect(rows.map((r) => r.id)).toEqual([1]);
  });

  it('rolls back to a savepoint for a nested transaction', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (id, body) values (10, 'outer')`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into notes (id, body) values (11, 'inner')`);
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
    });
    const rows = await rowsOf<{ id: number }>(
      database.db.execute(sql`select id from notes where id >= 10 order by id`),
    );
    expect(rows.map((r) => r.id)).toEqual([10]);
  });

  it('gives the database error its code and constraint, and the transaction is undone', async () => {
    const error = await databaseError(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes (id, body) values (20, 'first')`);
        await tx.execute(sql`insert into notes (id, body) values (20, 'same id')`);
      }),
    );
    expect(error.code).toBe('23505');
    expect(error.constraint).toBe('notes_pkey');
    const rows = await rowsOf(database.db.execute(sql`select id from notes where id = 20`));
    expect(rows).toEqual([]);
  });

  it('makes queries from outside a transaction wait until it ends, as PGlite does in process', async () => {
    let release!: () => void;
    let inserted!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const written = new Promise<void>((resolve) => (inserted = resolve));
    const writing = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (id, body) values (30, 'while open')`);
      inserted();
      await held;
    });
    await written;
    const reading = rowsOf<{ n: number }>(database.db.execute(sql`select count(*)::int as n from notes where id = 30`));
    release();
    await writing;
    expect((await reading)[0]!.n).toBe(1);
  });

  it('reads timestamps as the text PostgreSQL sends, as drizzle expects', async () => {
    await database.db.execute(sql`insert into notes (id, body, at) values (40, 'dated', '2026-11-24T08:00:00Z')`);
    const rows = await rowsOf<{ at: string }>(database.db.execute(sql`select at from notes where id = 40`));
    expect(typeof rows[0]!.at).toBe('string');
    expect(new Date(rows[0]!.at).toISOString()).toBe('2026-11-24T08:00:00.000Z');
  });

  // Last: it closes the database the tests above share.
  it('fails every query clearly once the thread has stopped', async () => {
    await client.close();
    expect(client.closed).toBe(true);
    await expect(client.query('select 1')).rejects.toThrow(/stopped/);
    expect(await database.ping()).toBe(false);
  });
});

describe('the embedded database on a thread started ahead', () => {
  it('opens the database it is then told of, with the data an earlier open left', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'patrol-pglite-prewarm-'));
    try {
      const first = pgliteDatabase(await PgliteThreadClient.open(path.join(dataDir, 'pglite')));
      await first.db.execute(sql`create table notes (body text not null)`);
      await first.db.execute(sql`insert into notes values ('written before')`);
      await first.close();

      const thread = PgliteThreadClient.prewarm();
      const again = pgliteDatabase(await thread.open(path.join(dataDir, 'pglite')));
      try {
        expect(await rowsOf(again.db.execute(sql`select body from notes`))).toEqual([{ body: 'written before' }]);
      } finally {
        await again.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
