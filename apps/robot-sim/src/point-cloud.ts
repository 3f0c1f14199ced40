/**
 * A generated lidar scan for the simulated robots' point cloud uploads (docs/robot-protocol.md,
 * "Point clouds"): a walled yard of 40 x 30 m with its ground, a building's walls, a few boxes and
 * poles, each surface with its own reflectivity, as a binary PCD with x, y, z and intensity.
 */

/** The points of a scan unless asked for another number. */
export const DEFAULT_SCAN_POINTS = 200_000;
/** The most points the simulator generates in one scan. */
export const MAX_SCAN_POINTS = 1_000_000;

/** A small deterministic random source, so a seed gives the same scan. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Box = { x: number; y: number; w: number; d: number; h: number };
type Pole = { x: number; y: number; r: number; h: number };

const HALF_X = 20;
const HALF_Y = 15;
const WALL_H = 3.2;
const BOXES: Box[] = [
  { x: -12, y: -6, w: 2.4, d: 1.2, h: 1.2 },
  { x: -9, y: 8, w: 1.2, d: 1.2, h: 2.2 },
  { x: 4, y: -9, w: 6, d: 2.5, h: 2.6 },
  { x: 11, y: 6, w: 1.5, d: 3, h: 1.6 },
];
const POLES: Pole[] = [
  { x: -4, y: 3, r: 0.12, h: 4.5 },
  { x: 6, y: 2, r: 0.12, h: 4.5 },
  { x: 15, y: -10, r: 0.2, h: 6 },
  { x: -16, y: 11, r: 0.2, h: 6 },
];

/** Scan points of the yard: x, y, z in metres and an intensity 0 to 255, for `count` points. */
export function generateScan(
  count: number = DEFAULT_SCAN_POINTS,
  seed = 1,
): { xyz: Float32Array; intensity: Float32Array } {
  const n = Math.max(1, Math.min(MAX_SCAN_POINTS, Math.floor(count)));
  const rnd = random(seed);
  const noise = () => (rnd() - 0.5) * 0.03;
  const xyz = new Float32Array(n * 3);
  const intensity = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const pick = rnd();
    let x: number;
    let y: number;
    let z: number;
    let v: number;
    if (pick < 0.45) {
      // Ground: asphalt with painted lane lines and a gentle slope.
      x = (rnd() * 2 - 1) * HALF_X;
      y = (rnd() * 2 - 1) * HALF_Y;
      z = 0.015 * x + 0.1 * Math.sin(y / 5) + noise();
      const lane = Math.abs(((y + 100) % 6) - 3) < 0.1 || Math.abs(x) < 0.08;
      v = lane ? 200 + rnd() * 40 : 40 + rnd() * 30 + 10 * Math.sin(x);
    } else if (pick < 0.75) {
      // Walls around the yard, brick courses every 0.3 m.
      const side = Math.floor(rnd() * 4);
      const along = rnd() * 2 - 1;
      z = rnd() * WALL_H;
      if (side < 2) {
        x = along * HALF_X;
        y = (side === 0 ? -HALF_Y : HALF_Y) + noise();
      } else {
        x = (side === 2 ? -HALF_X : HALF_X) + noise();
        y = along * HALF_Y;
      }
      z += 0.015 * x;
      v = 110 + 40 * Math.sin(z * 21) + rnd() * 20;
    } else if (pick < 0.92) {
      // Boxes (crates, a container, a hut): their four sides and their tops.
      const box = BOXES[Math.floor(rnd() * BOXES.length)]!;
      const face = Math.floor(rnd() * 5);
      const u = rnd() - 0.5;
      const w = rnd();
      if (face === 4) {
        x = box.x + u * box.w;
        y = box.y + (w - 0.5) * box.d;
        z = box.h;
      } else if (face < 2) {
        x = box.x + u * box.w;
        y = box.y + (face === 0 ? -0.5 : 0.5) * box.d;
        z = w * box.h;
      } else {
        x = box.x + (face === 2 ? -0.5 : 0.5) * box.w;
        y = box.y + u * box.d;
        z = w * box.h;
      }
      z += 0.015 * box.x + noise();
      v = 160 + rnd() * 40;
    } else {
      // Poles (lamp posts), bright reflective paint in bands.
      const pole = POLES[Math.floor(rnd() * POLES.length)]!;
      const angle = rnd() * Math.PI * 2;
      x = pole.x + Math.cos(angle) * pole.r;
      y = pole.y + Math.sin(angle) * pole.r;
      z = rnd() * pole.h + 0.015 * pole.x;
      v = Math.floor(z * 2) % 2 === 0 ? 250 : 90;
    }
    xyz[i * 3] = x;
    xyz[i * 3 + 1] = y;
    xyz[i * 3 + 2] = z;
    intensity[i] = Math.max(0, Math.min(255, v));
  }
  return { xyz, intensity };
}

/** A scan as a binary PCD file (v0.7) with x, y, z and intensity as 32-bit floats. */
export function scanPcd(count: number = DEFAULT_SCAN_POINTS, seed = 1): Buffer {
  const { xyz, intensity } = generateScan(count, seed);
  const n = intensity.length;
  const header = [
    '# .PCD v0.7 - Point Cloud Data file format',
    'VERSION 0.7',
    'FIELDS x y z intensity',
    'SIZE 4 4 4 4',
    'TYPE F F F F',
    'COUNT 1 1 1 1',
    `WIDTH ${n}`,
    'HEIGHT 1',
    'VIEWPOINT 0 0 0 1 0 0 0',
    `POINTS ${n}`,
    'DATA binary',
    '',
  ].join('\n');
  const head = Buffer.from(header, 'ascii');
  const out = Buffer.alloc(head.length + n * 16);
  head.copy(out);
  let at = head.length;
  for (let i = 0; i < n; i++) {
    out.writeFloatLE(xyz[i * 3]!, at);
    out.writeFloatLE(xyz[i * 3 + 1]!, at + 4);
    out.writeFloatLE(xyz[i * 3 + 2]!, at + 8);
    out.writeFloatLE(intensity[i]!, at + 12);
    at += 16;
  }
  return out;
}
