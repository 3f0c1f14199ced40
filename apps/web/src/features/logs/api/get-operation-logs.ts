import type { OperationLogRow, Page } from '@patrol/contracts';
import { get } from '@/shared/api';
import type { ListParams } from '@/shared/list';
import type { LogFilters } from '../components/log-search-bar';

export const OPERATION_LOGS_PATH = 'log-server/operation/page';
export const OPERATION_LOGS_EXPORT_PATH = 'log-server/operation/export';
export const operationLogsKey = ['logs', 'operation'] as const;

/** GET one page of the operations done in the acting tenant. */
export function fetchOperationLogs(
  params: ListParams<LogFilters>,
  signal?: AbortSignal,
): Promise<Page<OperationLogRow>> {
  return get<Page<OperationLogRow>>(OPERATION_LOGS_PATH, { query: params, signal });
}
