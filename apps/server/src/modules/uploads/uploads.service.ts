import type { FastifyBaseLogger } from 'fastify';
import { robotUpload, type Page, type UploadRecordRow } from '@patrol/contracts';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import type { MqttGateway } from '../../platform/mqtt.js';
import { pageWindow } from '../../platform/paging.js';
import { robotScope, scopeFilter } from '../user-robots/user-robots.scope.js';
import type { MonitoringService } from '../monitoring/monitoring.service.js';
import { insertUploadRecord, pageUploadRecords, type UploadRecordDbRow } from './uploads.repository.js';

function toRow(row: UploadRecordDbRow): UploadRecordRow {
  return {
    uploadId: row.id,
    messageId: row.messageId,
    robotId: row.robotId,
    robotName: row.robotName,
    serialNumber: row.serialNumber,
    topic: row.topic,
    kind: row.kind,
    name: row.name,
    size: row.size,
    url: row.url,
    data: row.data,
    uploadTime: row.uploadedAt.toISOString(),
    receiveTime: row.receivedAt.toISOString(),
  };
}

/** Data upload records: what robots report on their `upload` topic, kept by the robot's tenant. */
export function createUploadsService(ctx: AppContext, deps: { monitoring: MonitoringService; log: FastifyBaseLogger }) {
  const { db } = ctx;

  async function onUpload(serial: string, payload: unknown, topic: string) {
    const parsed = robotUpload.safeParse(payload);
    if (!parsed.success) {
      deps.log.warn({ serial }, 'upload record dropped: invalid');
      return;
    }
    const robot = await deps.monitoring.resolveSerial(serial);
    if (!robot) return;
    const upload = parsed.data;
    await insertUploadRecord(db, {
      tenantId: robot.tenantId,
      messageId: upload.id,
      robotId: robot.robot.robotId,
      robotName: robot.robot.name,
      serialNumber: serial,
      topic,
      kind: upload.kind,
      name: upload.name,
      size: upload.size,
      url: upload.url ?? null,
      data: upload.data ?? null,
      uploadedAt: new Date(upload.ts),
    });
  }

  function start(gateway: MqttGateway | null) {
    gateway?.on('upload', onUpload);
  }

  async function page(
    caller: AuthContext,
    query: Parameters<typeof pageUploadRecords>[2] & { index: number; size?: number | undefined },
  ): Promise<Page<UploadRecordRow>> {
    const robotIds = scopeFilter(await robotScope(db, caller));
    const { rows, total } = await pageUploadRecords(db, caller.tenantId, { ...query, robotIds }, pageWindow(query));
    return { rows: rows.map(toRow), total };
  }

  return { start, page };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
