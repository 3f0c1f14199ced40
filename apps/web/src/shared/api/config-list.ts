import { useQuery } from '@tanstack/react-query';
import { CONFIG_KEYS, configsApi, leafletConfig } from '@patrol/contracts';
import type { ConfigList, LeafletConfig } from '@patrol/contracts';
import { call } from './call';

export const configListKey = ['config-list', CONFIG_KEYS.join(',')] as const;

/** GET the start-up config; a failure is only logged (spec section 8), the caller goes on without it. */
export async function fetchConfigList(signal?: AbortSignal): Promise<ConfigList> {
  try {
    return await call(configsApi.listConfigs, { query: { keys: CONFIG_KEYS.join(',') } }, { signal, silent: true });
  } catch (error) {
    if (!signal?.aborted) console.warn('The config list could not be loaded.', error);
    throw error;
  }
}

export type MapConfig = {
  tileUrl: string | null;
  /** Options for the map instance (leafletConfig.mapInstantiated). */
  mapOptions: Record<string, unknown>;
  tileOptions: Record<string, unknown>;
};

/** What the console reads from the config at start (spec sections 3 and 4). */
export type AppConfig = {
  socketUrl: string | null;
  dashboardUrl: string | null;
  map: MapConfig;
};

function value(list: ConfigList, key: string): string | null {
  const entry = list[key]?.configValue?.trim();
  return entry ? entry : null;
}

/**
 * The map comes from `leafletConfig` (JSON); when it is missing or does not parse, the default map
 * URL is used and the problem only goes to the console (spec section 8).
 */
export function readMapConfig(list: ConfigList): MapConfig {
  const fallback: MapConfig = { tileUrl: value(list, 'defaultMapUrl'), mapOptions: {}, tileOptions: {} };
  const raw = value(list, 'leafletConfig');
  if (!raw) {
    console.warn('Config leafletConfig is missing; using defaultMapUrl.');
    return fallback;
  }
  let parsed: LeafletConfig;
  try {
    parsed = leafletConfig.parse(JSON.parse(raw));
  } catch (error) {
    console.warn('Config leafletConfig could not be read; using defaultMapUrl.', error);
    return fallback;
  }
  const { url, ...tileOptions } = parsed.tileLayerOption;
  return { tileUrl: url, mapOptions: parsed.mapInstantiated, tileOptions };
}

export function readAppConfig(list: ConfigList): AppConfig {
  const socketUrl = value(list, 'msgSocketUrl');
  if (!socketUrl) console.warn('Config msgSocketUrl is missing; live messages are off.');
  return { socketUrl, dashboardUrl: value(list, '3dDashboardUrl'), map: readMapConfig(list) };
}

/** The start-up config; a failure only logs to the console (the shell still starts). */
export function useAppConfig(enabled: boolean) {
  return useQuery({
    queryKey: configListKey,
    queryFn: ({ signal }) => fetchConfigList(signal),
    select: readAppConfig,
    enabled,
    staleTime: Infinity,
  });
}
