import { chmod, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Makes `DATA_DIR` and everything in it readable and writable by its owner only (folders 0700,
 * files 0600), creating it when missing. The embedded database's files are created 0666 by its
 * file layer whatever the process's umask; they are corrected at every start, after a fresh set-up
 * and at shutdown, and a file it creates while running is out of others' reach inside the 0700
 * folder.
 */
export async function keepDataDirPrivate(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await privateTree(dir);
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
