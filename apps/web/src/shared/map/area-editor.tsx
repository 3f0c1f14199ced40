import { useEffect, useRef } from 'react';
import L from 'leaflet';
import './leaflet-global';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import { AREA_COLOURS, type AreaColourKey, type LngLat } from '@patrol/contracts';
import { useLeafletMap } from './base-map';
import { useMapProjection, type MapProjection } from './projection';

/** Seven decimals of a degree is about a centimetre: enough for a fence, short enough to read. */
export function roundNode([lng, lat]: LngLat): LngLat {
  return [Math.round(lng * 1e7) / 1e7, Math.round(lat * 1e7) / 1e7];
}

function nodesOf(polygon: L.Polygon, projection: MapProjection): LngLat[] {
  const rings = polygon.getLatLngs() as L.LatLng[][];
  return (rings[0] ?? []).map((p) => roundNode(projection.fromMap(p)));
}

/** Leaflet-Geoman's map and layer handles (typed by its own declarations). */
type PmMap = L.Map & {
  pm: {
    enableDraw(shape: string, options?: object): void;
    disableDraw(): void;
    setGlobalOptions(options: object): void;
  };
};
type PmPolygon = L.Polygon & { pm: { enable(options?: object): void; disable(): void } };

const EDIT_OPTIONS = { allowSelfIntersection: false, snappable: false };

type Props = {
  /** The shape being edited (WGS84), or null before one is drawn. */
  nodes: readonly LngLat[] | null;
  /** Drawing a new shape by clicking the map (Geoman's polygon tool); a finished shape ends it. */
  drawing: boolean;
  /** Vertices can be dragged, added (middle markers) and removed (right click). */
  editable?: boolean;
  colour: AreaColourKey;
  /** The shape after a draw or an edit on the map. */
  onChange: (nodes: LngLat[]) => void;
  /** Drawing ended (a shape was finished or the tool was left). */
  onDrawEnd: () => void;
};

/**
 * The area being drawn or edited, with Leaflet-Geoman: draw a polygon by clicking, then drag its
 * vertices. The editable polygon uses its own SVG renderer (the map prefers canvas, which Geoman's
 * vertex handles do not need but its hit testing does). Changes typed elsewhere (the JSON text)
 * redraw the same polygon in place.
 */
export function AreaEditor({ nodes, drawing, editable = true, colour, onChange, onDrawEnd }: Props) {
  const map = useLeafletMap() as PmMap | null;
  const projection = useMapProjection();
  const layer = useRef<PmPolygon | null>(null);
  const shown = useRef('null');
  const handlers = useRef({ onChange, onDrawEnd });
  const editableRef = useRef(editable);
  useEffect(() => {
    handlers.current = { onChange, onDrawEnd };
  });

  useEffect(() => {
    if (!map) return;
    return () => {
      layer.current?.pm.disable();
      layer.current?.remove();
      layer.current = null;
      shown.current = 'null';
    };
  }, [map]);

  // The shape as given: created once, then moved in place.
  useEffect(() => {
    if (!map) return;
    const key = JSON.stringify(nodes ?? null);
    if (key === shown.current && (layer.current !== null) === (nodes !== null)) return;
    shown.current = key;
    if (!nodes || nodes.length < 3) {
      layer.current?.pm.disable();
      layer.current?.remove();
      layer.current = null;
      return;
    }
    const latlngs = nodes.map((n) => projection.toMap(n));
    if (!layer.current) {
      const polygon = L.polygon(latlngs, {
        color: AREA_COLOURS[colour],
        fillColor: AREA_COLOURS[colour],
        fillOpacity: 0.25,
        weight: 3,
        renderer: L.svg(),
        className: 'area-editor-shape',
        pmIgnore: false,
      } as L.PolylineOptions) as PmPolygon;
      polygon.addTo(map);
      polygon.on('pm:edit', () => {
        const next = nodesOf(polygon, projection);
        shown.current = JSON.stringify(next);
        handlers.current.onChange(next);
      });
      layer.current = polygon;
    } else {
      layer.current.pm.disable();
      layer.current.setLatLngs(latlngs);
    }
    if (editableRef.current) layer.current.pm.enable(EDIT_OPTIONS);
  }, [map, nodes, colour, projection]);

  // Vertex handles on or off (off while another tool, such as a cut, works on the shape).
  useEffect(() => {
    editableRef.current = editable;
    if (!layer.current) return;
    if (editable) layer.current.pm.enable(EDIT_OPTIONS);
    else layer.current.pm.disable();
  }, [editable, nodes]);

  useEffect(() => {
    const colourNow = AREA_COLOURS[colour];
    layer.current?.setStyle({ color: colourNow, fillColor: colourNow });
  }, [colour]);

  // Drawing a new shape: Geoman's polygon tool; the finished shape replaces the current one.
  useEffect(() => {
    if (!map || !drawing) return;
    const handleCreate = (event: L.LeafletEvent & { layer?: L.Layer }) => {
      const created = event.layer as L.Polygon | undefined;
      if (!created) return;
      const next = nodesOf(created, projection);
      created.remove();
      handlers.current.onChange(next);
      handlers.current.onDrawEnd();
    };
    const handleEnd = () => handlers.current.onDrawEnd();
    map.on('pm:create', handleCreate);
    map.on('pm:drawend', handleEnd);
    map.pm.enableDraw('Polygon', {
      snappable: false,
      allowSelfIntersection: false,
      finishOn: null,
      templineStyle: { color: AREA_COLOURS[colour] },
      hintlineStyle: { color: AREA_COLOURS[colour], dashArray: '5 5' },
      pathOptions: { color: AREA_COLOURS[colour] },
    });
    return () => {
      map.off('pm:create', handleCreate);
      map.off('pm:drawend', handleEnd);
      map.pm.disableDraw();
    };
  }, [map, drawing, colour, projection]);

  return null;
}
