import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_MAP_CENTER, type BaseLayer, type LngLat } from '@patrol/contracts';
import { offset, type LatLng } from './route.js';

/**
 * The simulator's patrol area drawn as a site plan (SVG), so a console with no internet shows a
 * real-looking campus under the simulated robots: a road along each robot's loop (the loops of
 * `makeRoute`), avenues between them, a building inside each loop and between loops, each robot's
 * charging pad at the start of its loop, the fleet's charging base, trees, car parks, the
 * perimeter fence, a north arrow, a scale bar and a legend.
 */

/** The file name of the plan in `DATA_DIR/maps`. */
export const SITE_PLAN_SOURCE = 'demo-site.svg';

/** The loops of `makeRoute` (size 1): 10 a row, 150 m apart east, 120 m apart north, 80 x 50 m. */
const PER_ROW = 10;
const SPACING = 150;
const ROW_SPACING = 120;
const HALF_W = 40;
const HALF_H = 25;
/** Rows drawn: the first 40 robots' loops (rows -2 to 1 of `makeRoute`). */
const ROWS = [-2, -1, 0, 1];

/** The plan's extent in metres from the centre (west, south, east, north). */
const WEST = -810;
const EAST = 810;
const SOUTH = -360;
const NORTH = 240;
/** Pixels per metre of the SVG's own size. */
const PX = 2;

const W = EAST - WEST;
const H = NORTH - SOUTH;
/** SVG x, y of a point `east`, `north` metres from the centre. */
const sx = (east: number) => +(east - WEST).toFixed(1);
const sy = (north: number) => +(NORTH - north).toFixed(1);

/** A small deterministic generator, so the same plan comes out every time. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

type Box = { x: number; y: number; w: number; h: number };
const rect = (b: Box, cls: string, extra = '') =>
  `<rect class="${cls}" x="${sx(b.x)}" y="${sy(b.y + b.h)}" width="${b.w}" height="${b.h}"${extra}/>`;
const text = (east: number, north: number, label: string, cls = 'label') =>
  `<text class="${cls}" x="${sx(east)}" y="${sy(north)}">${label}</text>`;

function loopCentre(column: number, row: number) {
  return { east: (column - (PER_ROW - 1) / 2) * SPACING, north: row * ROW_SPACING };
}

/** The SVG of the site plan (metres, `PX` pixels each). */
export function sitePlanSvg(): string {
  const parts: string[] = [];
  const rand = random(20261125);
  const blocks: Box[] = [];

  // Avenues: between the rows of loops, and across between columns.
  const avenues: string[] = [];
  for (let i = 0; i < ROWS.length - 1; i++) {
    const north = (ROWS[i]! + 0.5) * ROW_SPACING;
    avenues.push(`M${sx(WEST + 30)} ${sy(north)} H${sx(EAST - 30)}`);
  }
  avenues.push(`M${sx(WEST + 30)} ${sy(SOUTH + 25)} H${sx(EAST - 30)}`);
  for (let column = 0; column <= PER_ROW; column++) {
    const east = (column - PER_ROW / 2) * SPACING;
    avenues.push(`M${sx(east)} ${sy(SOUTH + 25)} V${sy(NORTH - 25)}`);
  }
  // The gate road to the south edge.
  avenues.push(`M${sx(0)} ${sy(SOUTH + 25)} V${sy(SOUTH)}`);

  // The loops: a patrol road round each, a building inside.
  const loops: string[] = [];
  const pads: string[] = [];
  const buildings: string[] = [];
  const labels: string[] = [];
  ROWS.forEach((row, r) => {
    for (let column = 0; column < PER_ROW; column++) {
      const { east, north } = loopCentre(column, row);
      loops.push(
        `M${sx(east - HALF_W)} ${sy(north - HALF_H)} H${sx(east + HALF_W)} V${sy(north + HALF_H)} H${sx(east - HALF_W)} Z`,
      );
      // Spurs from the loop to the avenue between its column and the next.
      loops.push(`M${sx(east + HALF_W)} ${sy(north)} H${sx(east + SPACING / 2)}`);
      const inner: Box = { x: east - 28, y: north - 14, w: 56, h: 28 };
      buildings.push(rect(inner, 'building'));
      const name = `${String.fromCharCode(65 + r)}${column + 1}`;
      labels.push(text(east, north - 4, name));
      // Each robot's charging pad: the first point of its loop (south-west corner).
      pads.push(
        `<g class="pad" transform="translate(${sx(east - HALF_W)} ${sy(north - HALF_H)})"><rect x="-5" y="-5" width="10" height="10" rx="2"/><path d="M1 -4 L-3 1 H0 L-1 4 L3 -1 H0 Z"/></g>`,
      );
      blocks.push({ x: east - HALF_W - 10, y: north - HALF_H - 10, w: 2 * HALF_W + 20, h: 2 * HALF_H + 20 });
    }
  });

  // Buildings between a loop and the avenue north of it (offices, stores), on some loops.
  const annex: string[] = [];
  ROWS.forEach((row) => {
    for (let column = 0; column < PER_ROW; column++) {
      if ((column * 7 + row * 3) % 4 === 0) continue;
      const { east, north } = loopCentre(column, row);
      const w = 24 + Math.round(rand() * 30);
      const h = 12 + Math.round(rand() * 8);
      const x = east - HALF_W + Math.round(rand() * (2 * HALF_W - w));
      const b: Box = { x, y: north + HALF_H + 7, w, h };
      annex.push(rect(b, 'annex'));
      blocks.push(b);
    }
  });

  // The fleet's charging base beside the first robot's pad, and a car park by the gate.
  const base = loopCentre(0, ROWS[0]!);
  const station: Box = { x: base.east - 45, y: SOUTH + 40, w: 90, h: 22 };
  const parking: Box = { x: 30, y: SOUTH + 40, w: 90, h: 34 };
  const stalls: string[] = [];
  for (let i = 1; i < 12; i++) {
    stalls.push(
      `M${sx(parking.x + i * 7.5)} ${sy(parking.y)} v-10 M${sx(parking.x + i * 7.5)} ${sy(parking.y + parking.h)} v10`,
    );
  }
  blocks.push(station, parking);

  // Trees where nothing else is.
  const trees: string[] = [];
  const free = (e: number, n: number) =>
    !blocks.some((b) => e > b.x - 6 && e < b.x + b.w + 6 && n > b.y - 6 && n < b.y + b.h + 6) &&
    ROWS.every((row) => Math.abs(n - (row + 0.5) * ROW_SPACING) > 9) &&
    Math.abs(n - (SOUTH + 25)) > 9 &&
    [...Array(PER_ROW + 1).keys()].every((c) => Math.abs(e - (c - PER_ROW / 2) * SPACING) > 9);
  for (let i = 0; i < 900 && trees.length < 260; i++) {
    const e = WEST + 20 + rand() * (W - 40);
    const n = SOUTH + 15 + rand() * (H - 30);
    if (free(e, n)) trees.push(`<circle cx="${sx(e)}" cy="${sy(n)}" r="${(3 + rand() * 2.5).toFixed(1)}"/>`);
  }

  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W * PX}" height="${H * PX}" viewBox="0 0 ${W} ${H}">`,
    '<style>',
    '.ground{fill:#eef2e6}.lawn{fill:#dcebcf}.fence{fill:none;stroke:#7c8a6e;stroke-width:1.5;stroke-dasharray:6 3}',
    '.road{fill:none;stroke:#c3c7cd;stroke-width:10;stroke-linejoin:round;stroke-linecap:square}',
    '.road-edge{fill:none;stroke:#a5abb3;stroke-width:12;stroke-linejoin:round;stroke-linecap:square}',
    '.lane{fill:none;stroke:#fff;stroke-width:0.6;stroke-dasharray:4 4}',
    '.loop{fill:none;stroke:#cfd3d8;stroke-width:7;stroke-linejoin:round}',
    '.building{fill:#d9d4cc;stroke:#a69f94;stroke-width:0.8}.annex{fill:#e3ddd3;stroke:#b3ab9f;stroke-width:0.6}',
    '.station{fill:#d7f0dc;stroke:#2f8a46;stroke-width:1.2}.parking{fill:#dfe2e6;stroke:#a5abb3;stroke-width:0.6}',
    '.stall{stroke:#fff;stroke-width:0.5}.trees circle{fill:#a9cf94;stroke:#86b36f;stroke-width:0.4}',
    '.pad rect{fill:#2f8a46;stroke:#fff;stroke-width:0.8}.pad path{fill:#fff}',
    'text{font-family:"Noto Sans","Noto Sans CJK SC","PingFang SC","Microsoft YaHei",Arial,sans-serif;fill:#5b5348}',
    '.label{font-size:8px;text-anchor:middle;font-weight:600}.big{font-size:9px;text-anchor:middle;font-weight:700;fill:#1f5f30}',
    '.title{font-size:14px;font-weight:700;fill:#3f3a33}.small{font-size:7px}',
    '</style>',
    `<rect class="ground" width="${W}" height="${H}"/>`,
    `<rect class="lawn" x="10" y="10" width="${W - 20}" height="${H - 20}" rx="6"/>`,
    `<rect class="fence" x="10" y="10" width="${W - 20}" height="${H - 20}" rx="6"/>`,
    `<g class="trees">${trees.join('')}</g>`,
    `<path class="road-edge" d="${avenues.join(' ')}"/>`,
    `<path class="road" d="${avenues.join(' ')}"/>`,
    `<path class="lane" d="${avenues.join(' ')}"/>`,
    `<path class="loop" d="${loops.join(' ')}"/>`,
    rect(parking, 'parking'),
    `<path class="stall" d="${stalls.join(' ')}"/>`,
    annex.join(''),
    buildings.join(''),
    rect(station, 'station'),
    text(station.x + station.w / 2, station.y + 8, '充电站 Charging base', 'big'),
    pads.join(''),
    labels.join(''),
    text(parking.x + parking.w / 2, parking.y + parking.h / 2 - 3, 'P', 'label'),
    text(28, SOUTH + 8, '大门 Gate', 'label'),
  );

  // North arrow, scale bar, title and legend in the north-west corner.
  const nx = 34;
  const ny = 34;
  parts.push(
    `<g transform="translate(${nx} ${ny})"><circle r="14" fill="#fff" stroke="#8a8275" stroke-width="0.8"/>`,
    '<path d="M0 -11 L5 6 L0 3 L-5 6 Z" fill="#3f3a33"/><text x="0" y="-15.5" class="label">N</text></g>',
    `<g transform="translate(${W - 140} ${H - 40})"><rect x="-8" y="-14" width="130" height="34" rx="3" fill="#fff" fill-opacity="0.9"/>`,
    '<path d="M0 0 h100" stroke="#3f3a33" stroke-width="3"/><path d="M0 0 h50" stroke="#fff" stroke-width="1.6"/>',
    '<path d="M0 -3 v6 M50 -3 v6 M100 -3 v6" stroke="#3f3a33" stroke-width="0.8"/>',
    '<text x="0" y="12" class="small">0</text><text x="46" y="12" class="small">50</text><text x="94" y="12" class="small">100 m</text>',
    '</g>',
    `<g transform="translate(60 20)"><rect x="0" y="0" width="300" height="52" rx="4" fill="#fff" fill-opacity="0.92" stroke="#c9c2b6" stroke-width="0.6"/>`,
    '<text x="10" y="18" class="title">巡逻演示园区 Patrol demo site</text>',
    '<rect x="10" y="30" width="12" height="8" class="building"/><text x="26" y="37" class="small">建筑 Building</text>',
    '<path d="M92 34 h14" class="loop" style="stroke-width:5"/><text x="110" y="37" class="small">巡逻道路 Patrol road</text>',
    '<g class="pad" transform="translate(196 34)"><rect x="-5" y="-5" width="10" height="10" rx="2"/><path d="M1 -4 L-3 1 H0 L-1 4 L3 -1 H0 Z"/></g>',
    '<text x="205" y="37" class="small">充电桩 Charging pad</text></g>',
    '</svg>',
  );
  return parts.join('\n');
}

/** The plan's south-west and north-east corners, WGS84 `[lng, lat]`, around `center` (`[lat, lng]`). */
export function sitePlanCorners(center: LatLng = DEFAULT_MAP_CENTER): [LngLat, LngLat] {
  const sw = offset(center, WEST, SOUTH);
  const ne = offset(center, EAST, NORTH);
  return [
    [+sw[1].toFixed(7), +sw[0].toFixed(7)],
    [+ne[1].toFixed(7), +ne[0].toFixed(7)],
  ];
}

/** The plan as the console's base layer (config `leafletConfig.baseLayers`). */
export function sitePlanBaseLayer(name = '演示园区 Demo site', center: LatLng = DEFAULT_MAP_CENTER): BaseLayer {
  return { type: 'image', name, source: SITE_PLAN_SOURCE, corners: sitePlanCorners(center) };
}

/** Writes the plan into `DATA_DIR/maps`, where the console serves it from; returns its path. */
export async function writeSitePlan(dataDir: string): Promise<string> {
  const dir = path.join(dataDir, 'maps');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, SITE_PLAN_SOURCE);
  await writeFile(file, sitePlanSvg());
  return file;
}

/**
 * `leafletConfig` with the site plan as the first base layer, keeping what `current` (the value in
 * force) says; any earlier plan of the same source is replaced.
 */
export function withSitePlan(current: string | null, layer: BaseLayer = sitePlanBaseLayer()): string {
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(current ?? '{}') as Record<string, unknown>;
  } catch {
    parsed = {};
  }
  const layers = (Array.isArray(parsed.baseLayers) ? (parsed.baseLayers as BaseLayer[]) : []).filter(
    (l) => !('source' in l) || l.source !== SITE_PLAN_SOURCE,
  );
  return JSON.stringify({
    mapInstantiated: { zoom: 17, ...(parsed.mapInstantiated as object | undefined) },
    tileLayerOption: parsed.tileLayerOption ?? { url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' },
    ...(parsed.coordinateSystem ? { coordinateSystem: parsed.coordinateSystem } : {}),
    baseLayers: [layer, ...layers],
  });
}
