import { LOGIN_LOCK } from '@patrol/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/create-test-app.js';
import { digest, makeUser } from '../../../test/factories.js';
import { openDatabase, type Database } from '../../platform/db.js';
import { loginLogs } from './auth.tables.js';

const LOGIN = '/api/system-server/auth/login';
const BURST = 200;
const databaseUrl = process.env.TEST_DATABASE_URL?.trim();

const attempt = (app: FastifyInstance, account: string, password: string, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: LOGIN, remoteAddress, payload: { account, password: digest(password) } });

/** How many passwords were actually checked and found wrong for an account (its login log). */
async function checkedWrong(t: TestApp, account: string): Promise<number> {
  const rows = await t.db
    .select({ id: loginLogs.id })
    .from(loginLogs)
    .where(and(eq(loginLogs.account, account), eq(loginLogs.reason, 'wrong_password')));
  return rows.length;
}

/**
 * A burst of wrong passwords for one account sent at the same moment, then the right one as the
 * burst's last request: the count and the lock decision are one atomic step, so no more than the
 * limit are checked and the right password is refused while the account is locked.
 */
describe(`a burst of ${BURST} sign-ins for one account (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(`checks at most ${LOGIN_LOCK.maxFailures} wrong passwords and refuses the right one at the end`, async () => {
    const user = await makeUser(t, 1);
    const answers = await Promise.all([
      ...Array.from({ length: BURST }, (_, i) => attempt(t.app, user.account, `wrong-${i}`)),
      attempt(t.app, user.account, user.password),
    ]);
    const checked = await checkedWrong(t, user.account);
    console.info(
      `burst of ${BURST}: ${checked} wrong passwords checked, the right one answered ${answers.at(-1)!.statusCode}`,
    );
    expect(checked).toBeLessThanOrEqual(LOGIN_LOCK.maxFailures);
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(checked);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(BURST + 1 - checked);
    expect(answers.at(-1)!.statusCode).toBe(429);
  });

  it(`checks at most ${LOGIN_LOCK.accountMaxFailures} wrong passwords of a burst spread over ${BURST} addresses`, async () => {
    const user = await makeUser(t, 1);
    const answers = await Promise.all([
      ...Array.from({ length: BURST }, (_, i) =>
        attempt(t.app, user.account, `wrong-${i}`, `10.9.${Math.floor(i / 250)}.${i % 250}`),
      ),
      attempt(t.app, user.account, user.password, '10.9.9.9'),
    ]);
    const checked = await checkedWrong(t, user.account);
    console.info(`burst of ${BURST} from as many addresses: ${checked} wrong passwords checked`);
    expect(checked).toBeLessThanOrEqual(LOGIN_LOCK.accountMaxFailures);
    expect(answers.at(-1)!.statusCode).toBe(429);
  });
});

/** The same burst split between two server instances that share one PostgreSQL database. */
describe.skipIf(!databaseUrl)('a burst of sign-ins across two server instances', () => {
  const apps: TestApp[] = [];
  let second: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const made = await openTestDatabase();
    drop = made.drop;
    second = await openDatabase({ databaseUrl: made.url!, pgliteDir: null });
    apps.push(await createTestApp({ database: made.database }));
    apps.push(await createTestApp({ database: second }));
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await apps[0]?.database.close();
    await second?.close();
    await drop?.();
  });

  it(`checks at most ${LOGIN_LOCK.maxFailures} wrong passwords between them`, async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const user = await makeUser(a, 1);
    const answers = await Promise.all([
      ...Array.from({ length: BURST }, (_, i) => attempt((i % 2 ? b : a).app, user.account, `wrong-${i}`)),
      attempt(b.app, user.account, user.password),
    ]);
    const checked = await checkedWrong(a, user.account);
    console.info(
      `burst of ${BURST} over two instances: ${checked} wrong passwords checked, the right one answered ${answers.at(-1)!.statusCode}`,
    );
    expect(checked).toBeLessThanOrEqual(LOGIN_LOCK.maxFailures);
    expect(answers.at(-1)!.statusCode).toBe(429);
  });
});
