import L from 'leaflet';
import { MAP_DEFAULTS, mapsApi } from '@patrol/contracts';
import type { BaseLayer, CoordinateSystem } from '@patrol/contracts';
import { fetchFile } from '../api';
import type { MapConfig } from '../api';

/** One entry of the layer switcher: its name, the Leaflet layer and its coordinate system. */
export type BuiltBaseLayer = {
  /** Stable across languages and renames: `online`, or the entry's type and source or URL. */
  id: string;
  name: string;
  layer: L.Layer;
  system: CoordinateSystem;
};

type BlobTile = HTMLImageElement & { blobUrl?: string; controller?: AbortController };

/**
 * Offline tiles served by the console (`/api/map-server/tiles/...`): they are not public, so each
 * tile is fetched with the session and shown from an object URL, revoked when the tile unloads.
 */
export const SessionTileLayer = L.TileLayer.extend({
  initialize(this: L.TileLayer & { source: string }, source: string, options: L.TileLayerOptions) {
    this.source = source;
    (L.TileLayer.prototype as unknown as { initialize: (url: string, o: L.TileLayerOptions) => void }).initialize.call(
      this,
      '',
      options,
    );
    this.on('tileunload', (event: L.TileEvent) => {
      const tile = event.tile as BlobTile;
      tile.controller?.abort();
      if (tile.blobUrl) URL.revokeObjectURL(tile.blobUrl);
      tile.blobUrl = undefined;
    });
  },
  createTile(this: L.TileLayer & { source: string }, coords: L.Coords, done: L.DoneCallback) {
    const tile = document.createElement('img') as BlobTile;
    tile.alt = '';
    tile.setAttribute('role', 'presentation');
    const controller = new AbortController();
    tile.controller = controller;
    const params = { source: this.source, z: coords.z, x: coords.x, y: coords.y };
    fetchFile(mapsApi.getMapTile, { params }, { signal: controller.signal, silent: true })
      .then((blob) => {
        if (controller.signal.aborted) return;
        tile.blobUrl = URL.createObjectURL(blob);
        tile.onload = () => done(undefined, tile);
        tile.onerror = () => done(new Error('tile'), tile);
        tile.src = tile.blobUrl;
      })
      // A missing tile (404) leaves its square empty, like an online layer's.
      .catch((error: unknown) => {
        if (!controller.signal.aborted) done(error instanceof Error ? error : new Error('tile'), tile);
      });
    return tile;
  },
}) as unknown as new (source: string, options: L.TileLayerOptions) => L.TileLayer;

const EMPTY_IMAGE = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';

/**
 * A site plan image placed by its corners, fetched with the session the first time it is shown.
 * It lies in the tile pane, under everything a page draws.
 */
export function sitePlanLayer(source: string, corners: BaseLayer & { type: 'image' }): L.ImageOverlay {
  const [[west, south], [east, north]] = corners.corners;
  const overlay = L.imageOverlay(EMPTY_IMAGE, L.latLngBounds([south, west], [north, east]), {
    pane: 'tilePane',
    className: 'map-site-plan',
    alt: corners.name,
    interactive: false,
  });
  let url: string | null = null;
  let loading = false;
  overlay.on('add', () => {
    if (url || loading) return;
    loading = true;
    fetchFile(mapsApi.getMapImage, { params: { source } }, { silent: true })
      .then((blob) => {
        url = URL.createObjectURL(blob);
        overlay.setUrl(url);
      })
      .catch((error: unknown) => console.warn(`The site plan ${source} could not be loaded.`, error))
      .finally(() => {
        loading = false;
      });
  });
  overlay.on('remove', () => {
    // Kept while the map lives: switching back shows it at once. Freed with the map.
  });
  (overlay as L.ImageOverlay & { release?: () => void }).release = () => {
    if (url) URL.revokeObjectURL(url);
    url = null;
  };
  return overlay;
}

/**
 * The base layers of a map config: `leafletConfig.baseLayers` in their order (the first is shown at
 * first), then the online tile layer (`tileLayerOption`, else `defaultMapUrl`) when there is one.
 */
export function buildBaseLayers(config: MapConfig, onlineName: string): BuiltBaseLayer[] {
  const built: BuiltBaseLayer[] = [];
  const seen = new Set<string>();
  const unique = (name: string) => {
    let candidate = name;
    for (let i = 2; seen.has(candidate); i++) candidate = `${name} (${i})`;
    seen.add(candidate);
    return candidate;
  };
  for (const layer of config.baseLayers) {
    if (layer.type === 'xyz') {
      built.push({
        id: `xyz:${layer.url}`,
        name: unique(layer.name),
        system: layer.coordinateSystem,
        layer: L.tileLayer(layer.url, {
          maxNativeZoom: layer.maxNativeZoom ?? MAP_DEFAULTS.maxNativeZoom,
          maxZoom: MAP_DEFAULTS.maxZoom,
        }),
      });
    } else if (layer.type === 'offline') {
      built.push({
        id: `offline:${layer.source}`,
        name: unique(layer.name),
        system: layer.coordinateSystem,
        layer: new SessionTileLayer(layer.source, {
          maxNativeZoom: layer.maxNativeZoom ?? MAP_DEFAULTS.maxNativeZoom,
          maxZoom: MAP_DEFAULTS.maxZoom,
        }),
      });
    } else {
      built.push({
        id: `image:${layer.source}`,
        name: unique(layer.name),
        system: 'WGS84',
        layer: sitePlanLayer(layer.source, layer),
      });
    }
  }
  if (config.tileUrl) {
    built.push({
      id: 'online',
      name: unique(onlineName),
      system: config.coordinateSystem,
      layer: L.tileLayer(config.tileUrl, {
        maxNativeZoom: MAP_DEFAULTS.maxNativeZoom,
        maxZoom: MAP_DEFAULTS.maxZoom,
        ...config.tileOptions,
      }),
    });
  }
  return built;
}

/** Frees what the layers hold (a site plan's object URL). */
export function releaseBaseLayers(layers: BuiltBaseLayer[]) {
  for (const { layer } of layers) (layer as L.Layer & { release?: () => void }).release?.();
}
