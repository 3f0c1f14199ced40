import {
  DEFAULT_MAP_CENTER,
  type ConfigList,
  type ConfigRow,
  type ConfigSortColumn,
  type Page,
  type SortRequest,
} from '@patrol/contracts';
import { notFound } from '../../platform/errors.js';
import { pageWindow } from '../../platform/paging.js';
import type { AppContext } from '../../platform/context.js';
import { findConfigs, pageConfigs, updateConfigValue } from './configs.repository.js';

/** The values the console reads at start (spec section 3). `3dDashboardUrl` empty: not configured. */
export const DEFAULT_CONFIGS = [
  {
    key: 'msgSocketUrl',
    value: '/api/ws/msg/',
    description: 'WebSocket base URL of the console; the user id is appended',
  },
  {
    key: 'leafletConfig',
    value: JSON.stringify({
      mapInstantiated: { center: [...DEFAULT_MAP_CENTER], zoom: 18, minZoom: 7, maxZoom: 29 },
      tileLayerOption: { url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', maxNativeZoom: 18, maxZoom: 29 },
      coordinateSystem: 'WGS84',
      baseLayers: [],
    }),
    description:
      'Leaflet map options (mapInstantiated), online tile layer (tileLayerOption.url, coordinateSystem) and more base layers (baseLayers: offline tiles and site plans in DATA_DIR/maps, see docs/maps.md)',
  },
  {
    key: 'defaultMapUrl',
    value: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    description: 'Tile URL used when leafletConfig cannot be read',
  },
  { key: '3dDashboardUrl', value: '', description: 'URL of the 3D dashboard; empty when none is configured' },
];

export function createConfigsService(ctx: AppContext) {
  /** Entries keyed by key; unknown keys are left out. */
  async function list(keys: string[]): Promise<ConfigList> {
    const rows = await findConfigs(ctx.db, keys);
    return Object.fromEntries(rows.map((r) => [r.key, { configKey: r.key, configValue: r.value }]));
  }
  /** Config management (platform administrators): every entry, with its description. */
  async function page(
    query: { index: number; size?: number | undefined; keyword?: string | undefined } & SortRequest<ConfigSortColumn>,
  ): Promise<Page<ConfigRow>> {
    const { rows, total } = await pageConfigs(ctx.db, query.keyword, query, pageWindow(query));
    return {
      rows: rows.map((r) => ({
        configId: r.id,
        configKey: r.key,
        configValue: r.value,
        description: r.description,
        updateTime: r.updatedAt.toISOString(),
      })),
      total,
    };
  }

  /** Sets a value already checked by the key's rule (contracts `CONFIG_VALUE_RULES`). */
  async function update(key: string, value: string): Promise<void> {
    if (!(await updateConfigValue(ctx.db, key, value.trim()))) throw notFound();
  }

  return { list, page, update };
}
