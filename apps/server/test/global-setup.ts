import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { pgliteDatabase } from '../src/platform/db.js';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory (tar) that every test file starts from. */
    pgliteDump: string | null;
  }
}

/**
 * Starting PGlite and migrating costs seconds of CPU; do it once per run and hand every test file
 * the migrated data directory. Not needed when the tests run on PostgreSQL.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL?.trim()) {
    project.provide('pgliteDump', null);
    return;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'patrol-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  const client = await PGlite.create();
  await pgliteDatabase(client).migrate();
  const dump = await client.dumpDataDir('none');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteDump', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
