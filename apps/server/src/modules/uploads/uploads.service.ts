import type { FastifyBaseLogger } from 'fastify';
import { robotUpload, translate, type Language, type Page, type UploadRecordRow } from '@patrol/contracts';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import type { MqttGateway } from '../../platform/mqtt.js';
import { EXPORT_MAX_ROWS, pageWindow } from '../../platform/paging.js';
import { buildXlsx, type XlsxColumn } from '../../platform/xlsx.js';
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
export function createUploadsService(
  ctx: AppContext,
  deps: { monitoring: MonitoringService; gateway: MqttGateway; log: FastifyBaseLogger },
) {
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

  function start() {
    deps.gateway.on('upload', onUpload);
  }

  async function page(
    caller: AuthContext,
    query: Parameters<typeof pageUploadRecords>[2] & { index: number; size?: number | undefined },
  ): Promise<Page<UploadRecordRow>> {
    const robotIds = scopeFilter(await robotScope(db, caller));
    const { rows, total } = await pageUploadRecords(db, caller.tenantId, { ...query, robotIds }, pageWindow(query));
    return { rows: rows.map(toRow), total };
  }

  /** The records the page would list with the same filters, as a spreadsheet (first 10,000). */
  async function exportXlsx(
    caller: AuthContext,
    query: Parameters<typeof pageUploadRecords>[2],
    lang: Language,
  ): Promise<Buffer> {
    const robotIds = scopeFilter(await robotScope(db, caller));
    const window = { offset: 0, limit: EXPORT_MAX_ROWS };
    const { rows } = await pageUploadRecords(db, caller.tenantId, { ...query, robotIds }, window);
    const tr = (key: string) => translate(lang, key);
    const columns: XlsxColumn<UploadRecordRow>[] = [
      { header: tr('commands.colUploadTime'), value: (r) => r.uploadTime, width: 26 },
      { header: tr('commands.colTopic'), value: (r) => r.topic, width: 30 },
      { header: tr('commands.colRequestId'), value: (r) => r.messageId, width: 38 },
      { header: tr('commands.colRobot'), value: (r) => r.robotName, width: 24 },
      { header: tr('commands.colSerial'), value: (r) => r.serialNumber, width: 24 },
      { header: tr('commands.colKind'), value: (r) => r.kind },
      { header: tr('commands.colFileName'), value: (r) => r.name, width: 30 },
      { header: tr('commands.colSize'), value: (r) => r.size },
      { header: tr('commands.colUrl'), value: (r) => r.url, width: 40 },
      { header: tr('commands.colReceiveTime'), value: (r) => r.receiveTime, width: 26 },
    ];
    return buildXlsx(tr('commands.uploadsSheet'), columns, rows.map(toRow));
  }

  return { start, page, exportXlsx };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
