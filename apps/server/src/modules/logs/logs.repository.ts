import { count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { LoginLogSortColumn, OperationLogSortColumn, SortRequest } from '@patrol/contracts';
import type { DbOrTx } from '../../platform/db.js';
import { likePattern, orderOf } from '../../platform/paging.js';
import { inTenant } from '../../platform/tenant-scope.js';
import { loginLogs } from '../auth/auth.tables.js';
import { users } from '../users/users.tables.js';
import { operationLogs } from './logs.tables.js';

export type NewOperationLog = Omit<typeof operationLogs.$inferInsert, 'tenantId' | 'id' | 'createdAt'>;

export async function insertOperationLog(db: DbOrTx, tenantId: number, entry: NewOperationLog): Promise<number> {
  const [row] = await db
    .insert(operationLogs)
    .values({ ...entry, tenantId })
    .returning({ id: operationLogs.id });
  return row!.id;
}

/** The outcome of a request on the row written before it ran. */
export async function finishOperationLog(
  db: DbOrTx,
  tenantId: number,
  id: number,
  outcome: Pick<NewOperationLog, 'level' | 'durationMs' | 'result' | 'statusCode'>,
): Promise<void> {
  await db
    .update(operationLogs)
    .set(outcome)
    .where(inTenant(operationLogs, tenantId, eq(operationLogs.id, id)));
}

export type LogFilter = {
  startTime?: Date | undefined;
  endTime?: Date | undefined;
  operator?: string | undefined;
  result?: string | undefined;
  description?: string | undefined;
  /** `METHOD route` keys whose description in the caller's language matches `description`. */
  describedAs?: string[] | undefined;
};

export type Window = { offset: number; limit: number };

function loginWhere(tenantId: number, f: LogFilter): SQL {
  return inTenant(
    loginLogs,
    tenantId,
    f.startTime ? gte(loginLogs.createdAt, f.startTime) : undefined,
    f.endTime ? lte(loginLogs.createdAt, f.endTime) : undefined,
    f.result ? eq(loginLogs.result, f.result) : undefined,
    f.operator
      ? or(ilike(loginLogs.account, likePattern(f.operator)), ilike(users.username, likePattern(f.operator)))
      : undefined,
  );
}

/** Sign-in attempts of a tenant's accounts, newest first unless sorted, with the user's name when known. */
export async function pageLoginLogs(
  db: DbOrTx,
  tenantId: number,
  f: LogFilter & SortRequest<LoginLogSortColumn>,
  window: Window,
) {
  const where = loginWhere(tenantId, f);
  const order = orderOf(f, { account: loginLogs.account, loginTime: loginLogs.createdAt }, loginLogs.id, [
    desc(loginLogs.createdAt),
    desc(loginLogs.id),
  ]);
  const select = db
    .select({
      id: loginLogs.id,
      account: loginLogs.account,
      username: users.username,
      ip: loginLogs.ip,
      userAgent: loginLogs.userAgent,
      result: loginLogs.result,
      reason: loginLogs.reason,
      createdAt: loginLogs.createdAt,
    })
    .from(loginLogs)
    .leftJoin(users, eq(users.id, loginLogs.userId))
    .where(where)
    .orderBy(...order)
    .offset(window.offset)
    .limit(window.limit);
  const [rows, [total]] = await Promise.all([
    select,
    db.select({ n: count() }).from(loginLogs).leftJoin(users, eq(users.id, loginLogs.userId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

function operationWhere(tenantId: number, f: LogFilter): SQL {
  return inTenant(
    operationLogs,
    tenantId,
    f.startTime ? gte(operationLogs.createdAt, f.startTime) : undefined,
    f.endTime ? lte(operationLogs.createdAt, f.endTime) : undefined,
    f.result ? eq(operationLogs.result, f.result) : undefined,
    f.operator
      ? or(
          ilike(operationLogs.account, likePattern(f.operator)),
          ilike(operationLogs.username, likePattern(f.operator)),
        )
      : undefined,
    f.description
      ? or(
          ilike(operationLogs.description, likePattern(f.description)),
          ilike(operationLogs.route, likePattern(f.description)),
          f.describedAs?.length
            ? inArray(sql`${operationLogs.method} || ' ' || ${operationLogs.route}`, f.describedAs)
            : undefined,
        )
      : undefined,
  );
}

/** Operations done in a tenant, newest first unless sorted by a column. */
export async function pageOperationLogs(
  db: DbOrTx,
  tenantId: number,
  f: LogFilter & SortRequest<OperationLogSortColumn>,
  window: Window,
) {
  const where = operationWhere(tenantId, f);
  const order = orderOf(
    f,
    { account: operationLogs.account, durationMs: operationLogs.durationMs, createTime: operationLogs.createdAt },
    operationLogs.id,
    [desc(operationLogs.createdAt), desc(operationLogs.id)],
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(operationLogs)
      .where(where)
      .orderBy(...order)
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(operationLogs).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
