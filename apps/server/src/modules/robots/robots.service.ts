import { createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { jwtVerify } from 'jose';
import {
  derivedPasswordText,
  MEDIA_TOKEN_AUDIENCE,
  ROBOT_TOKEN_MAX_TTL_S,
  ROBOT_TOKEN_SKEW_S,
  translate,
  type Language,
  type Page,
  type RobotKeyResponse,
  type RobotRow,
  type RobotSortColumn,
  type SortRequest,
} from '@patrol/contracts';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import type { RobotProvisioner } from '../../platform/dynsec.js';
import { STATUS } from '../../db/columns.js';
import { AppError, conflictOn, notFound } from '../../platform/errors.js';
import { findTenant } from '../tenants/tenants.shared.js';
import { removeRobotsFromConfigs } from '../multicast/multicast.shared.js';
import { removeAssignmentsOfRobots } from '../user-robots/user-robots.shared.js';
import { EXPORT_MAX_ROWS, pageWindow } from '../../platform/paging.js';
import { buildXlsx, type XlsxColumn } from '../../platform/xlsx.js';
import { inScope, robotScope, scopeFilter } from '../user-robots/user-robots.scope.js';
import {
  deleteRobot,
  findRobot,
  findRobotBySerial,
  findRobotsByIds,
  setRobotsTenant,
  insertRobot,
  listTenantRobots,
  pageRobots,
  setRobotsStation,
  stationNameOf,
  setAllRobotsOffline,
  updateRobot,
  type RobotDbRow,
} from './robots.repository.js';

/** A new Ed25519 key pair: the public key (SPKI PEM) is kept, the private key (PKCS#8 PEM) is handed out once. */
export function newRobotKeyPair() {
  return generateKeyPairSync('ed25519', {
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

/**
 * Checks a robot's MQTT password: a JWT signed (EdDSA) with the private key that matches the stored
 * public key, naming the serial as subject and the current key version as `kv`, with a `jti` (the
 * token's unique id), issued no later than now and valid for at most ROBOT_TOKEN_MAX_TTL_S. Answers
 * the token's id and expiry (seconds), or null. That the token was not used before is the caller's
 * check (`createTokenLedger`).
 */
export async function verifyRobotToken(
  robot: Pick<RobotDbRow, 'serialNumber' | 'publicKey' | 'keyVersion'>,
  token: string,
  audience?: string,
): Promise<{ jti: string; exp: number } | null> {
  try {
    const { payload } = await jwtVerify(token, createPublicKey(robot.publicKey), {
      algorithms: ['EdDSA'],
      subject: robot.serialNumber,
      ...(audience === undefined ? {} : { audience }),
      clockTolerance: ROBOT_TOKEN_SKEW_S,
      requiredClaims: ['iat', 'exp', 'sub', 'jti'],
    });
    const now = Math.floor(Date.now() / 1000);
    if (payload.iat! > now + ROBOT_TOKEN_SKEW_S) return null;
    if (payload.exp! - payload.iat! > ROBOT_TOKEN_MAX_TTL_S) return null;
    if (payload.kv !== robot.keyVersion || typeof payload.jti !== 'string' || !payload.jti) return null;
    return { jti: payload.jti, exp: payload.exp! };
  } catch {
    return null;
  }
}

/**
 * The ids of the robot tokens already used, each kept until its token expires (plus the clock
 * tolerance), so that a token opens one connection only: whoever saw it on the wire cannot replay
 * it. In memory: the embedded broker that asks is one process's (docs/decisions.md).
 */
export function createTokenLedger(now: () => number = Date.now) {
  const used = new Map<string, number>();
  let sweptAt = now();
  return {
    /** Records the token's use; false when it was used before. */
    use(serial: string, jti: string, exp: number): boolean {
      const at = now();
      if (at - sweptAt > 60_000) {
        sweptAt = at;
        for (const [key, until] of used) if (until < at) used.delete(key);
      }
      const key = `${serial}\u0000${jti}`;
      const until = used.get(key);
      if (until !== undefined && until >= at) return false;
      used.set(key, (exp + ROBOT_TOKEN_SKEW_S) * 1000);
      return true;
    },
    size: () => used.size,
  };
}

/** The robot's static MQTT password for brokers that take only those (see derivedPasswordText). */
export function derivedPassword(privateKeyPem: string, serial: string, keyVersion: number): string {
  return sign(null, Buffer.from(derivedPasswordText(serial, keyVersion)), createPrivateKey(privateKeyPem)).toString(
    'base64url',
  );
}

export function toRobotRow(row: RobotDbRow & { stationName?: string | null }): RobotRow {
  return {
    robotId: row.id,
    productId: row.productId,
    serialNumber: row.serialNumber,
    name: row.name,
    publicKey: row.publicKey,
    keyVersion: row.keyVersion,
    online: row.online,
    stationId: row.stationId,
    stationName: row.stationName ?? null,
    lastSeenTime: row.lastSeenAt?.toISOString() ?? null,
    stoppedForRepair: row.stoppedForRepair,
    createTime: row.createdAt.toISOString(),
  };
}

/** The robot registry of a tenant: robots, their keys and their rotation. */
/** The filters of the robot lists and their export. */
type RobotFilter = { keyword?: string | undefined; online?: boolean | undefined; stationId?: number | undefined };

export function createRobotsService(
  ctx: AppContext,
  /** Robots' identities on an external broker that enforces them; null for none (the embedded broker checks keys itself). */
  provisioner: RobotProvisioner | null = null,
) {
  const { db, bus } = ctx;
  /** Gives the robot its identity on an external broker that enforces it; nothing on the embedded one. */
  const provision = async (serial: string, privateKey: string, keyVersion: number) => {
    if (!provisioner) return;
    try {
      await provisioner.upsertRobot(serial, derivedPassword(privateKey, serial, keyVersion));
    } catch (error) {
      throw Object.assign(new AppError(503, 'errors.unavailable'), { cause: error });
    }
  };
  const changed = (robotIds: number[]) => bus.publish('robots.changed', { robotIds });
  const tokens = createTokenLedger();
  // Whether a serial's messages are taken (its tenant is enabled), by serial; a pending read is kept
  // too, so that a robot's messages that wait for it are still handled in their order. `placed` is
  // the robot and tenant each known serial was decided on, to update only what a change touches.
  const admissions = new Map<string, boolean | Promise<boolean>>();
  const placed = new Map<string, { robotId: number; tenantId: number }>();

  async function robotOf(caller: AuthContext, robotId: number): Promise<RobotDbRow> {
    const row = await findRobot(db, caller.tenantId, robotId);
    if (!row || !inScope(await robotScope(db, caller), robotId)) throw notFound('robots.notFound');
    return row;
  }

  async function page(
    caller: AuthContext,
    query: RobotFilter & SortRequest<RobotSortColumn> & { index: number; size?: number | undefined },
  ): Promise<Page<RobotRow>> {
    const robotIds = scopeFilter(await robotScope(db, caller));
    const { rows, total } = await pageRobots(db, caller.tenantId, { ...query, robotIds }, pageWindow(query));
    return { rows: rows.map(toRobotRow), total };
  }

  /** The robots the page would list with the same filters, as a spreadsheet (first 10,000). */
  async function exportXlsx(
    caller: AuthContext,
    query: RobotFilter & SortRequest<RobotSortColumn>,
    lang: Language,
  ): Promise<Buffer> {
    const robotIds = scopeFilter(await robotScope(db, caller));
    const { rows } = await pageRobots(
      db,
      caller.tenantId,
      { ...query, robotIds },
      { offset: 0, limit: EXPORT_MAX_ROWS },
    );
    const tr = (key: string) => translate(lang, key);
    const columns: XlsxColumn<RobotRow>[] = [
      { header: tr('robots.colName'), value: (r) => r.name, width: 24 },
      { header: tr('robots.colSerial'), value: (r) => r.serialNumber, width: 24 },
      { header: tr('robots.colProductId'), value: (r) => r.productId },
      { header: tr('robots.colOnline'), value: (r) => tr(r.online ? 'robots.online' : 'robots.offline') },
      { header: tr('robots.colLastSeen'), value: (r) => r.lastSeenTime, width: 26 },
      { header: tr('robots.colKeyVersion'), value: (r) => r.keyVersion },
      { header: tr('robots.colCreateTime'), value: (r) => r.createTime, width: 26 },
    ];
    return buildXlsx(tr('robots.sheet'), columns, rows.map(toRobotRow));
  }

  async function create(
    caller: AuthContext,
    input: { productId: string; serialNumber: string; name: string },
  ): Promise<RobotKeyResponse> {
    const taken = () => conflictOn('serialNumber', 'robots.serialTaken');
    if (await findRobotBySerial(db, input.serialNumber)) throw taken();
    const keys = newRobotKeyPair();
    // Committed first, then provisioned: the broker is never waited for inside a transaction, which
    // would hold the database (PGlite's only connection) for everyone until it answers.
    const row = await insertRobot(db, caller.tenantId, { ...input, publicKey: keys.publicKey });
    if (!row) throw taken();
    try {
      await provision(row.serialNumber, keys.privateKey, row.keyVersion);
    } catch (error) {
      // Undone: a robot whose key nobody holds and the broker does not know is of no use.
      await deleteRobot(db, caller.tenantId, row.id);
      throw error;
    }
    await changed([row.id]);
    return { robot: toRobotRow(row), privateKey: keys.privateKey };
  }

  async function update(caller: AuthContext, input: { robotId: number; productId: string; name: string }) {
    await robotOf(caller, input.robotId);
    const row = await updateRobot(db, caller.tenantId, input.robotId, { productId: input.productId, name: input.name });
    if (!row) throw notFound('robots.notFound');
    await changed([row.id]);
    return toRobotRow({ ...row, stationName: await stationNameOf(db, caller.tenantId, row.stationId) });
  }

  /** A new key pair; the old key's tokens are refused from the robot's next connect. */
  async function rotateKey(caller: AuthContext, robotId: number): Promise<RobotKeyResponse> {
    const current = await robotOf(caller, robotId);
    const keys = newRobotKeyPair();
    // Committed first, then provisioned (never waiting for the broker inside a transaction); when
    // the broker refuses or does not answer, the robot keeps its current key.
    const row = await updateRobot(db, caller.tenantId, robotId, {
      publicKey: keys.publicKey,
      keyVersion: current.keyVersion + 1,
    });
    if (!row) throw notFound('robots.notFound');
    try {
      await provision(row.serialNumber, keys.privateKey, row.keyVersion);
    } catch (error) {
      await updateRobot(db, caller.tenantId, robotId, {
        publicKey: current.publicKey,
        keyVersion: current.keyVersion,
      });
      throw error;
    }
    await changed([row.id]);
    return { robot: toRobotRow(row), privateKey: keys.privateKey };
  }

  /** Removes the robot; its command, reply and upload records stay with the tenant. */
  async function remove(caller: AuthContext, robotId: number) {
    const robot = await robotOf(caller, robotId);
    if (!(await deleteRobot(db, caller.tenantId, robotId))) throw notFound('robots.notFound');
    await provisioner?.removeRobot(robot.serialNumber);
    await changed([robotId]);
  }

  /** Any tenant's robots, for the platform's migration page. */
  async function pageOfTenant(
    query: RobotFilter & SortRequest<RobotSortColumn> & { tenantId: number; index: number; size?: number | undefined },
  ): Promise<Page<RobotRow>> {
    const { rows, total } = await pageRobots(db, query.tenantId, query, pageWindow(query));
    return { rows: rows.map(toRobotRow), total };
  }

  /**
   * Moves robots to another tenant (platform administrators). What they recorded stays with the
   * tenant that recorded it; their assignments to the old tenant's users go.
   */
  async function move(input: { robotIds: number[]; targetTenantId: number }): Promise<{ moved: number }> {
    const ids = [...new Set(input.robotIds)];
    const target = await findTenant(db, input.targetTenantId);
    if (!target || target.status !== STATUS.enabled) {
      throw new AppError(422, 'robots.targetTenantInvalid', undefined, [
        { path: 'targetTenantId', key: 'robots.targetTenantInvalid' },
      ]);
    }
    const found = await findRobotsByIds(db, ids);
    if (found.length !== ids.length) {
      throw new AppError(422, 'robots.notFound', undefined, [{ path: 'robotIds', key: 'robots.notFound' }]);
    }
    if (found.some((r) => r.tenantId === target.id)) {
      throw new AppError(422, 'robots.sameTenant', undefined, [{ path: 'targetTenantId', key: 'robots.sameTenant' }]);
    }
    await db.transaction(async (tx) => {
      for (const tenantId of new Set(found.map((r) => r.tenantId))) {
        const leaving = found.filter((r) => r.tenantId === tenantId).map((r) => r.id);
        await removeAssignmentsOfRobots(tx, tenantId, leaving);
        await removeRobotsFromConfigs(tx, tenantId, leaving);
        // The old tenant's stations and fences are not the new tenant's.
        await setRobotsStation(tx, tenantId, leaving, null);
      }
      await setRobotsTenant(tx, ids, target.id);
    });
    // Robots leaving a disabled tenant were disabled on a broker that enforces identities.
    await provisioner?.setRobotsEnabled(
      found.map((r) => r.serialNumber),
      true,
    );
    await changed(ids);
    return { moved: ids.length };
  }

  /** Whether the robot's tenant is enabled; unknown robots are false. */
  async function tenantEnabled(robot: RobotDbRow | undefined): Promise<boolean> {
    if (!robot) return false;
    const tenant = await findTenant(db, robot.tenantId);
    return tenant?.status === STATUS.enabled;
  }

  /**
   * The embedded broker's check of a connecting robot: a registered robot of an enabled tenant, with
   * a valid token of its current key that was never used before.
   */
  async function verifyConnect(serial: string, token: string): Promise<boolean> {
    const robot = await findRobotBySerial(db, serial);
    if (!robot) return false;
    const claims = await verifyRobotToken(robot, token);
    if (!claims || !(await tenantEnabled(robot))) return false;
    return tokens.use(serial, claims.jti, claims.exp);
  }

  /**
   * The check of a robot pushing video to the embedded media routes (docs/video.md): a registered
   * robot of an enabled tenant, with a valid token of its current key for MEDIA_TOKEN_AUDIENCE.
   * Not one-time: every PUT of a stream carries the same token until it expires. Answers the robot
   * and the token's expiry (seconds), or null.
   */
  async function verifyMediaToken(serial: string, token: string): Promise<{ robot: RobotDbRow; exp: number } | null> {
    const robot = await findRobotBySerial(db, serial);
    if (!robot) return null;
    const claims = await verifyRobotToken(robot, token, MEDIA_TOKEN_AUDIENCE);
    if (!claims || !(await tenantEnabled(robot))) return null;
    return { robot, exp: claims.exp };
  }

  /**
   * Whether a message from this serial is handled: false while its robot's tenant is disabled. A
   * serial that names no robot passes (the handlers drop it as unknown). Answers at once when known.
   */
  function admits(serial: string): boolean | Promise<boolean> {
    const known = admissions.get(serial);
    if (known !== undefined) return known;
    const reading = (async () => {
      const robot = await findRobotBySerial(db, serial);
      if (!robot) return true;
      placed.set(serial, { robotId: robot.id, tenantId: robot.tenantId });
      return tenantEnabled(robot);
    })();
    const entry: Promise<boolean> = reading.then(
      (ok) => {
        if (admissions.get(serial) === entry) admissions.set(serial, ok);
        return ok;
      },
      (error: unknown) => {
        // Read again next time; this message is dropped (and logged) by the gateway.
        if (admissions.get(serial) === entry) admissions.delete(serial);
        throw error;
      },
    );
    admissions.set(serial, entry);
    return entry;
  }

  /** Drops the answers still being read: they may have read what has just changed. */
  function forgetPending() {
    for (const [serial, known] of admissions) if (typeof known !== 'boolean') admissions.delete(serial);
  }

  /** Serial numbers of a tenant's robots (to disconnect them when it is disabled). */
  async function serialsOfTenant(tenantId: number): Promise<string[]> {
    return (await listTenantRobots(db, tenantId)).map((robot) => robot.serialNumber);
  }

  /**
   * Forgets admissions when a tenant's status or its robots change, and on a broker that enforces
   * identities (dynamic security) disables or enables the tenant's robots' clients there; returns
   * the unsubscribe.
   */
  function watch(log?: { error(obj: object, msg: string): void }): () => void {
    const off = [
      bus.subscribe('tenants.status', ({ tenantId, enabled }) => {
        // The tenant's known robots take its new status at once, without a read.
        forgetPending();
        for (const [serial, at] of placed) if (at.tenantId === tenantId) admissions.set(serial, enabled);
        if (!provisioner) return;
        serialsOfTenant(tenantId)
          .then((serials) => provisioner.setRobotsEnabled(serials, enabled))
          .catch((error: unknown) => log?.error({ err: error, tenantId }, "robots' broker clients not updated"));
      }),
      bus.subscribe('robots.changed', ({ robotIds }) => {
        // Changed robots are read again, and so are serials that named no robot (one may be registered now).
        forgetPending();
        const ids = new Set(robotIds);
        for (const [serial, at] of placed) {
          if (!ids.has(at.robotId)) continue;
          placed.delete(serial);
          admissions.delete(serial);
        }
        for (const serial of admissions.keys()) if (!placed.has(serial)) admissions.delete(serial);
      }),
    ];
    return () => off.forEach((unsubscribe) => unsubscribe());
  }

  /** Every robot offline: before the embedded broker starts, nobody is connected to it. */
  async function setAllOffline(): Promise<void> {
    await setAllRobotsOffline(db);
  }

  return {
    page,
    exportXlsx,
    create,
    update,
    rotateKey,
    remove,
    verifyConnect,
    verifyMediaToken,
    admits,
    serialsOfTenant,
    watch,
    setAllOffline,
    robotOf,
    pageOfTenant,
    move,
  };
}

export type RobotsService = ReturnType<typeof createRobotsService>;
