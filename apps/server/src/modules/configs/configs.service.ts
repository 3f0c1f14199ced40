import type { ConfigList } from '@patrol/contracts';
import type { AppContext } from '../../platform/context.js';
import { findConfigs } from './configs.repository.js';

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
      mapInstantiated: { center: [22.5431, 114.0579], zoom: 18, minZoom: 7, maxZoom: 29 },
      tileLayerOption: { url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', maxNativeZoom: 18, maxZoom: 29 },
    }),
    description: 'Leaflet map options (mapInstantiated) and tile layer (tileLayerOption.url)',
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
  return { list };
}
