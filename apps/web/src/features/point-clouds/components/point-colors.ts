import type { DecodedPointCloud } from '@patrol/contracts';

/**
 * How the viewer colours points: by height (z), by the scanner's intensity, or with the file's own
 * colours. Pure functions, so they are tested without a browser's WebGL.
 */
export type ColorMode = 'height' | 'intensity' | 'rgb';

/** The most points the viewer draws: a larger cloud is refused with a message, not frozen on. */
export const VIEWER_MAX_POINTS = 2_000_000;

export type ValueRange = { min: number; max: number };
export type Bounds = { min: [number, number, number]; max: [number, number, number] };

/** The smallest and largest finite value of every `stride`-th value from `offset`; null when none. */
function rangeOf(values: Float32Array, offset = 0, stride = 1): ValueRange | null {
  let min = Infinity;
  let max = -Infinity;
  for (let i = offset; i < values.length; i += stride) {
    const v = values[i]!;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  // NaN compares false both ways, so it never moves min or max; infinities are not kept.
  return Number.isFinite(min) && Number.isFinite(max) ? { min, max } : null;
}

/** The range of the points' heights (z); null for a cloud without a finite point. */
export const heightRange = (positions: Float32Array) => rangeOf(positions, 2, 3);

/** The range of the intensities; null when the cloud has none. */
export const intensityRange = (intensity: Float32Array | null) => (intensity ? rangeOf(intensity) : null);

/** The box around the finite points; null when there is none. */
export function cloudBounds(positions: Float32Array): Bounds | null {
  const x = rangeOf(positions, 0, 3);
  const y = rangeOf(positions, 1, 3);
  const z = rangeOf(positions, 2, 3);
  if (!x || !y || !z) return null;
  return { min: [x.min, y.min, z.min], max: [x.max, y.max, z.max] };
}

/** The colour ramp's stops, low to high: blue, cyan, green, yellow, red (a "jet" scale people read). */
const STOPS: [number, number, number][] = [
  [48, 18, 160],
  [30, 150, 230],
  [60, 200, 90],
  [245, 210, 40],
  [220, 40, 30],
];

/** The ramp's colour at `t` (0 low, 1 high; clamped), r, g, b from 0 to 255. */
export function rampColor(t: number): [number, number, number] {
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (STOPS.length - 1);
  const i = Math.min(STOPS.length - 2, Math.floor(x));
  const f = x - i;
  const a = STOPS[i]!;
  const b = STOPS[i + 1]!;
  return [
    Math.round(a[0] + (b[0] - a[0]) * f),
    Math.round(a[1] + (b[1] - a[1]) * f),
    Math.round(a[2] + (b[2] - a[2]) * f),
  ];
}

/** The ramp as a CSS gradient, low on the left, for the legend. */
export function legendGradient(): string {
  const stops = STOPS.map((_, k) => {
    const [r, g, b] = rampColor(k / (STOPS.length - 1));
    return `rgb(${r} ${g} ${b}) ${Math.round((k / (STOPS.length - 1)) * 100)}%`;
  });
  return `linear-gradient(to right, ${stops.join(', ')})`;
}

/** The modes a cloud offers: height always, intensity and colour when its file has them. */
export function colorModes(cloud: Pick<DecodedPointCloud, 'intensity' | 'colors'>): ColorMode[] {
  const modes: ColorMode[] = ['height'];
  if (cloud.intensity) modes.push('intensity');
  if (cloud.colors) modes.push('rgb');
  return modes;
}

/**
 * The colours of every point (r, g, b, 0 to 255) in `mode`, and the range the ramp spans (null
 * for the file's own colours). A mode the cloud lacks falls back to height.
 */
export function colorize(
  cloud: Pick<DecodedPointCloud, 'positions' | 'intensity' | 'colors' | 'points'>,
  mode: ColorMode,
  into?: Uint8Array,
): { colors: Uint8Array; range: ValueRange | null; mode: ColorMode } {
  const colors = into && into.length === cloud.points * 3 ? into : new Uint8Array(cloud.points * 3);
  if (mode === 'rgb' && cloud.colors) {
    colors.set(cloud.colors);
    return { colors, range: null, mode };
  }
  const byIntensity = mode === 'intensity' && cloud.intensity !== null;
  const values = byIntensity ? cloud.intensity! : cloud.positions;
  const offset = byIntensity ? 0 : 2;
  const stride = byIntensity ? 1 : 3;
  const range = rangeOf(values, offset, stride);
  // A lookup table of 256 colours: one multiply per point instead of a ramp each.
  const table = new Uint8Array(256 * 3);
  for (let k = 0; k < 256; k++) table.set(rampColor(k / 255), k * 3);
  const min = range?.min ?? 0;
  const span = range && range.max > range.min ? range.max - range.min : 1;
  for (let i = 0; i < cloud.points; i++) {
    const v = values[offset + i * stride]!;
    const k = Number.isFinite(v) ? Math.min(255, Math.max(0, Math.round(((v - min) / span) * 255))) : 0;
    colors[i * 3] = table[k * 3]!;
    colors[i * 3 + 1] = table[k * 3 + 1]!;
    colors[i * 3 + 2] = table[k * 3 + 2]!;
  }
  return { colors, range, mode: byIntensity ? 'intensity' : 'height' };
}
