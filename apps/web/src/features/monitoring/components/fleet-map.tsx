import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { DEFAULT_MAP_CENTER, type RobotLive } from '@patrol/contracts';
import type { MapConfig } from '@/shared/api';

/** Map constants of the spec (section 9): default zoom 18, tiles 7 to 29, native tiles up to 18. */
export const MAP_DEFAULTS = { zoom: 18, minZoom: 7, maxZoom: 29, maxNativeZoom: 18 } as const;

export const ROBOT_COLORS = { online: '#1677ff', offline: '#8c8c8c', yellow: '#faad14', red: '#f5222d' } as const;

/** The colour of a robot on the map: its warning colour, else blue when online and grey when not. */
export function robotColor(robot: RobotLive): string {
  if (!robot.online) return ROBOT_COLORS.offline;
  const warning = robot.state?.warning.color;
  return warning ? ROBOT_COLORS[warning] : ROBOT_COLORS.online;
}

type Props = {
  config: MapConfig | undefined;
  /** Text of the map button that shows every robot at once. */
  fitLabel: string;
  robots: RobotLive[];
  selectedId: number | null;
  onSelect: (robotId: number) => void;
  /** Centre on the selected robot when the selection changes. */
  follow?: boolean;
};

/**
 * The fleet on a Leaflet map: one circle marker per robot with a known position (canvas renderer),
 * moved in place as updates arrive. Offline robots stay at their last position, greyed.
 */
export function FleetMap({ config, fitLabel, robots, selectedId, onSelect, follow = true }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const markers = useRef(new Map<number, L.CircleMarker>());
  const selectRef = useRef(onSelect);
  useEffect(() => {
    selectRef.current = onSelect;
  });

  useEffect(() => {
    if (!container.current || !config) return;
    const options = config.mapOptions as L.MapOptions & { center?: L.LatLngExpression };
    const instance = L.map(container.current, {
      preferCanvas: true,
      zoomControl: true,
      attributionControl: false,
      ...options,
      center: options.center ?? [...DEFAULT_MAP_CENTER],
      zoom: options.zoom ?? MAP_DEFAULTS.zoom,
      minZoom: options.minZoom ?? MAP_DEFAULTS.minZoom,
      maxZoom: options.maxZoom ?? MAP_DEFAULTS.maxZoom,
    });
    if (config.tileUrl) {
      L.tileLayer(config.tileUrl, {
        maxNativeZoom: MAP_DEFAULTS.maxNativeZoom,
        maxZoom: MAP_DEFAULTS.maxZoom,
        ...config.tileOptions,
      }).addTo(instance);
    }
    // A button that brings every robot into view.
    const FitControl = L.Control.extend({
      onAdd: () => {
        const button = L.DomUtil.create('button', 'leaflet-bar fleet-map-fit');
        button.type = 'button';
        button.textContent = fitLabel;
        button.style.cssText = 'background:#fff;padding:4px 10px;cursor:pointer;font-size:13px;';
        L.DomEvent.disableClickPropagation(button);
        L.DomEvent.on(button, 'click', () => {
          const points = [...markers.current.values()].map((m) => m.getLatLng());
          if (points.length)
            instance.fitBounds(L.latLngBounds(points), { padding: [40, 40], maxZoom: MAP_DEFAULTS.maxNativeZoom });
        });
        return button;
      },
    });
    new FitControl({ position: 'topright' }).addTo(instance);
    map.current = instance;
    const current = markers.current;
    return () => {
      instance.remove();
      map.current = null;
      current.clear();
    };
  }, [config, fitLabel]);

  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    const seen = new Set<number>();
    for (const robot of robots) {
      if (!robot.state) continue;
      seen.add(robot.robotId);
      const position: L.LatLngExpression = [robot.state.lat, robot.state.lng];
      const selected = robot.robotId === selectedId;
      const style: L.CircleMarkerOptions = {
        radius: selected ? 11 : 8,
        color: selected ? '#000000' : '#ffffff',
        weight: selected ? 3 : 2,
        fillColor: robotColor(robot),
        fillOpacity: robot.online ? 0.95 : 0.5,
      };
      let marker = markers.current.get(robot.robotId);
      if (!marker) {
        marker = L.circleMarker(position, style).addTo(instance);
        marker.bindTooltip(robot.name, { direction: 'top', offset: [0, -8] });
        const robotId = robot.robotId;
        marker.on('click', () => selectRef.current(robotId));
        markers.current.set(robot.robotId, marker);
      } else {
        marker.setLatLng(position);
        marker.setStyle(style);
        marker.setTooltipContent(robot.name);
      }
      if (selected) marker.bringToFront();
    }
    for (const [robotId, marker] of markers.current) {
      if (seen.has(robotId)) continue;
      marker.remove();
      markers.current.delete(robotId);
    }
  }, [robots, selectedId]);

  useEffect(() => {
    if (!follow || selectedId === null) return;
    const marker = markers.current.get(selectedId);
    if (marker && map.current) map.current.panTo(marker.getLatLng());
  }, [follow, selectedId]);

  return (
    <div ref={container} className="fleet-map" data-testid="fleet-map" style={{ height: '100%', width: '100%' }} />
  );
}
