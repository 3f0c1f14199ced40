import type {
  Language,
  LoginLogRow,
  LoginLogSortColumn,
  OperationLogRow,
  OperationLogSortColumn,
  Page,
  SortRequest,
} from '@patrol/contracts';
import { translate } from '@patrol/contracts';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { operationsMatching, operationText } from '../../platform/operations.js';
import { EXPORT_MAX_ROWS, pageWindow } from '../../platform/paging.js';
import { buildXlsx, type XlsxColumn } from '../../platform/xlsx.js';
import type { DbOrTx } from '../../platform/db.js';
import type { OperationLogWriter } from '../../platform/operation-log.js';
import {
  finishOperationLog,
  insertOperationLog,
  pageLoginLogs,
  pageOperationLogs,
  type LogFilter,
} from './logs.repository.js';

/** Writes operation-log rows and their outcomes (the platform's operation-log hooks are handed this). */
export function operationLogWriter(db: DbOrTx): OperationLogWriter {
  return {
    write: (tenantId, entry) => insertOperationLog(db, tenantId, entry),
    finish: (tenantId, id, outcome) => finishOperationLog(db, tenantId, id, outcome),
  };
}

type Paged = { index: number; size?: number | undefined };
type LoginQuery = LogFilter & SortRequest<LoginLogSortColumn>;
type OperationQuery = LogFilter & SortRequest<OperationLogSortColumn>;

/** Both logs of the acting tenant: read-only lists and their spreadsheets. */
export function createLogsService(ctx: AppContext) {
  const { db } = ctx;

  async function loginPage(caller: AuthContext, query: LoginQuery & Paged): Promise<Page<LoginLogRow>> {
    const { rows, total } = await pageLoginLogs(db, caller.tenantId, query, pageWindow(query));
    return { rows: rows.map(toLoginRow), total };
  }

  /** The filter as the database reads it: a description is also looked for in the caller's language. */
  const withDescriptions = <F extends LogFilter>(query: F, lang: Language): F =>
    query.description ? { ...query, describedAs: operationsMatching(ctx.operations, lang, query.description) } : query;

  /** A stored row with its description in the caller's language. */
  const describe = (lang: Language) => (r: OperationRecord) => ({
    ...toOperationRow(r),
    description: operationText(ctx.operations, lang, r.method, r.route, r.description),
  });

  async function operationPage(
    caller: AuthContext,
    query: OperationQuery & Paged,
    lang: Language,
  ): Promise<Page<OperationLogRow>> {
    const filter = withDescriptions(query, lang);
    const { rows, total } = await pageOperationLogs(db, caller.tenantId, filter, pageWindow(query));
    return { rows: rows.map(describe(lang)), total };
  }

  async function loginXlsx(caller: AuthContext, query: LoginQuery, lang: Language): Promise<Buffer> {
    const { rows } = await pageLoginLogs(db, caller.tenantId, query, { offset: 0, limit: EXPORT_MAX_ROWS });
    const tr = (key: string) => translate(lang, key);
    const columns: XlsxColumn<LoginLogRow>[] = [
      { header: tr('logs.colAccount'), value: (r) => r.account },
      { header: tr('logs.colUsername'), value: (r) => r.username },
      { header: tr('logs.colResult'), value: (r) => tr(`logs.result${capital(r.result)}`) },
      { header: tr('logs.colReason'), value: (r) => r.reason },
      { header: tr('logs.colIp'), value: (r) => r.ip },
      { header: tr('logs.colUserAgent'), value: (r) => r.userAgent, width: 40 },
      { header: tr('logs.colLoginTime'), value: (r) => r.loginTime, width: 26 },
    ];
    return buildXlsx(tr('logs.loginSheet'), columns, rows.map(toLoginRow));
  }

  async function operationXlsx(caller: AuthContext, query: OperationQuery, lang: Language): Promise<Buffer> {
    const { rows } = await pageOperationLogs(db, caller.tenantId, withDescriptions(query, lang), {
      offset: 0,
      limit: EXPORT_MAX_ROWS,
    });
    const tr = (key: string) => translate(lang, key);
    const columns: XlsxColumn<OperationLogRow>[] = [
      { header: tr('logs.colDescription'), value: (r) => r.description, width: 40 },
      { header: tr('logs.colRequest'), value: (r) => `${r.method} ${r.route}`, width: 40 },
      { header: tr('logs.colOperator'), value: (r) => r.account },
      { header: tr('logs.colRoles'), value: (r) => r.roleNames },
      { header: tr('logs.colLevel'), value: (r) => r.level },
      { header: tr('logs.colParams'), value: (r) => r.params, width: 60 },
      { header: tr('logs.colDuration'), value: (r) => r.durationMs },
      { header: tr('logs.colResult'), value: (r) => tr(`logs.result${capital(r.result)}`) },
      { header: tr('logs.colStatus'), value: (r) => r.statusCode },
      { header: tr('logs.colIp'), value: (r) => r.ip },
      { header: tr('logs.colTime'), value: (r) => r.createTime, width: 26 },
    ];
    return buildXlsx(tr('logs.operationSheet'), columns, rows.map(describe(lang)));
  }

  return { loginPage, operationPage, loginXlsx, operationXlsx };
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function toLoginRow(r: Awaited<ReturnType<typeof pageLoginLogs>>['rows'][number]): LoginLogRow {
  return {
    logId: r.id,
    account: r.account,
    username: r.username,
    ip: r.ip,
    userAgent: r.userAgent,
    result: r.result as LoginLogRow['result'],
    reason: r.reason,
    loginTime: r.createdAt.toISOString(),
  };
}

type OperationRecord = Awaited<ReturnType<typeof pageOperationLogs>>['rows'][number];

function toOperationRow(r: OperationRecord): OperationLogRow {
  return {
    logId: r.id,
    description: r.description,
    method: r.method,
    route: r.route,
    account: r.account,
    username: r.username,
    roleNames: r.roleNames,
    level: r.level as OperationLogRow['level'],
    params: r.params,
    durationMs: r.durationMs,
    result: r.result as OperationLogRow['result'],
    statusCode: r.statusCode,
    ip: r.ip,
    createTime: r.createdAt.toISOString(),
  };
}
