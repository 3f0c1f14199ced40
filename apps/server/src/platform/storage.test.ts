import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/create-test-app.js';
import type { Database } from './db.js';
import { databaseStorage, diskStorage, type FileStorage } from './storage.js';

const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01, 0x02]);

function behavesAsStorage(name: string, make: () => FileStorage) {
  describe(name, () => {
    it('keeps, replaces, reads and deletes a file with its content type', async () => {
      const storage = make();
      expect(await storage.get('alarms/1/none.jpg')).toBeNull();
      await storage.put('alarms/1/a.jpg', bytes, 'image/jpeg');
      expect(await storage.get('alarms/1/a.jpg')).toEqual({ bytes, contentType: 'image/jpeg' });
      await storage.put('alarms/1/a.jpg', Buffer.from('png'), 'image/png');
      expect(await storage.get('alarms/1/a.jpg')).toEqual({ bytes: Buffer.from('png'), contentType: 'image/png' });
      await storage.delete('alarms/1/a.jpg');
      expect(await storage.get('alarms/1/a.jpg')).toBeNull();
      await storage.delete('alarms/1/a.jpg');
    });

    it('refuses keys that would leave its place', async () => {
      const storage = make();
      for (const key of ['../x', 'a/../../x', '/abs', 'a//b', '', 'a/.hidden/..']) {
        await expect(storage.put(key, bytes, 'image/jpeg')).rejects.toThrow(/invalid storage key/);
      }
    });
  });
}

let dir: string;
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'patrol-files-'));
  const made = await openTestDatabase();
  database = made.database;
  drop = made.drop;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await database?.close();
  await drop?.();
});

behavesAsStorage('disk storage', () => diskStorage(dir));
behavesAsStorage('database storage', () => databaseStorage(database.db));

it('keeps files on disk readable by their owner only', async () => {
  await diskStorage(dir).put('alarms/2/b.png', bytes, 'image/png');
  expect((await stat(path.join(dir, 'alarms', '2', 'b.png'))).mode & 0o777).toBe(0o600);
  expect((await stat(path.join(dir, 'alarms'))).mode & 0o777).toBe(0o700);
});
