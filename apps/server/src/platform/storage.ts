import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { AppConfig } from './config.js';
import type { DbOrTx } from './db.js';
import { storedFiles } from './platform.tables.js';

/** A kept file: its bytes and the content type it was stored with. */
export type StoredFile = { bytes: Buffer; contentType: string };

/**
 * Where the server keeps files it received (alarm images). Keys are paths of safe segments
 * (`alarms/12/abc.jpg`); storing a key again replaces the file.
 */
export type FileStorage = {
  kind: 'disk' | 'database';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none under that key. */
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
};

const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

function checkKey(key: string): string {
  if (key.length > 200 || !KEY_PATTERN.test(key) || key.split('/').includes('..')) {
    throw new Error(`invalid storage key: ${key}`);
  }
  return key;
}

/**
 * Files on the local disk under `root`, each beside a small `.type` file with its content type.
 * For a single instance (another instance would not see them).
 */
export function diskStorage(root: string): FileStorage {
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split('/'));
  return {
    kind: 'disk',
    async put(key, bytes, contentType) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(file, bytes, { mode: 0o600 });
      await writeFile(`${file}.type`, contentType, { mode: 0o600 });
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const [bytes, contentType] = await Promise.all([readFile(file), readFile(`${file}.type`, 'utf8')]);
        return { bytes, contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      await rm(`${file}.type`, { force: true });
    },
  };
}

/** Files in the database (`stored_files`): every instance on the same database reads them. */
export function databaseStorage(db: DbOrTx): FileStorage {
  return {
    kind: 'database',
    async put(key, bytes, contentType) {
      const row = { key: checkKey(key), contentType, size: bytes.length, bytes };
      await db
        .insert(storedFiles)
        .values(row)
        .onConflictDoUpdate({ target: storedFiles.key, set: { contentType, size: bytes.length, bytes } });
    },
    async get(key) {
      const [row] = await db
        .select({ bytes: storedFiles.bytes, contentType: storedFiles.contentType })
        .from(storedFiles)
        .where(eq(storedFiles.key, checkKey(key)))
        .limit(1);
      return row ?? null;
    },
    async delete(key) {
      await db.delete(storedFiles).where(eq(storedFiles.key, checkKey(key)));
    },
  };
}

/** The storage FILE_STORAGE names: the database, or `DATA_DIR/files`. */
export function createStorage(config: Pick<AppConfig, 'fileStorage' | 'dataDir'>, db: DbOrTx): FileStorage {
  return config.fileStorage === 'database' ? databaseStorage(db) : diskStorage(path.join(config.dataDir, 'files'));
}
