import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../platform/db.js';
import * as schema from './schema.js';

type Journal = { entries: { idx: number; tag: string }[] };

/**
 * The committed migrations must be what drizzle-kit would write for the tables in the code: a
 * table changed without `npm run db:generate` would start on a database that lacks it.
 */
describe('migrations', () => {
  it('match the tables of the code (no change left to generate)', async () => {
    const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as Journal;
    const last = journal.entries.at(-1)!;
    const snapshot = JSON.parse(
      await readFile(path.join(MIGRATIONS_FOLDER, `meta/${String(last.idx).padStart(4, '0')}_snapshot.json`), 'utf8'),
    ) as DrizzleSnapshotJSON;
    const current = generateDrizzleJson(schema, snapshot.id, undefined, 'snake_case');
    expect(await generateMigration(snapshot, current)).toEqual([]);
  });

  it('each have their SQL file and snapshot', async () => {
    const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as Journal;
    for (const entry of journal.entries) {
      await expect(readFile(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), 'utf8')).resolves.toMatch(/\S/);
    }
  });
});
