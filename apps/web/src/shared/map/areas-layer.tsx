import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { AREA_COLOURS, type AreaColourKey, type LngLat } from '@patrol/contracts';
import { useLeafletMap } from './base-map';
import { plainText } from './plain-text';
import { useMapProjection } from './projection';

/** One polygon of the map: a station's outline or a fence, in its kind's colour. */
export type MapArea = {
  /** Stable across updates (e.g. `fence-12`), so the polygon is moved in place, not rebuilt. */
  id: string;
  nodes: readonly LngLat[];
  colour: AreaColourKey;
  label: string;
  /** Drawn fainter (an area that is not the one being worked on). */
  muted?: boolean;
};

/** The pane areas draw in: above the tiles, below the robots (overlay pane, z-index 400). */
export const AREAS_PANE = 'patrol-areas';

/** Each kind has its own dash too, so areas stay apart without telling colours apart. */
const DASHES: Record<AreaColourKey, string | undefined> = {
  station: '8 6',
  forbidden: undefined,
  patrol: '2 6',
  slow: '12 4 2 4',
  path: undefined,
};

function style(area: MapArea): L.PathOptions {
  const colour = AREA_COLOURS[area.colour];
  return {
    color: colour,
    weight: area.colour === 'station' ? 2 : 3,
    dashArray: DASHES[area.colour],
    fillColor: colour,
    fillOpacity: area.colour === 'station' ? 0.04 : area.muted ? 0.08 : 0.2,
    opacity: area.muted ? 0.6 : 1,
  };
}

type Props = {
  /** Bottom first: a later area is drawn over an earlier one. */
  areas: readonly MapArea[];
  onSelect?: (id: string) => void;
};

/**
 * Stations and fences on a `BaseMap`, under the robots: one polygon per area, kept and updated in
 * place (`setLatLngs`, `setStyle`) when the data changes, drawn through the map's projection.
 */
export function AreasLayer({ areas, onSelect }: Props) {
  const map = useLeafletMap();
  const projection = useMapProjection();
  const polygons = useRef(new Map<string, { polygon: L.Polygon; drawn: string }>());
  const renderer = useRef<L.Renderer | null>(null);
  const selectRef = useRef(onSelect);
  useEffect(() => {
    selectRef.current = onSelect;
  });

  useEffect(() => {
    if (!map) return;
    if (!map.getPane(AREAS_PANE)) {
      const pane = map.createPane(AREAS_PANE);
      pane.style.zIndex = '390';
    }
    renderer.current = L.svg({ pane: AREAS_PANE });
    const current = polygons.current;
    return () => {
      for (const { polygon } of current.values()) polygon.remove();
      current.clear();
      renderer.current = null;
    };
  }, [map]);

  useEffect(() => {
    if (!map || !renderer.current) return;
    const seen = new Set<string>();
    for (const area of areas) {
      if (area.nodes.length < 3) continue;
      seen.add(area.id);
      const key = JSON.stringify([area.nodes, area.colour, area.label, area.muted ?? false, projection.system]);
      const found = polygons.current.get(area.id);
      const latlngs = area.nodes.map((n) => projection.toMap(n));
      if (!found) {
        const polygon = L.polygon(latlngs, {
          ...style(area),
          pane: AREAS_PANE,
          renderer: renderer.current,
          pmIgnore: true,
        } as L.PolylineOptions);
        polygon.bindTooltip(plainText(area.label), { sticky: true });
        const id = area.id;
        polygon.on('click', () => selectRef.current?.(id));
        polygon.addTo(map);
        polygons.current.set(area.id, { polygon, drawn: key });
      } else if (found.drawn !== key) {
        found.polygon.setLatLngs(latlngs);
        found.polygon.setStyle(style(area));
        found.polygon.setTooltipContent(plainText(area.label));
        found.drawn = key;
      }
    }
    for (const [id, { polygon }] of polygons.current) {
      if (seen.has(id)) continue;
      polygon.remove();
      polygons.current.delete(id);
    }
    // Later areas over earlier ones (a fence's layer order).
    for (const area of areas) polygons.current.get(area.id)?.polygon.bringToFront();
  }, [map, areas, projection]);

  return null;
}

type FitProps = {
  /** The nodes to bring into view. */
  nodes: readonly LngLat[];
  /** The view is fitted again only when this changes (another station, another fence). */
  fitKey: string | number;
};

/** Brings areas into view once per `fitKey` (opening a station or a fence), not on every update. */
export function FitAreas({ nodes, fitKey }: FitProps) {
  const map = useLeafletMap();
  const projection = useMapProjection();
  const fitted = useRef<string | number | null>(null);
  useEffect(() => {
    if (!map || fitted.current === fitKey || nodes.length === 0) return;
    fitted.current = fitKey;
    map.fitBounds(L.latLngBounds(nodes.map((n) => projection.toMap(n))), { padding: [30, 30], maxZoom: 19 });
  }, [map, nodes, fitKey, projection]);
  return null;
}
