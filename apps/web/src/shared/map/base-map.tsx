import { createContext, use, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useTranslation } from 'react-i18next';
import { DEFAULT_MAP_CENTER, MAP_DEFAULTS } from '@patrol/contracts';
import type { MapConfig } from '../api';
import { prefersReducedMotion } from '../ui/reduced-motion';
import { buildBaseLayers, releaseBaseLayers } from './base-layers';
import { keepView, readView } from './keep-view';
import { coordinatesControl, fullscreenControl, type MapControlTexts } from './map-controls';
import { MapProjectionContext, projectionFor, WGS84_PROJECTION, type MapProjection } from './projection';

/** Map constants of the spec (section 9), kept in the contracts: zoom 18, tiles 7 to 29, native up to 18. */
export { MAP_DEFAULTS };

const MapContext = createContext<L.Map | null>(null);
/** True when the map opened at a view kept from an earlier visit (layers then do not fit themselves). */
const RestoredContext = createContext(false);

/** The Leaflet map of the enclosing `BaseMap`, once it exists (layers draw on it). */
export function useLeafletMap(): L.Map | null {
  return use(MapContext);
}

/** Whether the enclosing map opened at the view the user left it at (see `BaseMap`). */
export function useMapViewRestored(): boolean {
  return use(RestoredContext);
}

type Props = {
  /** Tiles and map options (config `leafletConfig`); the map waits for it. */
  config: MapConfig | undefined;
  /** Layers (robots, fences, tracks...) and overlays such as the legend. */
  children?: ReactNode;
  testId?: string;
  /** Under which name the view is kept for the page (default: the test id and the page's path). */
  viewKey?: string;
};

/**
 * The console's one map: Leaflet on the canvas renderer with the configured base layers (site plan,
 * offline tiles, online tiles) and a switcher when there is more than one, a scale bar, the
 * coordinates under the cursor and a full screen button. It is built once per config and never for
 * anything else (a language change keeps zoom and markers); layers below add themselves to it and
 * draw through the shown base layer's projection. Its view is kept when the page is left.
 */
export function BaseMap({ config, children, testId = 'fleet-map', viewKey }: Props) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const [projection, setProjection] = useState<MapProjection>(WGS84_PROJECTION);
  const [restored, setRestored] = useState(false);
  // The console routes in the hash (`#/data/position?...`): the page is the path and the hash's path.
  // Read once: a page kept in its tab while another is shown keeps its own key.
  const [page] = useState(() =>
    typeof location === 'undefined' ? '' : `${location.pathname}${location.hash.split('?')[0]}`,
  );
  const key = `${viewKey ?? testId}@${page}`;

  const texts = (): MapControlTexts => ({
    fullscreen: t('map.fullscreen'),
    exitFullscreen: t('map.exitFullscreen'),
    coordinates: t('map.coordinates'),
    layers: t('map.layers'),
    zoomIn: t('map.zoomIn'),
    zoomOut: t('map.zoomOut'),
    online: t('map.online'),
  });
  const textsRef = useRef(texts);
  const projectionRef = useRef(projection);
  const relabel = useRef<() => void>(() => {});
  useEffect(() => {
    textsRef.current = texts;
    projectionRef.current = projection;
  });

  useEffect(() => {
    if (!container.current || !frame.current || !config) return;
    const options = config.mapOptions as L.MapOptions & { center?: L.LatLngExpression };
    const saved = readView(key);
    const layers = buildBaseLayers(config, textsRef.current().online);
    const shown = layers.find((l) => l.id === saved?.baseLayer) ?? layers[0];
    let center: L.LatLngExpression = options.center ?? [...DEFAULT_MAP_CENTER];
    // A site plan shown first, with no centre configured: the map opens on the plan.
    if (!options.center && shown?.layer instanceof L.ImageOverlay) center = shown.layer.getBounds().getCenter();
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
      center: saved ? saved.center : center,
      zoom: saved ? saved.zoom : (options.zoom ?? MAP_DEFAULTS.zoom),
      minZoom: options.minZoom ?? MAP_DEFAULTS.minZoom,
      maxZoom: options.maxZoom ?? MAP_DEFAULTS.maxZoom,
    });
    let active = shown ?? null;
    if (shown) shown.layer.addTo(instance);
    setProjection(projectionFor(shown?.system ?? 'WGS84'));
    setRestored(saved !== null);

    const save = () =>
      keepView(key, {
        center: [instance.getCenter().lat, instance.getCenter().lng],
        zoom: instance.getZoom(),
        baseLayer: active?.id ?? null,
      });

    let switcher: L.Control.Layers | null = null;
    if (layers.length > 1) {
      switcher = L.control
        .layers(Object.fromEntries(layers.map((l) => [l.name, l.layer])), undefined, { position: 'topright' })
        .addTo(instance);
      switcher.getContainer()?.setAttribute('data-testid', 'map-layers');
    }
    instance.on('baselayerchange', (event: L.LayersControlEvent) => {
      active = layers.find((l) => l.layer === event.layer) ?? active;
      setProjection(projectionFor(active?.system ?? 'WGS84'));
      save();
    });
    instance.on('moveend', save);

    L.control.scale({ metric: true, imperial: false, position: 'bottomright' }).addTo(instance);
    const coordinates = coordinatesControl(
      () => projectionRef.current,
      () => textsRef.current(),
    ).addTo(instance);
    const fullscreen = fullscreenControl(frame.current, () => textsRef.current()).addTo(instance);

    relabel.current = () => {
      const now = textsRef.current();
      coordinates.relabel();
      fullscreen.relabel();
      const toggle = switcher?.getContainer()?.querySelector<HTMLElement>('.leaflet-control-layers-toggle');
      if (toggle) {
        toggle.title = now.layers;
        toggle.setAttribute('aria-label', now.layers);
      }
      // The online layer's name follows the language (the others are the config's own names).
      const online = layers.find((l) => l.id === 'online');
      for (const input of switcher?.getContainer()?.querySelectorAll('input') ?? []) {
        const label = input.nextElementSibling;
        if (
          online &&
          label &&
          (input as HTMLInputElement & { layerId?: number }).layerId === L.Util.stamp(online.layer)
        )
          label.textContent = ` ${now.online}`;
      }
      const zoom = instance.zoomControl?.getContainer();
      for (const [selector, text] of [
        ['.leaflet-control-zoom-in', now.zoomIn],
        ['.leaflet-control-zoom-out', now.zoomOut],
      ] as const) {
        const button = zoom?.querySelector<HTMLElement>(selector);
        if (button) {
          button.title = text;
          button.setAttribute('aria-label', text);
        }
      }
    };
    relabel.current();

    setMap(instance);
    return () => {
      save();
      setMap(null);
      relabel.current = () => {};
      instance.remove();
      releaseBaseLayers(layers);
    };
    // Built once per config and page: texts are read through refs and relabelled in place.
  }, [config, key]);

  useEffect(() => {
    relabel.current();
  }, [t, map]);

  return (
    <div
      ref={frame}
      className="fleet-map-frame"
      style={{ position: 'relative', height: '100%', width: '100%', background: '#eef0f2' }}
    >
      <div ref={container} className="fleet-map" data-testid={testId} style={{ height: '100%', width: '100%' }} />
      <MapContext value={map}>
        <RestoredContext value={restored}>
          <MapProjectionContext value={projection}>{map && children}</MapProjectionContext>
        </RestoredContext>
      </MapContext>
    </div>
  );
}
