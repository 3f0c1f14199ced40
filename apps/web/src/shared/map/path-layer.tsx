import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { AREA_COLOURS, type AreaColourKey, type LngLat } from '@patrol/contracts';
import { useLeafletMap } from './base-map';
import { useMapProjection } from './projection';

/** The pane paths draw in: above the areas (390), below the robots' markers. */
export const PATH_PANE = 'patrol-paths';

/** A segment that is not allowed (leaves the station, crosses a forbidden fence): red and dashed. */
const HIGHLIGHT = { color: AREA_COLOURS.forbidden, weight: 6, dashArray: '10 8', opacity: 1 };

type Props = {
  /** The nodes in order, WGS84. */
  nodes: readonly LngLat[];
  colour?: AreaColourKey;
  /** Line width in pixels (the spec draws tracks 4 wide). */
  weight?: number;
  /** Segment `i` (from node i to node i+1) drawn highlighted, or none. */
  highlight?: number | null;
  /** Numbered node markers (1 first); without them only the line is drawn (a long track). */
  numbered?: boolean;
  /** The node shown as picked (its marker ringed). */
  selected?: number | null;
  /** A marker's name (its tooltip), e.g. "Node 3"; the node list beside the map is the keyboard's way. */
  nodeLabel?: (index: number) => string;
  /** Markers can be dragged; where node `index` was dropped. */
  onMove?: (index: number, to: LngLat) => void;
  /** A click on the map itself (not on a marker): where, e.g. to add a node at the end. */
  onMapClick?: (at: LngLat) => void;
  /** A click on a node's marker. */
  onSelect?: (index: number) => void;
};

function icon(index: number, colour: string, selected: boolean): L.DivIcon {
  const ring = selected ? `box-shadow:0 0 0 3px #fff,0 0 0 5px ${colour};` : 'box-shadow:0 0 0 2px #fff;';
  return L.divIcon({
    className: 'path-node-marker',
    html: `<span style="display:flex;align-items:center;justify-content:center;width:22px;height:22px;border-radius:11px;background:${colour};color:#fff;font:600 12px/1 sans-serif;${ring}">${index + 1}</span>`,
    iconSize: [22, 22],
    iconAnchor: [11, 11],
  });
}

/**
 * A path on a `BaseMap`: a polyline of nodes with numbered markers, one segment optionally
 * highlighted. Jobs draw and edit their paths with it (click to add, drag to move); execution
 * records and tracks draw theirs. The line, the highlight and each marker are created once and
 * moved in place (`setLatLngs`, `setLatLng`) when the nodes change, through the map's projection.
 */
export function PathLayer({
  nodes,
  colour = 'path',
  weight = 4,
  highlight = null,
  numbered = true,
  selected = null,
  nodeLabel,
  onMove,
  onMapClick,
  onSelect,
}: Props) {
  const map = useLeafletMap();
  const projection = useMapProjection();
  const line = useRef<L.Polyline | null>(null);
  const marked = useRef<L.Polyline | null>(null);
  const markers = useRef<{ marker: L.Marker; drawn: string }[]>([]);
  const handlers = useRef({ onMove, onMapClick, onSelect, nodeLabel });
  const shown = useRef<readonly LngLat[]>(nodes);
  useEffect(() => {
    handlers.current = { onMove, onMapClick, onSelect, nodeLabel };
    shown.current = nodes;
  });
  const draggable = onMove !== undefined;

  useEffect(() => {
    if (!map) return;
    if (!map.getPane(PATH_PANE)) map.createPane(PATH_PANE).style.zIndex = '420';
    const renderer = L.svg({ pane: PATH_PANE });
    line.current = L.polyline([], {
      pane: PATH_PANE,
      renderer,
      interactive: false,
      pmIgnore: true,
    } as L.PolylineOptions);
    line.current.addTo(map);
    marked.current = L.polyline([], {
      ...HIGHLIGHT,
      pane: PATH_PANE,
      renderer,
      interactive: false,
      className: 'path-highlight',
      pmIgnore: true,
    } as L.PolylineOptions);
    const current = markers.current;
    return () => {
      line.current?.remove();
      marked.current?.remove();
      for (const { marker } of current) marker.remove();
      current.length = 0;
      line.current = null;
      marked.current = null;
    };
  }, [map]);

  // Clicks on the map (markers keep theirs to themselves).
  useEffect(() => {
    if (!map || !onMapClick) return;
    const handleClick = (event: L.LeafletMouseEvent) => handlers.current.onMapClick?.(projection.fromMap(event.latlng));
    map.on('click', handleClick);
    return () => {
      map.off('click', handleClick);
    };
  }, [map, projection, onMapClick !== undefined]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!map || !line.current) return;
    const latlngs = nodes.map((n) => projection.toMap(n));
    line.current.setLatLngs(latlngs);
    line.current.setStyle({ color: AREA_COLOURS[colour], weight, opacity: 0.9 });
  }, [map, nodes, colour, weight, projection]);

  useEffect(() => {
    const segment = marked.current;
    if (!map || !segment) return;
    const a = highlight !== null ? nodes[highlight] : undefined;
    const b = highlight !== null ? nodes[highlight + 1] : undefined;
    if (a && b) {
      segment.setLatLngs([projection.toMap(a), projection.toMap(b)]);
      if (!map.hasLayer(segment)) segment.addTo(map);
    } else segment.remove();
  }, [map, nodes, highlight, projection]);

  useEffect(() => {
    if (!map) return;
    const list = markers.current;
    const count = numbered ? nodes.length : 0;
    while (list.length > count) list.pop()!.marker.remove();
    const hex = AREA_COLOURS[colour];
    nodes.slice(0, count).forEach((node, index) => {
      const at = projection.toMap(node);
      // A title attribute: text, never markup.
      const label = handlers.current.nodeLabel?.(index) ?? String(index + 1);
      const key = JSON.stringify([hex, index === selected, label, draggable]);
      let entry = list[index];
      if (!entry) {
        const marker = L.marker(at, {
          icon: icon(index, hex, index === selected),
          draggable,
          keyboard: false,
          title: label,
          pane: 'markerPane',
          autoPan: true,
        });
        marker.on('click', () => handlers.current.onSelect?.(index));
        // The line follows the marker while it is dragged; the node moves when it is dropped.
        marker.on('drag', () => {
          const moved = shown.current.map((n, i) => (i === index ? projection.fromMap(marker.getLatLng()) : n));
          line.current?.setLatLngs(moved.map((n) => projection.toMap(n)));
        });
        marker.on('dragend', () => handlers.current.onMove?.(index, projection.fromMap(marker.getLatLng())));
        marker.addTo(map);
        entry = { marker, drawn: key };
        list[index] = entry;
      } else {
        entry.marker.setLatLng(at);
        if (entry.drawn !== key) {
          entry.marker.options.title = label;
          entry.marker.setIcon(icon(index, hex, index === selected));
          if (draggable) entry.marker.dragging?.enable();
          else entry.marker.dragging?.disable();
          entry.drawn = key;
        }
      }
    });
  }, [map, nodes, numbered, selected, colour, draggable, projection]);

  return null;
}
