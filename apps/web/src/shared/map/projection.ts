import { createContext, use } from 'react';
import L from 'leaflet';
import gcoord from 'gcoord';
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

const CRS = { WGS84: gcoord.WGS84, GCJ02: gcoord.GCJ02, BD09: gcoord.BD09 } as const;

function shifted(system: Exclude<CoordinateSystem, 'WGS84'>): MapProjection {
  return {
    system,
    toMap: (point) => {
      const [lng, lat] = gcoord.transform([point[0], point[1]], CRS.WGS84, CRS[system]);
      return L.latLng(lat, lng);
    },
    fromMap: (latlng) => {
      const p = L.latLng(latlng);
      const [lng, lat] = gcoord.transform([p.lng, p.lat], CRS[system], CRS.WGS84);
      return [lng, lat];
    },
  };
}

const PROJECTIONS: Record<CoordinateSystem, MapProjection> = {
  WGS84: WGS84_PROJECTION,
  GCJ02: shifted('GCJ02'),
  BD09: shifted('BD09'),
};

/**
 * The projection of a base map in `system` (gcoord: GCJ-02 is the offset system of maps published in
 * China, BD-09 Baidu's on top of it). One object per system, so layers can compare them.
 */
export function projectionFor(system: CoordinateSystem): MapProjection {
  return PROJECTIONS[system];
}

export const MapProjectionContext = createContext<MapProjection>(WGS84_PROJECTION);

/** The projection of the enclosing `BaseMap`'s shown base layer. */
export function useMapProjection(): MapProjection {
  return use(MapProjectionContext);
}
