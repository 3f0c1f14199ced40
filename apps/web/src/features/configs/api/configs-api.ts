import {
  configsApi,
  type ConfigRow,
  type ConfigSortColumn,
  type Page,
  type UpdateConfigRequest,
} from '@patrol/contracts';
import { call, queryClient } from '@/shared/api';
import type { ListParams } from '@/shared/list';

export type ConfigFilters = { keyword?: string };
export const configsKey = ['configs'] as const;

/** GET the console settings, with their descriptions. */
export function fetchConfigPage(
  params: ListParams<ConfigFilters, ConfigSortColumn>,
  signal?: AbortSignal,
): Promise<Page<ConfigRow>> {
  return call(configsApi.pageConfigs, { query: params }, { signal });
}

export const updateConfig = (body: UpdateConfigRequest) => call(configsApi.updateConfig, { body });

/** After a change: the list and what the console read at start (map, socket, dashboard) refetch. */
export function refreshConfigs(): Promise<void> {
  return queryClient.invalidateQueries();
}
