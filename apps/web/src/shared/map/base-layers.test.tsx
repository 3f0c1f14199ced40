import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import L from 'leaflet';
import type { ConfigList, RobotLive } from '@patrol/contracts';
import { i18n } from '../i18n';
import { readMapConfig, type MapConfig } from '../api';
import { BaseMap, forgetViews, projectionFor, RobotsLayer, useLeafletMap } from '.';
import { removeItem, STORAGE_KEYS, writeItem } from '../storage';

const entry = (configKey: string, configValue: string) => ({ configKey, configValue });
const list = (leaflet: string | null): ConfigList => ({
  defaultMapUrl: entry('defaultMapUrl', 'https://fallback.example/{z}/{x}/{y}.png'),
  ...(leaflet === null ? {} : { leafletConfig: entry('leafletConfig', leaflet) }),
});

describe('reading the map config', () => {
  afterEach(() => vi.restoreAllMocks());

  it('falls back to defaultMapUrl and says so in the console when leafletConfig is missing or broken', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const leaflet of [null, '{not json', '{"tileLayerOption":{}}']) {
      const config = readMapConfig(list(leaflet));
      expect(config.tileUrl).toBe('https://fallback.example/{z}/{x}/{y}.png');
      expect(config.baseLayers).toEqual([]);
    }
    expect(warn).toHaveBeenCalledTimes(3);
    expect(String(warn.mock.calls[0]![0])).toContain('defaultMapUrl');
  });

  it('reads the base layers in their order, leaving out (and logging) only an entry that does not parse', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const config = readMapConfig(
      list(
        JSON.stringify({
          tileLayerOption: { url: 'https://tiles.example/{z}/{x}/{y}.png' },
          coordinateSystem: 'GCJ02',
          baseLayers: [
            {
              type: 'image',
              name: 'Site plan',
              source: 'site.svg',
              corners: [
                [113.9, 22.5],
                [113.91, 22.51],
              ],
            },
            { type: 'offline', name: 'Campus', source: '../etc' },
            { type: 'offline', name: 'Campus', source: 'campus.pmtiles', maxNativeZoom: 19 },
          ],
        }),
      ),
    );
    expect(config.tileUrl).toBe('https://tiles.example/{z}/{x}/{y}.png');
    expect(config.coordinateSystem).toBe('GCJ02');
    expect(config.baseLayers.map((l) => l.type)).toEqual(['image', 'offline']);
    expect(config.baseLayers[1]).toMatchObject({
      source: 'campus.pmtiles',
      coordinateSystem: 'WGS84',
      maxNativeZoom: 19,
    });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('baseLayers[1]');
  });
});

const base = (extra: Partial<MapConfig> = {}): MapConfig => ({
  tileUrl: null,
  mapOptions: {},
  tileOptions: {},
  coordinateSystem: 'WGS84',
  baseLayers: [],
  ...extra,
});
const TWO_LAYERS = base({
  tileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
  baseLayers: [
    { type: 'xyz', name: 'Street', url: 'https://street.example/{z}/{x}/{y}.png', coordinateSystem: 'WGS84' },
  ],
});

let instance: L.Map | null = null;
function Probe() {
  const map = useLeafletMap();
  useEffect(() => {
    instance = map;
  }, [map]);
  return null;
}

describe('the map and its controls', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    instance = null;
    forgetViews();
    vi.spyOn(L.Map.prototype, 'getRenderer').mockImplementation(function (this: L.Map) {
      return L.svg().addTo(this) as unknown as L.Renderer;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    // jsdom has no Fullscreen API; where a browser has none the button is hidden.
    Object.defineProperty(HTMLElement.prototype, 'requestFullscreen', {
      value: vi.fn(() => Promise.resolve()),
      configurable: true,
    });
    await i18n.changeLanguage('en-US');
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('offers a layer switcher only when more than one base layer is configured, the first one shown', async () => {
    const { unmount } = render(
      <BaseMap config={base({ tileUrl: 'https://tiles.example/{z}/{x}/{y}.png' })}>
        <Probe />
      </BaseMap>,
    );
    await waitFor(() => expect(instance).not.toBeNull());
    expect(document.querySelector('.leaflet-control-layers')).toBeNull();
    unmount();
    forgetViews();

    render(
      <BaseMap config={TWO_LAYERS}>
        <Probe />
      </BaseMap>,
    );
    await waitFor(() => expect(document.querySelector('.leaflet-control-layers')).not.toBeNull());
    const names = [...document.querySelectorAll('.leaflet-control-layers-base label')].map((l) =>
      l.textContent?.trim(),
    );
    expect(names).toEqual(['Street', 'Online map']);
    const checked = document.querySelector<HTMLInputElement>('.leaflet-control-layers-base input:checked');
    expect(checked?.nextElementSibling?.textContent?.trim()).toBe('Street');
    expect(screen.getByRole('button', { name: 'Base maps' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Full screen map' })).toBeTruthy();
    expect(document.querySelector('.leaflet-control-scale-line')).not.toBeNull();
    expect(screen.getByTestId('map-coordinates').textContent).toMatch(
      /^Coordinates \(WGS84\) -?\d+\.\d{6}, -?\d+\.\d{6}$/,
    );
  });

  it('keeps its view and chosen base layer when the page is left and opened again', async () => {
    const first = render(
      <BaseMap config={TWO_LAYERS}>
        <Probe />
      </BaseMap>,
    );
    await waitFor(() => expect(instance).not.toBeNull());
    act(() => instance!.setView([22.6, 114.1], 15, { animate: false }));
    const online = [...document.querySelectorAll<HTMLInputElement>('.leaflet-control-layers-base input')][1]!;
    act(() => online.click());
    first.unmount();
    instance = null;

    render(
      <BaseMap config={TWO_LAYERS}>
        <Probe />
      </BaseMap>,
    );
    await waitFor(() => expect(instance).not.toBeNull());
    expect(instance!.getZoom()).toBe(15);
    expect(instance!.getCenter().lat).toBeCloseTo(22.6, 6);
    expect(instance!.getCenter().lng).toBeCloseTo(114.1, 6);
    const checked = document.querySelector<HTMLInputElement>('.leaflet-control-layers-base input:checked');
    expect(checked?.nextElementSibling?.textContent?.trim()).toBe('Online map');
    // The online layer's name follows the language, and stays the chosen one.
    await act(() => i18n.changeLanguage('zh-CN'));
    const names = [...document.querySelectorAll('.leaflet-control-layers-base label')].map((l) =>
      l.textContent?.trim(),
    );
    expect(names).toEqual(['Street', '在线地图']);
  });

  it('keeps one view per page: another page opens at its own', async () => {
    window.location.hash = '#/data/position';
    const first = render(
      <BaseMap config={TWO_LAYERS}>
        <Probe />
      </BaseMap>,
    );
    await waitFor(() => expect(instance).not.toBeNull());
    act(() => instance!.setView([22.6, 114.1], 12, { animate: false }));
    first.unmount();
    instance = null;

    window.location.hash = '#/enclosure/electronicfence?id=3';
    render(
      <BaseMap config={TWO_LAYERS}>
        <Probe />
      </BaseMap>,
    );
    await waitFor(() => expect(instance).not.toBeNull());
    expect(instance!.getZoom()).toBe(18);
    window.location.hash = '';
  });

  it('draws robots through the base map projection: a GCJ-02 map shows them shifted, data stays WGS84', async () => {
    const robot = {
      robotId: 1,
      serialNumber: 'SIM-1',
      name: 'R1',
      online: true,
      lastSeenTime: null,
      state: { lat: 22.54, lng: 114.05, warning: { level: 0, color: null } },
    } as unknown as RobotLive;
    render(
      <BaseMap config={base({ tileUrl: 'https://amap.example/{z}/{x}/{y}.png', coordinateSystem: 'GCJ02' })}>
        <RobotsLayer fitLabel="Fit" robots={[robot]} selectedId={null} onSelect={() => {}} />
        <Probe />
      </BaseMap>,
    );
    await waitFor(() => expect(instance).not.toBeNull());
    let marker: L.CircleMarker | undefined;
    await waitFor(() => {
      instance!.eachLayer((layer) => void (layer instanceof L.CircleMarker && (marker = layer)));
      expect(marker).toBeDefined();
    });
    const drawn = marker!.getLatLng();
    // GCJ-02 moves Shenzhen by a few hundred metres.
    expect(instance!.distance(drawn, [22.54, 114.05])).toBeGreaterThan(200);
    const back = projectionFor('GCJ02').fromMap(drawn);
    expect(back[0]).toBeCloseTo(114.05, 5);
    expect(back[1]).toBeCloseTo(22.54, 5);
  });
});

describe('offline tiles', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    forgetViews();
  });

  it('fetches each tile with the session and frees its object URL when the tile unloads', async () => {
    writeItem(STORAGE_KEYS.token, 'tile-session');
    const asked: { url: string; auth: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        asked.push({ url, auth: new Headers(init.headers).get('authorization') });
        return Promise.resolve(new Response(new Blob(['png'], { type: 'image/png' }), { status: 200 }));
      }),
    );
    let made = 0;
    const revoked: string[] = [];
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = vi.fn(() => `blob:tile-${++made}`);
    URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
    onTestFinished(() => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(200);
    const config = base({
      baseLayers: [{ type: 'offline', name: 'Campus', source: 'campus.pmtiles', coordinateSystem: 'WGS84' }],
    });
    const { unmount } = render(
      <BaseMap config={config}>
        <Probe />
      </BaseMap>,
    );
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    expect(asked[0]!.url).toMatch(/\/api\/map-server\/tiles\/campus\.pmtiles\/18\/\d+\/\d+$/);
    expect(asked.every((a) => a.auth === 'Bearer tile-session')).toBe(true);
    await waitFor(() => expect(made).toBeGreaterThan(0));
    const shown = made;
    unmount();
    expect(revoked.length).toBe(shown);
    removeItem(STORAGE_KEYS.token);
  });
});
