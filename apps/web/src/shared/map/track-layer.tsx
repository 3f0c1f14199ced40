import { useEffect, useRef } from 'react';
import L from 'leaflet';
import type { TrackPoint } from '@patrol/contracts';
import { MAP_DEFAULTS, useLeafletMap } from './base-map';
import { useMapProjection } from './projection';
import { positionAt, travelledAt } from './track-playback';

export type TrackLayerTexts = { start: string; end: string; robot: string };
export type TrackColours = { line: string; travelled: string; start: string; end: string; robot: string };

type Props = {
  points: readonly TrackPoint[];
  colours: TrackColours;
  texts: TrackLayerTexts;
  /** A playback's moment: the travelled part is drawn over the track and the robot stands there. */
  at?: number | null;
  /** The map fits the track when this changes (a new robot or range), not when the same track is refetched for a zoom. */
  fitKey: string;
};

const fitOptions: L.FitBoundsOptions = { padding: [48, 48], maxZoom: MAP_DEFAULTS.maxNativeZoom };

/** A pin of the map as a small labelled element (start, end, the robot): reachable by its name. */
function pin(className: string, colour: string, label: string, testId: string) {
  return L.divIcon({
    className: '',
    html: `<span class="${className}" data-testid="${testId}" role="img" aria-label="${label.replace(/"/g, '&quot;')}" style="display:block;width:14px;height:14px;border-radius:50%;border:3px solid #fff;box-shadow:0 0 0 1px rgba(0,0,0,.35);background:${colour}"></span>`,
    iconSize: [14, 14],
    iconAnchor: [7, 7],
  });
}

/**
 * A robot's track on a `BaseMap`: the line at the spec's track width (4), start and end pins and,
 * in a playback, the travelled part and the robot where it is at `at`. Layers are made once and
 * moved in place (`setLatLngs`, `setLatLng`) as the track or the moment changes.
 */
export function TrackLayer({ points, colours, texts, at = null, fitKey }: Props) {
  const map = useLeafletMap();
  const projection = useMapProjection();
  const layers = useRef<{
    line: L.Polyline;
    travelled: L.Polyline;
    start: L.Marker;
    end: L.Marker;
    robot: L.Marker;
  } | null>(null);
  const fitted = useRef<string | null>(null);

  useEffect(() => {
    if (!map) return;
    const line = L.polyline([], {
      color: colours.line,
      weight: MAP_DEFAULTS.trackWidth,
      opacity: 0.85,
      interactive: false,
    });
    const travelled = L.polyline([], { color: colours.travelled, weight: MAP_DEFAULTS.trackWidth, interactive: false });
    const start = L.marker([0, 0], {
      icon: pin('track-start', colours.start, texts.start, 'track-start'),
      title: texts.start,
      keyboard: false,
    });
    const end = L.marker([0, 0], {
      icon: pin('track-end', colours.end, texts.end, 'track-end'),
      title: texts.end,
      keyboard: false,
    });
    const robot = L.marker([0, 0], {
      icon: pin('track-robot', colours.robot, texts.robot, 'track-robot'),
      title: texts.robot,
      keyboard: false,
      zIndexOffset: 1000,
    });
    layers.current = { line, travelled, start, end, robot };
    return () => {
      for (const layer of [line, travelled, start, end, robot]) layer.remove();
      layers.current = null;
      fitted.current = null;
    };
    // Colours and texts are set in place below; the layers are made once per map.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);

  // The whole track, its ends, and the view fitted once per robot and range.
  useEffect(() => {
    const l = layers.current;
    if (!map || !l) return;
    const latlngs = points.map((p) => projection.toMap([p[1], p[2]]));
    l.line.setLatLngs(latlngs).setStyle({ color: colours.line });
    if (latlngs.length === 0) {
      for (const layer of [l.line, l.start, l.end]) layer.remove();
      return;
    }
    l.line.addTo(map);
    l.start
      .setLatLng(latlngs[0]!)
      .setIcon(pin('track-start', colours.start, texts.start, 'track-start'))
      .addTo(map);
    l.end
      .setLatLng(latlngs.at(-1)!)
      .setIcon(pin('track-end', colours.end, texts.end, 'track-end'))
      .addTo(map);
    if (fitted.current !== fitKey) {
      fitted.current = fitKey;
      map.fitBounds(L.latLngBounds(latlngs), fitOptions);
    }
  }, [map, points, projection, colours, texts, fitKey]);

  // The playback's moment: the travelled part and the robot.
  useEffect(() => {
    const l = layers.current;
    if (!map || !l) return;
    const here = at === null ? null : positionAt(points, at);
    if (!here) {
      l.travelled.remove();
      l.robot.remove();
      return;
    }
    l.travelled
      .setLatLngs(travelledAt(points, at!).map((p) => projection.toMap(p)))
      .setStyle({ color: colours.travelled })
      .addTo(map);
    l.robot.setLatLng(projection.toMap([here.lng, here.lat])).addTo(map);
  }, [map, points, projection, at, colours.travelled]);

  // The robot pin's colour and name follow the page (language, theme).
  useEffect(() => {
    layers.current?.robot.setIcon(pin('track-robot', colours.robot, texts.robot, 'track-robot'));
  }, [colours.robot, texts.robot]);

  return null;
}

/** Tells `onZoom` the map's zoom now and after every zoom (a track is refetched for it). */
export function MapZoomWatcher({ onZoom }: { onZoom: (zoom: number) => void }) {
  const map = useLeafletMap();
  const handler = useRef(onZoom);
  useEffect(() => {
    handler.current = onZoom;
  });
  useEffect(() => {
    if (!map) return;
    const tell = () => handler.current(Math.round(map.getZoom()));
    tell();
    map.on('zoomend', tell);
    return () => {
      map.off('zoomend', tell);
    };
  }, [map]);
  return null;
}
