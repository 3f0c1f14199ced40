import {
  logsApi,
  type RouteQuery,
  type OperationLogRow,
  type OperationLogSortColumn,
  type Page,
  type SortRequest,
} from '@patrol/contracts';
import { call, download } from '@/shared/api';
import type { ListParams } from '@/shared/list';
import type { LogFilters } from '../components/log-search-bar';

// The search bar's result select holds a plain string; the server checks it against the contract.
type LogQuery = RouteQuery<typeof logsApi.pageOperationLogs>;

export const operationLogsKey = ['logs', 'operation'] as const;

/** GET one page of the operations done in the acting tenant. */
export function fetchOperationLogs(
  params: ListParams<LogFilters, OperationLogSortColumn>,
  signal?: AbortSignal,
): Promise<Page<OperationLogRow>> {
  return call(logsApi.pageOperationLogs, { query: params as LogQuery }, { signal });
}

/** Downloads the filtered operations, in the list's order, as `<fileName>.xlsx`. */
export function exportOperationLogs(
  filters: LogFilters & SortRequest<OperationLogSortColumn>,
  fileName: string,
): Promise<void> {
  return download(logsApi.exportOperationLogs, { query: filters as LogQuery }, fileName);
}
