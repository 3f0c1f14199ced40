import { createContext, use } from 'react';
import L from 'leaflet';
import type { CoordinateSystem, LngLat } from '@patrol/contracts';

/**
 * Between stored coordinates (WGS84 `[lng, lat]`) and the base map's own system. Everything a page
 * draws goes through `toMap`, and everything a user draws or clicks comes back through `fromMap`,
 * so data stays WGS84 whatever the base map is.
 */
export type MapProjection = {
  system: CoordinateSystem;
  toMap(point: LngLat): L.LatLng;
  fromMap(latlng: L.LatLngExpression): LngLat;
};

/** The projection of a WGS84 base map: no conversion. */
export const WGS84_PROJECTION: MapProjection = {
  system: 'WGS84',
  toMap: ([lng, lat]) => L.latLng(lat, lng),
  fromMap: (latlng) => {
    const p = L.latLng(latlng);
    return [p.lng, p.lat];
  },
};

export const MapProjectionContext = createContext<MapProjection>(WGS84_PROJECTION);

/** The projection of the enclosing `BaseMap`'s shown base layer. */
export function useMapProjection(): MapProjection {
  return use(MapProjectionContext);
}
