import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { plainText, useLeafletMap, useMapProjection } from '@/shared/map';

export type Place = { lat: number; lng: number; count: number };

/** Colours of a place from few (yellow) to many (red) alarms. */
const HEAT = ['#fadb14', '#fa8c16', '#fa541c', '#f5222d', '#a8071a'];

/** A place's colour and radius by its share of the busiest place's count. */
export function placeStyle(count: number, max: number): { color: string; radius: number } {
  const share = max > 0 ? count / max : 0;
  return {
    color: HEAT[Math.min(HEAT.length - 1, Math.floor(share * HEAT.length))]!,
    radius: 6 + Math.round(Math.sqrt(share) * 18),
  };
}

/**
 * The alarm portrait's places on a `BaseMap`: a circle per place, coloured and sized by its count,
 * that says its count on hover and drills down on click (Enter on the focused circle too: Leaflet's
 * interactive paths are not focusable, so the page lists the places as buttons as well).
 */
export function PlacesLayer({
  places,
  label,
  onSelect,
}: {
  places: Place[];
  label: (place: Place) => string;
  onSelect: (place: Place) => void;
}) {
  const map = useLeafletMap();
  const projection = useMapProjection();
  const select = useRef(onSelect);
  useEffect(() => {
    select.current = onSelect;
  });
  useEffect(() => {
    if (!map) return;
    const max = places.reduce((m, p) => Math.max(m, p.count), 0);
    // The busiest drawn last, on top.
    const sorted = [...places].sort((a, b) => a.count - b.count);
    const group = L.featureGroup(
      sorted.map((place) => {
        const { color, radius } = placeStyle(place.count, max);
        const marker = L.circleMarker(projection.toMap([place.lng, place.lat]), {
          radius,
          color: '#ffffff',
          weight: 1,
          fillColor: color,
          fillOpacity: 0.75,
        });
        marker.bindTooltip(plainText(label(place)));
        marker.on('click', () => select.current(place));
        return marker;
      }),
    ).addTo(map);
    if (sorted.length) map.fitBounds(group.getBounds(), { padding: [32, 32], maxZoom: 18 });
    return () => {
      group.remove();
    };
  }, [map, projection, places, label]);
  return null;
}
