import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PLATFORM_TENANT_ID } from '@patrol/contracts';
import { setUpInChild } from './first-start.js';
import { isFreshPglite } from './platform/pglite.js';
import { findUserByAccount } from './modules/users/users.repository.js';
import { openDatabase } from './platform/db.js';
import { ADMIN_ACCOUNT } from './seed.js';

describe('a fresh data folder is set up in a child process', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });

  it('creates, migrates and seeds the database there, passing its log lines on', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'patrol-first-'));
    dirs.push(dataDir);
    const pgliteDir = path.join(dataDir, 'pglite');
    expect(isFreshPglite(pgliteDir)).toBe(true);
    const lines: string[] = [];
    await setUpInChild(
      { pgliteDir, seed: { adminPassword: 'Chosen-by-ops-7', dataDir, scryptLogN: 10 } },
      { info: (m) => lines.push(m), warn: (m) => lines.push(m) },
    );
    expect(isFreshPglite(pgliteDir)).toBe(false);
    expect(lines.join('\n')).toMatch(/initial administrator created/);
    const database = await openDatabase({ databaseUrl: null, pgliteDir });
    try {
      expect(await findUserByAccount(database.db, PLATFORM_TENANT_ID, ADMIN_ACCOUNT)).toBeTruthy();
    } finally {
      await database.close();
    }
  }, 60_000);

  it('fails the start with the reason when the folder cannot be set up', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'patrol-first-'));
    dirs.push(dataDir);
    const notADir = path.join(dataDir, 'pglite');
    await writeFile(notADir, 'a file where the database folder should be');
    await expect(
      setUpInChild(
        { pgliteDir: notADir, seed: { adminPassword: null, dataDir, scryptLogN: 10 } },
        { info: () => undefined, warn: () => undefined },
      ),
    ).rejects.toThrow(/EEXIST|ENOTDIR|not a directory|exists/i);
  }, 60_000);
});
