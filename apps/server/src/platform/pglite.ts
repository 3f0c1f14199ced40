import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's default of 128 MB shared buffers costs the embedded database half a second at every
 * open (the buffer pool is set up in WebAssembly memory) and that memory for life. The console's
 * data is small and its files stay in the operating system's cache, so 16 MB is plenty.
 */
export const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/** True when the embedded database folder holds no database yet. */
export function isFreshPglite(dir: string): boolean {
  return !existsSync(path.join(dir, 'PG_VERSION'));
}

/** Opens the embedded database in `dir`, or in memory when `dir` is null. */
export async function openPgliteClient(dir: string | null): Promise<PGlite> {
  // Loaded here, not with this file: the process's entry reads isFreshPglite before PGlite is needed.
  const [{ PGlite }] = await Promise.all([
    import('@electric-sql/pglite'),
    dir ? mkdir(dir, { recursive: true }) : null,
  ]);
  return PGlite.create(dir ?? undefined, { startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] });
}
