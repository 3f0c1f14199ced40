import { z } from 'zod';
import type { ConfigKey } from './constants.js';
import { pageOf, pageQuery } from './envelope.js';
import { sortQuery } from './sorting.js';
import { keywordFilter } from './fields.js';
import { TEXT_MAX } from './lengths.js';
import { baseLayer, coordinateSystems } from './maps.js';

/** GET system-server/config/list?keys=a,b */
export const configListQuery = z.object({
  keys: z
    .string({ error: 'validation.configKeysRequired' })
    .transform((s) =>
      s
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(TEXT_MAX.configKey)).min(1, 'validation.configKeysRequired').max(50)),
});

export const configEntry = z.object({ configKey: z.string(), configValue: z.string() });
export type ConfigEntry = z.infer<typeof configEntry>;

/** Data keyed by config key; keys with no entry are left out. */
export const configListResponse = z.record(z.string(), configEntry);
export type ConfigList = z.infer<typeof configListResponse>;

/**
 * The value of `leafletConfig` (spec section 3): map options and the online tile layer, plus (beyond
 * the seed) the coordinate system of that layer and more base layers (offline tiles, site plans)
 * the map offers in its layer switcher.
 */
export const leafletConfig = z.object({
  mapInstantiated: z.record(z.string(), z.unknown()).default({}),
  tileLayerOption: z.object({ url: z.string().min(1) }).catchall(z.unknown()),
  coordinateSystem: z.enum(coordinateSystems).default('WGS84'),
  baseLayers: z.array(baseLayer).max(20).default([]),
});
export type LeafletConfig = z.infer<typeof leafletConfig>;

/** Tile URL templates hold {z}, {x} and {y}. */
const isTileUrl = (v: string) => /^https?:\/\/\S+$/.test(v) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p));
const isHttpUrlOrPath = (v: string) => /^https?:\/\/\S+$/.test(v) || /^\/\S*$/.test(v);

/**
 * The rule each known key's value follows; a key the console does not know takes any text. Each
 * refusal names `configValue`, so the console shows it under the field.
 */
export const CONFIG_VALUE_RULES: Record<ConfigKey, (value: string) => string | null> = {
  msgSocketUrl: (v) => (/^(wss?:\/\/\S+|\/\S*)$/.test(v) ? null : 'configs.socketUrlInvalid'),
  leafletConfig: (v) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(v);
    } catch {
      return 'configs.jsonInvalid';
    }
    const result = leafletConfig.safeParse(parsed);
    if (!result.success) return 'configs.leafletInvalid';
    return isTileUrl(result.data.tileLayerOption.url) ? null : 'configs.tileUrlInvalid';
  },
  defaultMapUrl: (v) => (isTileUrl(v) ? null : 'configs.tileUrlInvalid'),
  '3dDashboardUrl': (v) => (v === '' || isHttpUrlOrPath(v) ? null : 'configs.urlInvalid'),
};

/** POST system-server/config/update */
export const updateConfigRequest = z
  .object({
    configKey: z.string().trim().min(1, 'validation.required').max(TEXT_MAX.configKey, 'validation.invalid'),
    configValue: z.string({ error: 'validation.required' }).max(TEXT_MAX.configValue, 'configs.valueTooLong'),
  })
  .superRefine((v, ctx) => {
    const rule = CONFIG_VALUE_RULES[v.configKey as ConfigKey];
    const problem = rule ? rule(v.configValue.trim()) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['configValue'] });
  });
export type UpdateConfigRequest = z.input<typeof updateConfigRequest>;

/** The columns the configs list is sorted by on the server. */
export const CONFIG_SORT_COLUMNS = ['configKey', 'updateTime'] as const;
export type ConfigSortColumn = (typeof CONFIG_SORT_COLUMNS)[number];

/** GET system-server/config/page */
export const configPageQuery = pageQuery.extend({
  keyword: keywordFilter,
  ...sortQuery(CONFIG_SORT_COLUMNS),
});
export const configRow = z.object({
  configId: z.number().int(),
  configKey: z.string(),
  configValue: z.string(),
  description: z.string().nullable(),
  updateTime: z.string(),
});
export type ConfigRow = z.infer<typeof configRow>;
export const configPage = pageOf(configRow);
