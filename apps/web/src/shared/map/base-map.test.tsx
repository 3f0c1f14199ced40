import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import L from 'leaflet';
import type { RobotLive } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n';
import { BaseMap, forgetViews, MapLegend, RobotsLayer, useLeafletMap } from '.';
import type { MapConfig } from '../api';

const config: MapConfig = { tileUrl: null, mapOptions: {}, tileOptions: {}, coordinateSystem: 'WGS84', baseLayers: [] };
const robot = (robotId: number, lat: number, lng: number): RobotLive => ({
  robotId,
  serialNumber: `SIM-${robotId}`,
  name: `R${robotId}`,
  online: true,
  lastSeenTime: null,
  stoppedForRepair: false,
  state: { lat, lng, warning: { level: 0, color: null } } as unknown as RobotLive['state'],
});

let instance: L.Map | null = null;
const keep = (map: L.Map | null) => {
  instance = map;
};
function Probe({ onMap }: { onMap: (map: L.Map | null) => void }) {
  const map = useLeafletMap();
  useEffect(() => onMap(map), [map, onMap]);
  return null;
}
function Fleet({ robots }: { robots: RobotLive[] }) {
  const { t } = useTranslation('monitoring');
  return (
    <BaseMap config={config}>
      <RobotsLayer fitLabel={t('fleet.fit')} robots={robots} selectedId={null} onSelect={() => {}} />
      <MapLegend />
      <Probe onMap={keep} />
    </BaseMap>
  );
}

describe('shared map', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    instance = null;
    forgetViews();
    // jsdom draws nothing: the SVG renderer keeps markers as elements that can be counted.
    vi.spyOn(L.Map.prototype, 'getRenderer').mockImplementation(function (this: L.Map) {
      return L.svg().addTo(this) as unknown as L.Renderer;
    });
    // jsdom lays nothing out: the map gets the size of a small window.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    await i18n.changeLanguage('en-US');
  });
  afterEach(() => vi.restoreAllMocks());

  it('keeps the same map, zoom and markers when the language changes', async () => {
    const built = vi.spyOn(L, 'map');
    render(<Fleet robots={[robot(1, 22.54, 114.05), robot(2, 22.55, 114.06)]} />);
    await waitFor(() => expect(instance).not.toBeNull());
    const map = instance!;
    expect(screen.getByRole('button', { name: 'Show all robots' })).toBeTruthy();
    act(() => map.setZoom(12, { animate: false }));
    await act(() => i18n.changeLanguage('zh-TW'));
    expect(screen.getByRole('button', { name: '顯示全部機器人' })).toBeTruthy();
    expect(built).toHaveBeenCalledTimes(1);
    expect(instance).toBe(map);
    expect(map.getZoom()).toBe(12);
    let markers = 0;
    map.eachLayer((layer) => void (layer instanceof L.CircleMarker && (markers += 1)));
    expect(markers).toBe(2);
  });

  it('shows a robot name that holds markup as text in its tooltip, before and after an update', async () => {
    const payload = '<img src=x onerror="window.hit=1"><b>R1</b>';
    const named = { ...robot(1, 22.54, 114.05), name: payload };
    const { rerender } = render(<Fleet robots={[named]} />);
    await waitFor(() => expect(instance).not.toBeNull());
    const tooltipOf = () => {
      let marker: L.CircleMarker | undefined;
      instance!.eachLayer((layer) => void (layer instanceof L.CircleMarker && (marker = layer)));
      marker!.openTooltip();
      return marker!.getTooltip()!.getElement()!;
    };
    expect(tooltipOf().textContent).toBe(payload);
    expect(tooltipOf().querySelector('img, b')).toBeNull();
    rerender(<Fleet robots={[{ ...named, name: `${payload}!`, state: { ...named.state!, lat: 22.55 } }]} />);
    await waitFor(() => expect(tooltipOf().textContent).toBe(`${payload}!`));
    expect(tooltipOf().querySelector('img, b')).toBeNull();
  });

  it('opens fitted to the robots with a position, with a legend of its colours', async () => {
    render(<Fleet robots={[robot(1, 22.5, 114.0), robot(2, 22.6, 114.2), { ...robot(3, 0, 0), state: null }]} />);
    await waitFor(() => expect(instance).not.toBeNull());
    const bounds = instance!.getBounds();
    expect(bounds.contains([22.5, 114.0])).toBe(true);
    expect(bounds.contains([22.6, 114.2])).toBe(true);
    const legend = screen.getByRole('region', { name: 'Legend' });
    expect([...legend.querySelectorAll('[data-legend]')].map((e) => e.textContent)).toEqual([
      'Online',
      'Offline',
      'Presence unknown',
      'Yellow warning',
      'Red warning',
    ]);
  });
});
