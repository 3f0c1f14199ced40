import { crc32, deflateSync } from 'node:zlib';
import { FONT } from './bitmap-font.js';

/** Size of the pictures a simulated robot attaches to its alarms. */
export const ALARM_IMAGE_WIDTH = 320;
export const ALARM_IMAGE_HEIGHT = 180;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * Encodes 8-bit RGB pixels (row by row, 3 bytes each) as a PNG: the signature, IHDR, one IDAT
 * (each row behind filter byte 0, deflated) and IEND. Small enough that the simulator needs no
 * image library.
 */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  if (rgb.length !== width * height * 3) throw new Error('encodePng: pixel buffer size does not match');
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  // Bytes 10-12: deflate, adaptive filtering, no interlace (all 0).
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) raw.set(rgb.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type Rgb = readonly [number, number, number];

/** A picture to draw on: RGB pixels with the few primitives an alarm picture needs. */
class Canvas {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
  }

  set(x: number, y: number, [r, g, b]: Rgb) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (Math.floor(y) * this.width + Math.floor(x)) * 3;
    this.pixels[i] = r;
    this.pixels[i + 1] = g;
    this.pixels[i + 2] = b;
  }

  rect(x: number, y: number, w: number, h: number, colour: Rgb) {
    for (let j = y; j < y + h; j++) for (let i = x; i < x + w; i++) this.set(i, j, colour);
  }

  frame(x: number, y: number, w: number, h: number, thickness: number, colour: Rgb) {
    this.rect(x, y, w, thickness, colour);
    this.rect(x, y + h - thickness, w, thickness, colour);
    this.rect(x, y, thickness, h, colour);
    this.rect(x + w - thickness, y, thickness, h, colour);
  }

  disc(cx: number, cy: number, radius: number, colour: Rgb, inner = 0) {
    for (let y = Math.floor(cy - radius); y <= cy + radius; y++) {
      for (let x = Math.floor(cx - radius); x <= cx + radius; x++) {
        const d = Math.hypot(x - cx, y - cy);
        if (d <= radius && d >= inner) this.set(x, y, colour);
      }
    }
  }

  /** Draws text in the 5 × 7 font, `scale` pixels a dot; lower case is drawn as upper case. */
  text(x: number, y: number, text: string, scale: number, colour: Rgb) {
    let left = x;
    for (const char of text.toUpperCase()) {
      const glyph = FONT[char] ?? FONT['?']!;
      for (let row = 0; row < 7; row++) {
        const bits = parseInt(glyph.slice(row * 2, row * 2 + 2), 16);
        for (let col = 0; col < 5; col++) {
          if (bits & (0x10 >> col)) this.rect(left + col * scale, y + row * scale, scale, scale, colour);
        }
      }
      left += 6 * scale;
    }
  }
}

export type AlarmImageOptions = {
  serial: string;
  /** The moment shown on the picture, epoch ms (now by default). */
  at?: number;
  /** A gun request frames its target in red with a crosshair; a sentiment alarm in amber. */
  kind?: 'gun' | 'sentiment';
  /** A word under the time, e.g. the alarm's code. */
  label?: string;
};

/**
 * The picture a simulated robot attaches to an alarm: a 320 × 180 PNG of a night scene with a
 * person-shaped target framed, the robot's serial at the top and the time (UTC) and label at the
 * bottom, as a patrol camera stamps its frames. A few kilobytes, far below ALARM_IMAGE_MAX_BYTES.
 */
export function alarmImage(options: AlarmImageOptions): Buffer {
  const { serial, at = Date.now(), kind = 'gun', label = kind === 'gun' ? 'net gun target' : 'scene' } = options;
  const w = ALARM_IMAGE_WIDTH;
  const h = ALARM_IMAGE_HEIGHT;
  const canvas = new Canvas(w, h);
  const horizon = 110;
  // Sky darkening upwards, then a lit ground with a lighter path across it.
  for (let y = 0; y < h; y++) {
    const shade: Rgb =
      y < horizon
        ? [
            18 + Math.round((y / horizon) * 30),
            26 + Math.round((y / horizon) * 36),
            48 + Math.round((y / horizon) * 40),
          ]
        : [46 + Math.round(((y - horizon) / (h - horizon)) * 24), 58, 44];
    canvas.rect(0, y, w, 1, shade);
  }
  canvas.rect(0, 128, w, 14, [92, 92, 84]);
  // A fence along the horizon.
  canvas.rect(0, horizon - 16, w, 2, [70, 74, 80]);
  for (let x = 4; x < w; x += 22) canvas.rect(x, horizon - 22, 3, 22, [70, 74, 80]);
  // The target: a person-shaped figure, framed.
  const cx = kind === 'gun' ? 196 : 150;
  canvas.disc(cx, 70, 8, [30, 30, 34]);
  canvas.rect(cx - 10, 80, 20, 30, [30, 30, 34]);
  canvas.rect(cx - 9, 110, 7, 22, [30, 30, 34]);
  canvas.rect(cx + 2, 110, 7, 22, [30, 30, 34]);
  const mark: Rgb = kind === 'gun' ? [230, 48, 48] : [240, 176, 32];
  canvas.frame(cx - 24, 54, 48, 84, 2, mark);
  if (kind === 'gun') {
    canvas.disc(cx, 90, 14, mark, 12);
    canvas.rect(cx - 20, 89, 40, 2, mark);
    canvas.rect(cx - 1, 70, 2, 40, mark);
  }
  // Stamps: serial on top, time and label at the bottom, on dark bands.
  const fit = (text: string, scale: number) => text.slice(0, Math.floor((w - 8) / (6 * scale)));
  canvas.rect(0, 0, w, 20, [0, 0, 0]);
  canvas.text(4, 3, fit(serial, 2), 2, [255, 255, 255]);
  canvas.rect(0, h - 30, w, 30, [0, 0, 0]);
  const time = new Date(at).toISOString().slice(0, 19).replace('T', ' ');
  canvas.text(4, h - 27, fit(`${time} UTC`, 2), 2, [255, 255, 255]);
  canvas.text(4, h - 10, fit(label, 1), 1, mark);
  return encodePng(w, h, canvas.pixels);
}
