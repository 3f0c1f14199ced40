import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { AREA_COLOURS, type LngLat } from '@patrol/contracts';
import { useLeafletMap, useMapProjection, plainText } from '@/shared/map';

type Props = {
  nodes: readonly LngLat[];
  /** The chosen vertices (indexes into `nodes`). */
  picked: readonly number[];
  /** The two parts of a valid cut, or null. */
  parts: readonly [LngLat[], LngLat[]] | null;
  /** The labels of the two parts (vertices are labelled with their number, from 1). */
  partLabels: readonly [string, string];
  onPick: (index: number) => void;
  onKeep: (part: 0 | 1) => void;
};

/**
 * Cut mode on the map: each vertex of the fence as a numbered handle to pick; once two are picked
 * and the cut is valid, the two parts, each kept by clicking it.
 */
export function CutLayer({ nodes, picked, parts, partLabels, onPick, onKeep }: Props) {
  const map = useLeafletMap();
  const projection = useMapProjection();
  const handlers = useRef({ onPick, onKeep });
  useEffect(() => {
    handlers.current = { onPick, onKeep };
  });

  useEffect(() => {
    if (!map) return;
    const renderer = L.svg();
    const group = L.layerGroup().addTo(map);
    if (parts) {
      parts.forEach((part, i) => {
        const colour = i === 0 ? AREA_COLOURS.station : AREA_COLOURS.path;
        const polygon = L.polygon(
          part.map((n) => projection.toMap(n)),
          {
            renderer,
            color: colour,
            fillColor: colour,
            fillOpacity: 0.3,
            weight: 3,
            className: `fence-cut-part fence-cut-part-${i + 1}`,
            pmIgnore: true,
          } as L.PolylineOptions,
        );
        polygon.bindTooltip(plainText(partLabels[i] ?? ''), { permanent: true, direction: 'center' });
        polygon.on('click', () => handlers.current.onKeep(i as 0 | 1));
        group.addLayer(polygon);
      });
    }
    nodes.forEach((node, index) => {
      const chosen = picked.includes(index);
      const marker = L.circleMarker(projection.toMap(node), {
        renderer,
        radius: chosen ? 9 : 7,
        color: '#ffffff',
        weight: 2,
        fillColor: chosen ? AREA_COLOURS.forbidden : AREA_COLOURS.station,
        fillOpacity: 1,
        className: `fence-cut-vertex${chosen ? ' fence-cut-vertex--picked' : ''}`,
        pmIgnore: true,
      } as L.CircleMarkerOptions);
      marker.bindTooltip(plainText(String(index + 1)), { permanent: true, direction: 'top', offset: [0, -8] });
      marker.on('click', (event) => {
        L.DomEvent.stop(event);
        handlers.current.onPick(index);
      });
      group.addLayer(marker);
    });
    return () => {
      group.remove();
    };
  }, [map, nodes, picked, parts, projection, partLabels]);

  return null;
}
