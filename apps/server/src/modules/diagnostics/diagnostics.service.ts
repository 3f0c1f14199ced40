import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  APP_VERSION,
  type DiagnosticsCodeStatus,
  type DiagnosticsReport,
  type SetDiagnosticsCodeRequest,
} from '@patrol/contracts';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { MIGRATIONS_FOLDER } from '../../platform/db.js';
import { forbidden, notFound, tooManyRequests } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import type { AuthService } from '../auth/auth.service.js';
import type { ServersService } from '../servers/servers.service.js';
import {
  appliedMigrations,
  countOnlineRobots,
  deleteCode,
  findCode,
  saveCode,
  type DiagnosticsCodeRow,
} from './diagnostics.repository.js';

export type DiagnosticsDeps = {
  auth: AuthService;
  servers: ServersService;
  /** Robots connected to the embedded broker now; null with an external broker. */
  connectedRobots: (() => number) | null;
};

type Journal = { entries: { when: number; tag: string }[] };

/** The same key for every attempt: there is one code, so the limit is per address and overall. */
const GATE_KEY = 'code';

/**
 * The /debug page's figures, opened by a code a platform administrator sets. The code is stored
 * as a slow salted hash (like a password); wrong codes are counted by the sign-in limits
 * (`auth.gate`), so the code cannot be guessed by trying.
 */
export function createDiagnosticsService(ctx: AppContext, deps: DiagnosticsDeps) {
  const { db } = ctx;
  let journal: Promise<Journal | null> | null = null;

  function assertPlatform(caller: AuthContext) {
    if (!caller.platformAdmin) throw forbidden();
  }

  function toStatus(row: DiagnosticsCodeRow | undefined, now = new Date()): DiagnosticsCodeStatus {
    if (!row) return { set: false, setByName: null, setAt: null, expiresAt: null, expired: false };
    return {
      set: true,
      setByName: row.setByName,
      setAt: row.setAt.toISOString(),
      expiresAt: row.expiresAt?.toISOString() ?? null,
      expired: row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime(),
    };
  }

  async function status(caller: AuthContext): Promise<DiagnosticsCodeStatus> {
    assertPlatform(caller);
    return toStatus(await findCode(db));
  }

  async function setCode(
    caller: AuthContext,
    input: { passcode: string; validHours?: SetDiagnosticsCodeRequest['validHours'] },
  ): Promise<DiagnosticsCodeStatus> {
    assertPlatform(caller);
    const now = new Date();
    const codeHash = await hashPassword(input.passcode, ctx.config.scryptLogN);
    const row = await saveCode(db, {
      codeHash,
      setById: caller.userId,
      setByName: caller.username.slice(0, 100),
      setAt: now,
      expiresAt: input.validHours ? new Date(now.getTime() + input.validHours * 3_600_000) : null,
    });
    return toStatus(row, now);
  }

  async function clearCode(caller: AuthContext): Promise<void> {
    assertPlatform(caller);
    await deleteCode(db);
  }

  /**
   * The report, for the holder of a live code. Every refusal is the same 404 (no code set, none
   * given, wrong, expired: there are no diagnostics under that code), so an answer tells nothing
   * about the code; each counts as a failure. Neither 401 nor 403: to the console and to any
   * client of the original API, 401 means the session is over (a mistyped code must not sign
   * anyone out), and 403 means the caller's role lacks the route, which is open to every session.
   */
  async function report(code: string | undefined, address: string | null): Promise<DiagnosticsReport> {
    const checked = await deps.auth.gate('diagnostics', GATE_KEY, address);
    if (checked.locked) throw tooManyRequests('errors.tooManyRequests', { minutes: checked.minutes });
    const row = await findCode(db);
    const live = row && (row.expiresAt === null || row.expiresAt.getTime() > Date.now());
    if (!code || !row || !live || !(await verifyPassword(code, row.codeHash))) {
      throw notFound('diagnostics.codeRefused');
    }
    await checked.passed();
    return figures();
  }

  async function migrationTag(lastWhen: number | null): Promise<string | null> {
    if (lastWhen === null) return null;
    journal ??= readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')
      .then((text) => JSON.parse(text) as Journal)
      .catch(() => null);
    const entries = (await journal)?.entries ?? [];
    return entries.find((entry) => entry.when === lastWhen)?.tag ?? String(lastWhen);
  }

  async function figures(): Promise<DiagnosticsReport> {
    const [migrations, servers, online] = await Promise.all([
      appliedMigrations(db),
      deps.servers.list(),
      deps.connectedRobots ? Promise.resolve(deps.connectedRobots()) : countOnlineRobots(db),
    ]);
    const memory = process.memoryUsage();
    return {
      consoleVersion: APP_VERSION,
      nodeVersion: process.version,
      database: {
        kind: ctx.database.kind === 'postgres' ? 'postgresql' : 'pglite',
        migration: await migrationTag(migrations.lastWhen),
        migrationCount: migrations.count,
      },
      broker: { kind: deps.connectedRobots ? 'embedded' : 'external', connectedRobots: online },
      bus: { kind: ctx.bus.kind },
      servers,
      uptimeSeconds: Math.floor(process.uptime()),
      memory: { rss: memory.rss, heapUsed: memory.heapUsed, heapTotal: memory.heapTotal },
      generatedAt: new Date().toISOString(),
    };
  }

  return { status, setCode, clearCode, report };
}

export type DiagnosticsService = ReturnType<typeof createDiagnosticsService>;
