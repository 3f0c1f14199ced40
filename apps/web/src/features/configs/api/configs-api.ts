import type { ConfigRow, Page, UpdateConfigRequest } from '@patrol/contracts';
import { get, postJson, queryClient } from '@/shared/api';
import type { ListParams } from '@/shared/list';

export type ConfigFilters = { keyword?: string };
export const configsKey = ['configs'] as const;

/** GET the console settings, with their descriptions. */
export function fetchConfigPage(params: ListParams<ConfigFilters>, signal?: AbortSignal): Promise<Page<ConfigRow>> {
  return get<Page<ConfigRow>>('system-server/config/page', { query: params, signal });
}

export const updateConfig = (body: UpdateConfigRequest) => postJson<null>('system-server/config/update', body);

/** After a change: the list and what the console read at start (map, socket, dashboard) refetch. */
export function refreshConfigs(): Promise<void> {
  return queryClient.invalidateQueries();
}
