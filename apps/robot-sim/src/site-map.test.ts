import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_MAP_CENTER, baseLayer, leafletConfig } from '@patrol/contracts';
import { describe, expect, it } from 'vitest';
import { makeRoute } from './route.js';
import {
  SITE_PLAN_SOURCE,
  sitePlanBaseLayer,
  sitePlanCorners,
  sitePlanSvg,
  withSitePlan,
  writeSitePlan,
} from './site-map.js';

describe('the generated site plan', () => {
  it('covers the patrol loop of each of the first 40 simulated robots, with margin', () => {
    const [[west, south], [east, north]] = sitePlanCorners();
    for (let i = 0; i < 40; i++) {
      for (const [lat, lng] of makeRoute(DEFAULT_MAP_CENTER, i).points) {
        expect(lng).toBeGreaterThan(west + 0.0002);
        expect(lng).toBeLessThan(east - 0.0002);
        expect(lat).toBeGreaterThan(south + 0.0002);
        expect(lat).toBeLessThan(north - 0.0002);
      }
    }
  });

  it('draws a building and a charging pad per loop and labels the charging base', () => {
    const svg = sitePlanSvg();
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg.match(/class="building"/g)?.length).toBeGreaterThanOrEqual(40);
    expect(svg.match(/class="pad"/g)?.length).toBe(41); // 40 pads and the legend's
    expect(svg).toContain('Charging base');
    // Nothing that an SVG served under default-src 'none' would refuse or run.
    expect(svg).not.toMatch(/<script|href=|url\(|@import/i);
    expect(sitePlanSvg()).toBe(svg);
  });

  it('is written into DATA_DIR/maps and becomes the first base layer, keeping the rest of leafletConfig', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'site-'));
    try {
      const file = await writeSitePlan(dataDir);
      expect(file).toBe(path.join(dataDir, 'maps', SITE_PLAN_SOURCE));
      expect(await readFile(file, 'utf8')).toBe(sitePlanSvg());
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    const current = JSON.stringify({
      mapInstantiated: { zoom: 18 },
      tileLayerOption: { url: 'https://tiles.example/{z}/{x}/{y}.png' },
      baseLayers: [
        { type: 'offline', name: 'Imagery', source: 'campus.pmtiles' },
        {
          type: 'image',
          name: 'Old plan',
          source: SITE_PLAN_SOURCE,
          corners: [
            [0, 0],
            [1, 1],
          ],
        },
      ],
    });
    const value = leafletConfig.parse(JSON.parse(withSitePlan(current)));
    expect(value.tileLayerOption.url).toBe('https://tiles.example/{z}/{x}/{y}.png');
    expect(value.mapInstantiated.zoom).toBe(18);
    expect(value.baseLayers.map((l) => l.name)).toEqual([sitePlanBaseLayer().name, 'Imagery']);
    expect(baseLayer.safeParse(sitePlanBaseLayer()).success).toBe(true);
  });
});
