import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLATFORM_TENANT_ID } from '@patrol/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { findUserByAccount, touchLastLogin } from './modules/users/users.repository.js';
import { openDatabase, type Database } from './platform/db.js';
import { sha256Hex, verifyPassword } from './platform/passwords.js';
import { ADMIN_ACCOUNT, INITIAL_PASSWORD_FILE, seed } from './seed.js';

const KILLED_CHILD = fileURLToPath(new URL('../test/seed-until-killed.ts', import.meta.url));
const quiet = { info: () => undefined, warn: () => undefined };

/** The password in the file, if it signs in as the administrator; null when there is none or it does not. */
async function knownAdminPassword(database: Database, dataDir: string): Promise<string | null> {
  const file = path.join(dataDir, INITIAL_PASSWORD_FILE);
  const written = await readFile(file, 'utf8').catch(() => null);
  if (written === null) return null;
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  const admin = await findUserByAccount(database.db, PLATFORM_TENANT_ID, ADMIN_ACCOUNT);
  if (!admin) return null;
  return (await verifyPassword(sha256Hex(written.trim()), admin.passwordHash)) ? written.trim() : null;
}

describe('the first administrator survives a start killed at any point', () => {
  const dirs: string[] = [];
  const opened: Database[] = [];
  afterEach(async () => {
    for (const d of opened.splice(0)) await d.close();
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });
  const fresh = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'patrol-seed-kill-'));
    dirs.push(dir);
    return dir;
  };
  const openIn = async (dataDir: string) => {
    const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pglite') });
    opened.push(database);
    await database.migrate();
    return database;
  };

  it('has a known password after a SIGKILL right when the administrator was committed, and the next start keeps it', async () => {
    const dataDir = await fresh();
    const signal = await new Promise<NodeJS.Signals | null>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', KILLED_CHILD, dataDir], { stdio: 'inherit' });
      child.once('error', reject);
      child.once('exit', (_code, killedBy) => resolve(killedBy));
    });
    expect(signal).toBe('SIGKILL');

    const database = await openIn(dataDir);
    expect(await findUserByAccount(database.db, PLATFORM_TENANT_ID, ADMIN_ACCOUNT)).toBeTruthy();
    const known = await knownAdminPassword(database, dataDir);
    expect(known).not.toBeNull();
    // The next start changes nothing: the password written is still the one.
    await seed(database.db, { adminPassword: null, dataDir, scryptLogN: 10, recoverPassword: true, log: quiet });
    expect(await knownAdminPassword(database, dataDir)).toBe(known);
  }, 90_000);

  it('writes a new password when nobody ever signed in and the file is gone, and not once someone has', async () => {
    const dataDir = await fresh();
    const database = await openIn(dataDir);
    const first = await seed(database.db, {
      adminPassword: null,
      dataDir,
      scryptLogN: 10,
      recoverPassword: true,
      log: quiet,
    });
    await rm(path.join(dataDir, INITIAL_PASSWORD_FILE));
    expect(await knownAdminPassword(database, dataDir)).toBeNull();

    const lines: string[] = [];
    const again = await seed(database.db, {
      adminPassword: null,
      dataDir,
      scryptLogN: 10,
      recoverPassword: true,
      log: { info: (m: string) => void lines.push(m), warn: () => undefined },
    });
    expect(again.adminCreated).toBe(false);
    expect(again.generatedPassword).not.toBe(first.generatedPassword);
    expect(await knownAdminPassword(database, dataDir)).toBe(again.generatedPassword);
    expect(lines.join('\n')).toContain(again.generatedPassword!);

    // On PostgreSQL each instance has its own DATA_DIR: another instance's missing file changes nothing.
    await rm(path.join(dataDir, INITIAL_PASSWORD_FILE));
    expect(await seed(database.db, { adminPassword: null, dataDir, scryptLogN: 10, log: quiet })).toEqual({
      generatedPassword: null,
      adminCreated: false,
    });

    const admin = (await findUserByAccount(database.db, PLATFORM_TENANT_ID, ADMIN_ACCOUNT))!;
    await touchLastLogin(database.db, PLATFORM_TENANT_ID, admin.id, new Date());
    expect(
      await seed(database.db, { adminPassword: null, dataDir, scryptLogN: 10, recoverPassword: true, log: quiet }),
    ).toEqual({
      generatedPassword: null,
      adminCreated: false,
    });
    expect((await findUserByAccount(database.db, PLATFORM_TENANT_ID, ADMIN_ACCOUNT))!.passwordHash).toBe(
      admin.passwordHash,
    );
  }, 90_000);
});
