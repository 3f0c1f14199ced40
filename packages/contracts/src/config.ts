import { z } from 'zod';

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
    .pipe(z.array(z.string().max(100)).min(1, 'validation.configKeysRequired').max(50)),
});

export const configEntry = z.object({ configKey: z.string(), configValue: z.string() });
export type ConfigEntry = z.infer<typeof configEntry>;

/** Data keyed by config key; keys with no entry are left out. */
export const configListResponse = z.record(z.string(), configEntry);
export type ConfigList = z.infer<typeof configListResponse>;

/** The value of `leafletConfig` (spec section 3). */
export const leafletConfig = z.object({
  mapInstantiated: z.record(z.string(), z.unknown()).default({}),
  tileLayerOption: z.object({ url: z.string().min(1) }).catchall(z.unknown()),
});
export type LeafletConfig = z.infer<typeof leafletConfig>;
