import { useQuery } from '@tanstack/react-query';
import { baseLayer, CONFIG_KEYS, configsApi, leafletConfig } from '@patrol/contracts';
import type { BaseLayer, ConfigList, CoordinateSystem, LeafletConfig } from '@patrol/contracts';
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
  /** The online tile layer (leafletConfig.tileLayerOption.url, else defaultMapUrl). */
  tileUrl: string | null;
  /** Options for the map instance (leafletConfig.mapInstantiated). */
  mapOptions: Record<string, unknown>;
  tileOptions: Record<string, unknown>;
  /** The coordinate system of the online tile layer. */
  coordinateSystem: CoordinateSystem;
  /** More base layers (offline tiles, site plans); the first is shown at first. */
  baseLayers: BaseLayer[];
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
  const fallback: MapConfig = {
    tileUrl: value(list, 'defaultMapUrl'),
    mapOptions: {},
    tileOptions: {},
    coordinateSystem: 'WGS84',
    baseLayers: [],
  };
  const raw = value(list, 'leafletConfig');
  if (!raw) {
    console.warn('Config leafletConfig is missing; using defaultMapUrl.');
    return fallback;
  }
  let parsed: LeafletConfig;
  let layers: unknown[] = [];
  try {
    const json = JSON.parse(raw) as Record<string, unknown>;
    if (Array.isArray(json?.baseLayers)) layers = json.baseLayers as unknown[];
    // Base layers are read one by one below: one bad entry leaves out that layer, not the map.
    parsed = leafletConfig.parse({ ...json, baseLayers: [] });
  } catch (error) {
    console.warn('Config leafletConfig could not be read; using defaultMapUrl.', error);
    return fallback;
  }
  const baseLayers: BaseLayer[] = [];
  layers.forEach((entry, index) => {
    const layer = baseLayer.safeParse(entry);
    if (layer.success) baseLayers.push(layer.data);
    else console.warn(`Config leafletConfig.baseLayers[${index}] could not be read; it is left out.`, layer.error);
  });
  const { url, ...tileOptions } = parsed.tileLayerOption;
  return {
    tileUrl: url,
    mapOptions: parsed.mapInstantiated,
    tileOptions,
    coordinateSystem: parsed.coordinateSystem,
    baseLayers,
  };
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
