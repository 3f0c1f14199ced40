import { z } from 'zod';
import { lngLat } from './geometry.js';

/**
 * The map (spec section 9): base layers, coordinate systems and the five area colours, in one
 * place for every page that draws a map.
 */

/** How a base map's coordinates are given; data is always stored WGS84 and converted when drawn. */
export const coordinateSystems = ['WGS84', 'GCJ02', 'BD09'] as const;
export type CoordinateSystem = (typeof coordinateSystems)[number];

/**
 * The five area colours (spec section 9: five, values not given): stations, forbidden fences, patrol
 * areas, slow zones and paths/tracks. Chosen to read on light tiles and on the generated site plan,
 * and to stay apart for the common colour-vision deficiencies (each kind also has its own dash).
 */
export const AREA_COLOURS = {
  station: '#1d4ed8',
  forbidden: '#c81e1e',
  patrol: '#15803d',
  slow: '#b45309',
  path: '#7e22ce',
} as const;
export type AreaColourKey = keyof typeof AREA_COLOURS;

/** A file or folder name under `DATA_DIR/maps` (no path separators, no leading dot). */
export const mapSourceName = z
  .string({ error: 'maps.sourceInvalid' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'maps.sourceInvalid');

/** A base layer of the map (config `leafletConfig.baseLayers`). */
export const baseLayer = z.discriminatedUnion('type', [
  /** Online XYZ tiles. */
  z.object({
    type: z.literal('xyz'),
    name: z.string().min(1).max(50),
    url: z.string().min(1).max(500),
    coordinateSystem: z.enum(coordinateSystems).default('WGS84'),
    maxNativeZoom: z.number().int().min(0).max(29).optional(),
  }),
  /** Offline tiles served by the console from `DATA_DIR/maps`: an XYZ folder, an .mbtiles or .pmtiles file. */
  z.object({
    type: z.literal('offline'),
    name: z.string().min(1).max(50),
    source: mapSourceName,
    coordinateSystem: z.enum(coordinateSystems).default('WGS84'),
    /** The highest zoom the tile set holds; beyond it its tiles are scaled (default 18). */
    maxNativeZoom: z.number().int().min(0).max(29).optional(),
  }),
  /** A site plan image (PNG, JPEG or SVG) from `DATA_DIR/maps`, placed by its south-west and north-east corners. */
  z.object({
    type: z.literal('image'),
    name: z.string().min(1).max(50),
    source: mapSourceName,
    /** `[south-west, north-east]`, WGS84 `[lng, lat]`. */
    corners: z.tuple([lngLat, lngLat]),
  }),
]);
export type BaseLayer = z.infer<typeof baseLayer>;

/** What kind of source a file or folder in `DATA_DIR/maps` is. */
export const mapSourceKinds = ['xyz', 'mbtiles', 'pmtiles', 'image'] as const;
export type MapSourceKind = (typeof mapSourceKinds)[number];

/** One source found in `DATA_DIR/maps` (GET map-server/sources). */
export const mapSource = z.object({
  source: z.string(),
  kind: z.enum(mapSourceKinds),
  /** Tile format (png, jpg, webp) or image type (png, jpeg, svg). */
  format: z.string(),
  minZoom: z.number().int().nullable(),
  maxZoom: z.number().int().nullable(),
  /** WGS84 `[west, south, east, north]` when the source says. */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  size: z.number().int(),
});
export type MapSource = z.infer<typeof mapSource>;
export const mapSourceList = z.array(mapSource);

/** GET map-server/tiles/:source/:z/:x/:y */
export const tileParams = z.object({
  source: mapSourceName,
  z: z.coerce.number().int().min(0).max(29),
  // At zoom z a row or column number is below 2^z; 2^29 stays inside int4.
  x: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 29),
  y: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 29),
});
/** GET map-server/images/:source */
export const mapImageParams = z.object({ source: mapSourceName });
