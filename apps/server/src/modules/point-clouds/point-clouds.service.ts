import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  decodePointCloud,
  POINT_CLOUD_MAX_BYTES,
  POINT_CLOUD_TOKEN_AUDIENCE,
  PointCloudError,
  pointCloudExtraFields,
  type Page,
  type PointCloudExtraField,
  type PointCloudFormat,
  type PointCloudIngestAnswer,
  type PointCloudRow,
} from '@patrol/contracts';
import { STATUS } from '../../db/columns.js';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { limitedLog } from '../../platform/log-limit.js';
import { pageWindow } from '../../platform/paging.js';
import type { FileStorage, StoredFile } from '../../platform/storage.js';
import { findRobotBySerial, type RobotDbRow } from '../robots/robots.shared.js';
import { verifyRobotToken } from '../robots/robots.service.js';
import { findTenant } from '../tenants/tenants.shared.js';
import { inScope, robotScope, scopeFilter } from '../user-robots/user-robots.scope.js';
import {
  deletePointCloudRow,
  findPointCloud,
  findRobotUpload,
  insertPointCloud,
  pagePointClouds,
  type PointCloudDbRow,
} from './point-clouds.repository.js';

const CONTENT_TYPES: Record<PointCloudFormat, string> = {
  pcd: 'application/octet-stream',
  ply: 'application/octet-stream',
};

function fieldsOf(text: string): PointCloudExtraField[] {
  return text
    .split(',')
    .filter((f): f is PointCloudExtraField => (pointCloudExtraFields as readonly string[]).includes(f));
}

function toRow(row: PointCloudDbRow): PointCloudRow {
  return {
    pointCloudId: row.id,
    robotId: row.robotId,
    robotName: row.robotName,
    serialNumber: row.serialNumber,
    uploadId: row.messageId,
    name: row.name,
    format: row.format === 'ply' ? 'ply' : 'pcd',
    sizeBytes: row.sizeBytes,
    points: row.points,
    fields: fieldsOf(row.fields),
    capturedAt: row.capturedAt.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
  };
}

/** What a robot's upload says besides its bytes. */
export type PointCloudUpload = {
  robot: RobotDbRow;
  uploadId: string;
  bytes: Buffer;
  name?: string | undefined;
  capturedAt?: number | undefined;
  format?: PointCloudFormat | undefined;
};

/**
 * Point clouds: robots upload scans over HTTP with a token signed by their own key
 * (docs/robot-protocol.md, "Point clouds"); each is checked, kept in the file storage and recorded
 * in the robot's tenant; the console lists, shows and deletes them.
 */
export function createPointCloudsService(ctx: AppContext, deps: { storage: FileStorage; log: FastifyBaseLogger }) {
  const { db } = ctx;
  // A robot that keeps sending a bad file does not flood the log: each refusal kind once a minute.
  const refusalLogs = new Map<string, ReturnType<typeof limitedLog>>();

  /** Logs a refused upload (at most once a minute per kind of refusal), with the robot and why. */
  function logRefusal(serial: string, reason: string, extra: Record<string, unknown> = {}) {
    let log = refusalLogs.get(reason);
    if (!log) refusalLogs.set(reason, (log = limitedLog(60_000)));
    log((more) => deps.log.warn({ serial, reason, ...extra, ...more }, 'point cloud upload refused'));
  }

  /**
   * The robot uploading with this token: a registered robot of an enabled tenant, with a valid token
   * of its current key for POINT_CLOUD_TOKEN_AUDIENCE; null otherwise (logged).
   */
  async function authenticate(serial: string, token: string | null): Promise<RobotDbRow | null> {
    const robot = token ? await findRobotBySerial(db, serial) : undefined;
    const claims = robot && token ? await verifyRobotToken(robot, token, POINT_CLOUD_TOKEN_AUDIENCE) : null;
    const tenant = robot && claims ? await findTenant(db, robot.tenantId) : undefined;
    if (!robot || !claims || tenant?.status !== STATUS.enabled) {
      logRefusal(serial, token ? 'invalid token' : 'no token');
      return null;
    }
    return robot;
  }

  /** Refuses an upload larger than the limit before it is read (413, logged). */
  function checkSize(serial: string, length: number): boolean {
    if (length <= POINT_CLOUD_MAX_BYTES) return true;
    logRefusal(serial, 'too large', { size: length, limit: POINT_CLOUD_MAX_BYTES });
    return false;
  }

  /**
   * Checks and keeps a robot's upload: the same upload id again answers the first one and stores
   * nothing; a file whose header or data is wrong is refused (422, logged) and nothing is stored.
   */
  async function ingest(upload: PointCloudUpload): Promise<PointCloudIngestAnswer> {
    const { robot, uploadId, bytes } = upload;
    const known = await findRobotUpload(db, robot.id, uploadId);
    if (known) return { pointCloudId: known.id, points: known.points, duplicate: true };
    if (!checkSize(robot.serialNumber, bytes.length)) throw new AppError(422, 'pointClouds.tooLarge', { max: 32 });
    let decoded;
    try {
      decoded = decodePointCloud(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), upload.format);
    } catch (error) {
      if (!(error instanceof PointCloudError)) throw error;
      logRefusal(robot.serialNumber, error.key, { uploadId, size: bytes.length });
      throw new AppError(422, error.key, error.params);
    }
    const capturedAt = new Date(upload.capturedAt ?? Date.now());
    const fileKey = `point-clouds/${robot.tenantId}/${robot.id}/${randomUUID()}.${decoded.format}`;
    await deps.storage.put(fileKey, bytes, CONTENT_TYPES[decoded.format]);
    const row = await insertPointCloud(db, {
      tenantId: robot.tenantId,
      robotId: robot.id,
      robotName: robot.name,
      serialNumber: robot.serialNumber,
      messageId: uploadId,
      name: upload.name ?? `${robot.serialNumber}-${capturedAt.getTime()}.${decoded.format}`,
      format: decoded.format,
      fileKey,
      sizeBytes: bytes.length,
      points: decoded.points,
      fields: decoded.fields.join(','),
      capturedAt,
    });
    if (!row) {
      // A retry of the same upload won the race: its file stays, this one goes.
      await deps.storage.delete(fileKey);
      const first = await findRobotUpload(db, robot.id, uploadId);
      return { pointCloudId: first!.id, points: first!.points, duplicate: true };
    }
    deps.log.info(
      { serial: robot.serialNumber, uploadId, points: row.points, size: row.sizeBytes },
      'point cloud stored',
    );
    return { pointCloudId: row.id, points: row.points, duplicate: false };
  }

  /** The cloud if it is the caller's tenant's and of a robot the caller may see; else 404. */
  async function visible(caller: AuthContext, id: number): Promise<PointCloudDbRow> {
    const row = await findPointCloud(db, caller.tenantId, id);
    if (!row || !inScope(await robotScope(db, caller), row.robotId)) throw notFound('pointClouds.notFound');
    return row;
  }

  async function page(
    caller: AuthContext,
    query: Parameters<typeof pagePointClouds>[2] & { index: number; size?: number | undefined },
  ): Promise<Page<PointCloudRow>> {
    const robotIds = scopeFilter(await robotScope(db, caller));
    const { rows, total } = await pagePointClouds(db, caller.tenantId, { ...query, robotIds }, pageWindow(query));
    return { rows: rows.map(toRow), total };
  }

  async function detail(caller: AuthContext, id: number): Promise<PointCloudRow> {
    return toRow(await visible(caller, id));
  }

  async function file(caller: AuthContext, id: number): Promise<StoredFile & { row: PointCloudRow }> {
    const row = await visible(caller, id);
    const stored = await deps.storage.get(row.fileKey);
    if (!stored) throw notFound('pointClouds.notFound');
    return { ...stored, row: toRow(row) };
  }

  async function remove(caller: AuthContext, id: number): Promise<void> {
    const row = await visible(caller, id);
    if (await deletePointCloudRow(db, caller.tenantId, row.id)) await deps.storage.delete(row.fileKey);
  }

  return { authenticate, checkSize, ingest, page, detail, file, remove };
}

export type PointCloudsService = ReturnType<typeof createPointCloudsService>;
