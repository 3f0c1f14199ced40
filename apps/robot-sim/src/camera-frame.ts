import { drawTimeCode, timeCodeHeight } from '@patrol/contracts';
import { FONT } from './bitmap-font.js';

/**
 * The picture of a simulated camera: colour bars scrolling sideways and a square bouncing across
 * them (so a frozen stream shows), the robot's serial, the camera's name and the wall-clock time
 * in a small bitmap font, and the time code strip at the bottom (video-timecode.ts). RGB24; one
 * buffer reused for every frame, so painting 10 frames a second for a few cameras costs little.
 */

export const CAMERA_FRAME_WIDTH = 320;
export const CAMERA_FRAME_HEIGHT = 240;

const GLYPHS = new Map(
  Object.entries(FONT).map(([char, hex]) => {
    return [char, Array.from({ length: 7 }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16))];
  }),
);
/** Glyph scale: each font pixel is a 2x2 square. */
const SCALE = 2;
const ADVANCE = 6 * SCALE;
const LINE = 9 * SCALE;
const BARS: readonly (readonly [number, number, number])[] = [
  [192, 192, 192],
  [192, 192, 0],
  [0, 192, 192],
  [0, 192, 0],
  [192, 0, 192],
  [192, 0, 0],
  [0, 0, 192],
  [40, 40, 40],
];
/** How fast the bars scroll, px/s. */
const SCROLL = 40;
const SQUARE = 24;

/** `HH:MM:SS.mmm` of the local wall clock. */
export function clockText(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}

/** Paints a camera's frames into one reused RGB24 buffer (`frame`). */
export class CameraFramePainter {
  readonly width: number;
  readonly height: number;
  /** The frame, overwritten by each `paint`. */
  readonly frame: Uint8Array;
  /** One row of bars, twice over, so a scrolled row is one contiguous copy. */
  private readonly barRow: Uint8Array;
  private readonly pictureHeight: number;

  constructor(width = CAMERA_FRAME_WIDTH, height = CAMERA_FRAME_HEIGHT) {
    this.width = width;
    this.height = height;
    this.frame = new Uint8Array(width * height * 3);
    this.pictureHeight = height - timeCodeHeight(width);
    this.barRow = new Uint8Array(width * 3 * 2);
    for (let x = 0; x < width * 2; x++) {
      const bar = BARS[Math.floor(((x % width) * BARS.length) / width)]!;
      this.barRow.set(bar, x * 3);
    }
  }

  /** Paints the frame of the moment `ms` (epoch milliseconds) with these lines of text on top. */
  paint(ms: number, lines: readonly string[]): Uint8Array {
    const { width, frame, pictureHeight } = this;
    const shift = Math.floor((ms / 1000) * SCROLL) % width;
    const row = this.barRow.subarray(shift * 3, (shift + width) * 3);
    for (let y = 0; y < pictureHeight; y++) frame.set(row, y * width * 3);

    // The square bounces corner to corner across the picture below the text.
    const t = ms / 1000;
    const bounce = (span: number, speed: number) => {
      const p = (t * speed) % (2 * span);
      return Math.floor(p < span ? p : 2 * span - p);
    };
    const top = LINE * lines.length + 8;
    const sx = bounce(width - SQUARE, 70);
    const sy = top + bounce(Math.max(1, pictureHeight - top - SQUARE), 45);
    this.fill(sx, sy, SQUARE, SQUARE, 255);

    lines.forEach((line, i) => this.text(line, 4, 4 + i * LINE));
    drawTimeCode(frame, width, this.height, Math.floor(ms));
    return frame;
  }

  private fill(x0: number, y0: number, w: number, h: number, value: number) {
    const { width, frame } = this;
    const x1 = Math.min(width, x0 + w);
    const y1 = Math.min(this.pictureHeight, y0 + h);
    for (let y = Math.max(0, y0); y < y1; y++) {
      frame.fill(value, (y * width + Math.max(0, x0)) * 3, (y * width + x1) * 3);
    }
  }

  /** Draws text in white on a black box; characters without a glyph show as `?`. */
  private text(text: string, x: number, y: number) {
    const chars = [...text.toUpperCase()].slice(0, Math.floor((this.width - x) / ADVANCE));
    this.fill(x - 2, y - 2, chars.length * ADVANCE + 2, 7 * SCALE + 4, 0);
    const { width, frame } = this;
    chars.forEach((char, i) => {
      const glyph = GLYPHS.get(char) ?? GLYPHS.get('?')!;
      const gx = x + i * ADVANCE;
      for (let r = 0; r < 7; r++) {
        const bits = glyph[r]!;
        for (let c = 0; c < 5; c++) {
          if (!(bits & (0x10 >> c))) continue;
          for (let dy = 0; dy < SCALE; dy++) {
            const yy = y + r * SCALE + dy;
            if (yy >= this.pictureHeight) continue;
            const start = (yy * width + gx + c * SCALE) * 3;
            frame.fill(255, start, start + SCALE * 3);
          }
        }
      }
    });
  }
}
