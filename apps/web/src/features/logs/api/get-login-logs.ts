import type { LoginLogRow, Page } from '@patrol/contracts';
import { get } from '@/shared/api';
import type { ListParams } from '@/shared/list';
import type { LogFilters } from '../components/log-search-bar';

export const LOGIN_LOGS_PATH = 'log-server/login/page';
export const LOGIN_LOGS_EXPORT_PATH = 'log-server/login/export';
export const loginLogsKey = ['logs', 'login'] as const;

/** GET one page of the acting tenant's sign-in attempts. */
export function fetchLoginLogs(params: ListParams<LogFilters>, signal?: AbortSignal): Promise<Page<LoginLogRow>> {
  return get<Page<LoginLogRow>>(LOGIN_LOGS_PATH, { query: params, signal });
}
