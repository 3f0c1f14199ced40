import { createContext, use, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { DEFAULT_MAP_CENTER } from '@patrol/contracts';
import type { MapConfig } from '../api';
import { prefersReducedMotion } from '../ui/reduced-motion';

/** Map constants of the spec (section 9): default zoom 18, tiles 7 to 29, native tiles up to 18. */
export const MAP_DEFAULTS = { zoom: 18, minZoom: 7, maxZoom: 29, maxNativeZoom: 18 } as const;

const MapContext = createContext<L.Map | null>(null);

/** The Leaflet map of the enclosing `BaseMap`, once it exists (layers draw on it). */
export function useLeafletMap(): L.Map | null {
  return use(MapContext);
}

type Props = {
  /** Tiles and map options (config `leafletConfig`); the map waits for it. */
  config: MapConfig | undefined;
  /** Layers (robots, fences, tracks...) and overlays such as the legend. */
  children?: ReactNode;
  testId?: string;
};

/**
 * The console's one map: Leaflet on the canvas renderer with the configured tiles. It is built
 * once per tile config and never for anything else (a language change keeps zoom and markers);
 * layers below add themselves to it.
 */
export function BaseMap({ config, children, testId = 'fleet-map' }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);

  useEffect(() => {
    if (!container.current || !config) return;
    const options = config.mapOptions as L.MapOptions & { center?: L.LatLngExpression };
    // Less motion asked for: zooms and pans jump instead of gliding.
    const still = prefersReducedMotion();
    const instance = L.map(container.current, {
      preferCanvas: true,
      zoomAnimation: !still,
      fadeAnimation: !still,
      markerZoomAnimation: !still,
      zoomControl: true,
      attributionControl: false,
      ...options,
      center: options.center ?? [...DEFAULT_MAP_CENTER],
      zoom: options.zoom ?? MAP_DEFAULTS.zoom,
      minZoom: options.minZoom ?? MAP_DEFAULTS.minZoom,
      maxZoom: options.maxZoom ?? MAP_DEFAULTS.maxZoom,
    });
    if (config.tileUrl) {
      L.tileLayer(config.tileUrl, {
        maxNativeZoom: MAP_DEFAULTS.maxNativeZoom,
        maxZoom: MAP_DEFAULTS.maxZoom,
        ...config.tileOptions,
      }).addTo(instance);
    }
    setMap(instance);
    return () => {
      setMap(null);
      instance.remove();
    };
  }, [config]);

  return (
    <div style={{ position: 'relative', height: '100%', width: '100%' }}>
      <div ref={container} className="fleet-map" data-testid={testId} style={{ height: '100%', width: '100%' }} />
      <MapContext value={map}>{map && children}</MapContext>
    </div>
  );
}
