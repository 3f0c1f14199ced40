import { useEffect, useRef } from 'react';
import L from 'leaflet';
import type { RobotLive } from '@patrol/contracts';
import { MAP_DEFAULTS, useLeafletMap, useMapViewRestored } from './base-map';
import { useMapProjection } from './projection';
import { plainText } from './plain-text';
import { prefersReducedMotion } from '../ui/reduced-motion';

export const ROBOT_COLORS = {
  online: '#1677ff',
  offline: '#8c8c8c',
  unknown: '#9254de',
  yellow: '#faad14',
  red: '#f5222d',
} as const;

/**
 * The colour of a robot on the map: purple while its presence is unknown (the server has lost its
 * broker), grey when offline, else its warning colour or blue.
 */
export function robotColor(robot: RobotLive): string {
  if (robot.presenceUnknown) return ROBOT_COLORS.unknown;
  if (!robot.online) return ROBOT_COLORS.offline;
  const warning = robot.state?.warning.color;
  return warning ? ROBOT_COLORS[warning] : ROBOT_COLORS.online;
}

type Props = {
  /** Text of the map button that shows every robot at once. */
  fitLabel: string;
  /** Said after the name in the tooltip of a robot stopped for repair (its marker is also dashed). */
  stoppedLabel?: string;
  robots: RobotLive[];
  selectedId: number | null;
  onSelect: (robotId: number) => void;
  /** Centre on the selected robot when the selection changes. */
  follow?: boolean;
};

const fitOptions: L.FitBoundsOptions = { padding: [40, 40], maxZoom: MAP_DEFAULTS.maxNativeZoom };

/**
 * The fleet on a `BaseMap`: one circle marker per robot with a known position, moved in place as
 * updates arrive. Offline robots stay at their last position, greyed; while presence is unknown
 * every robot stays at its last position, purple. The map opens fitted to the
 * robots with a position, once.
 */
export function RobotsLayer({ fitLabel, stoppedLabel, robots, selectedId, onSelect, follow = true }: Props) {
  const map = useLeafletMap();
  const projection = useMapProjection();
  const restored = useMapViewRestored();
  const drawnWith = useRef(projection);
  const markers = useRef(new Map<number, L.CircleMarker>());
  const drawn = useRef(new Map<number, RobotLive>());
  const labels = useRef(new Map<number, string>());
  const fitted = useRef(false);
  const button = useRef<HTMLButtonElement | null>(null);
  const selectRef = useRef(onSelect);
  useEffect(() => {
    selectRef.current = onSelect;
  });

  const fitAll = () => {
    const points = [...markers.current.values()].map((m) => m.getLatLng());
    if (map && points.length) map.fitBounds(L.latLngBounds(points), fitOptions);
    return points.length > 0;
  };
  const fitRef = useRef(fitAll);
  useEffect(() => {
    fitRef.current = fitAll;
  });

  // A button that brings every robot into view; its text follows the language without a rebuild.
  useEffect(() => {
    if (!map) return;
    const FitControl = L.Control.extend({
      onAdd: () => {
        const element = L.DomUtil.create('button', 'leaflet-bar fleet-map-fit');
        element.type = 'button';
        element.style.cssText = 'background:#fff;padding:4px 10px;cursor:pointer;font-size:13px;';
        L.DomEvent.disableClickPropagation(element);
        L.DomEvent.on(element, 'click', () => fitRef.current());
        button.current = element;
        return element;
      },
    });
    const control = new FitControl({ position: 'topright' }).addTo(map);
    const current = markers.current;
    const seen = drawn.current;
    // A map reopened at the view the user left it at is not fitted again.
    fitted.current = restored;
    return () => {
      control.remove();
      for (const marker of current.values()) marker.remove();
      current.clear();
      seen.clear();
      fitted.current = false;
    };
    // Read once per map: a later change is the user's own view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);
  useEffect(() => {
    if (button.current) button.current.textContent = fitLabel;
  }, [fitLabel, map]);

  useEffect(() => {
    if (!map) return;
    // Another base map system: every robot is placed again.
    if (drawnWith.current !== projection) {
      drawnWith.current = projection;
      drawn.current.clear();
    }
    const seen = new Set<number>();
    for (const robot of robots) {
      if (!robot.state) continue;
      seen.add(robot.robotId);
      const marker = markers.current.get(robot.robotId);
      const selected = robot.robotId === selectedId;
      const label = robot.stoppedForRepair && stoppedLabel ? `${robot.name} · ${stoppedLabel}` : robot.name;
      // Unchanged robots (the same object, thanks to structural sharing) cost nothing.
      if (
        marker &&
        drawn.current.get(robot.robotId) === robot &&
        marker.options.weight === (selected ? 3 : 2) &&
        labels.current.get(robot.robotId) === label
      )
        continue;
      const position = projection.toMap([robot.state.lng, robot.state.lat]);
      const style: L.CircleMarkerOptions = {
        radius: selected ? 11 : 8,
        color: selected ? '#000000' : '#ffffff',
        weight: selected ? 3 : 2,
        fillColor: robotColor(robot),
        fillOpacity: robot.online && !robot.presenceUnknown ? 0.95 : 0.5,
        // Stopped for repair: a dashed ring, so it reads without its colour.
        dashArray: robot.stoppedForRepair ? '3 3' : undefined,
      };
      drawn.current.set(robot.robotId, robot);
      labels.current.set(robot.robotId, label);
      if (!marker) {
        const created = L.circleMarker(position, style).addTo(map);
        created.bindTooltip(plainText(label), { direction: 'top', offset: [0, -8] });
        const robotId = robot.robotId;
        created.on('click', () => selectRef.current(robotId));
        markers.current.set(robot.robotId, created);
        if (selected) created.bringToFront();
        continue;
      }
      marker.setLatLng(position);
      marker.setStyle(style);
      marker.setTooltipContent(plainText(label));
      if (selected) marker.bringToFront();
    }
    for (const [robotId, marker] of markers.current) {
      if (seen.has(robotId)) continue;
      marker.remove();
      markers.current.delete(robotId);
      drawn.current.delete(robotId);
      labels.current.delete(robotId);
    }
    if (!fitted.current) fitted.current = fitRef.current();
  }, [map, robots, selectedId, projection, stoppedLabel]);

  useEffect(() => {
    if (!follow || selectedId === null || !map) return;
    const marker = markers.current.get(selectedId);
    if (marker) map.panTo(marker.getLatLng(), { animate: !prefersReducedMotion() });
  }, [follow, selectedId, map]);

  return null;
}
