import { count, desc, eq, gte, ilike, inArray, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import type { SortRequest, UploadSortColumn } from '@patrol/contracts';
import { likePattern, orderOf } from '../../platform/paging.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { uploadRecords } from './uploads.tables.js';

export type UploadRecordDbRow = typeof uploadRecords.$inferSelect;

export async function insertUploadRecord(db: DbOrTx, row: typeof uploadRecords.$inferInsert) {
  const [inserted] = await db.insert(uploadRecords).values(row).returning();
  return inserted!;
}

const UPLOAD_SORT = {
  uploadTime: uploadRecords.uploadedAt,
  receiveTime: uploadRecords.receivedAt,
  name: uploadRecords.name,
  size: uploadRecords.size,
};

/** A tenant's upload records, the last received first unless sorted by a column. */
export async function pageUploadRecords(
  db: DbOrTx,
  tenantId: number,
  filter: {
    robotId?: number | undefined;
    robotIds?: number[] | undefined;
    keyword?: string | undefined;
    startTime?: Date | undefined;
    endTime?: Date | undefined;
  } & SortRequest<UploadSortColumn>,
  window: { offset: number; limit: number },
) {
  const where = inTenant(
    uploadRecords,
    tenantId,
    filter.robotId ? eq(uploadRecords.robotId, filter.robotId) : undefined,
    filter.robotIds ? inArray(uploadRecords.robotId, filter.robotIds) : undefined,
    filter.keyword
      ? or(
          ilike(uploadRecords.name, likePattern(filter.keyword)),
          ilike(uploadRecords.robotName, likePattern(filter.keyword)),
          ilike(uploadRecords.serialNumber, likePattern(filter.keyword)),
          ilike(uploadRecords.messageId, likePattern(filter.keyword)),
        )
      : undefined,
    filter.startTime ? gte(uploadRecords.receivedAt, filter.startTime) : undefined,
    filter.endTime ? lte(uploadRecords.receivedAt, filter.endTime) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(uploadRecords)
      .where(where)
      .orderBy(
        ...orderOf(filter, UPLOAD_SORT, uploadRecords.id, [desc(uploadRecords.receivedAt), desc(uploadRecords.id)]),
      )
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(uploadRecords).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
