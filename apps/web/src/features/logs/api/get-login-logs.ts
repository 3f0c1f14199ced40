import {
  logsApi,
  type RouteQuery,
  type LoginLogRow,
  type LoginLogSortColumn,
  type Page,
  type SortRequest,
} from '@patrol/contracts';
import { call, download } from '@/shared/api';
import type { ListParams } from '@/shared/list';
import type { LogFilters } from '../components/log-search-bar';

// The search bar's result select holds a plain string; the server checks it against the contract.
type LogQuery = RouteQuery<typeof logsApi.pageLoginLogs>;

export const loginLogsKey = ['logs', 'login'] as const;

/** GET one page of the acting tenant's sign-in attempts. */
export function fetchLoginLogs(
  params: ListParams<LogFilters, LoginLogSortColumn>,
  signal?: AbortSignal,
): Promise<Page<LoginLogRow>> {
  return call(logsApi.pageLoginLogs, { query: params as LogQuery }, { signal });
}

/** Downloads the filtered sign-in attempts, in the list's order, as `<fileName>.xlsx`. */
export function exportLoginLogs(
  filters: LogFilters & SortRequest<LoginLogSortColumn>,
  fileName: string,
): Promise<void> {
  return download(logsApi.exportLoginLogs, { query: filters as LogQuery }, fileName);
}
