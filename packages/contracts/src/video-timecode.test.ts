import { describe, expect, it } from 'vitest';
import { drawTimeCode, readTimeCode, timeCodeHeight, TIMECODE_BITS } from './video-timecode.js';

const T = Date.UTC(2026, 10, 25, 7, 12, 34, 567);

/** A frame with a busy picture above the strip, as a camera's would be. */
function frame(width: number, height: number, ms: number): Uint8Array {
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < rgb.length; i++) rgb[i] = (i * 37) % 256;
  drawTimeCode(rgb, width, height, ms);
  return rgb;
}

/** RGB to RGBA, as a canvas hands it back. */
function rgba(rgb: Uint8Array): Uint8ClampedArray {
  const out = new Uint8ClampedArray((rgb.length / 3) * 4);
  for (let p = 0, q = 0; p < rgb.length; p += 3, q += 4) {
    out[q] = rgb[p]!;
    out[q + 1] = rgb[p + 1]!;
    out[q + 2] = rgb[p + 2]!;
    out[q + 3] = 255;
  }
  return out;
}

/** A deterministic pseudo-random sequence (the test must not depend on luck). */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

function blurred(rgb: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(rgb.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let ch = 0; ch < 3; ch++) {
        let sum = 0;
        let n = 0;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const yy = y + dy;
            const xx = x + dx;
            if (yy < 0 || yy >= height || xx < 0 || xx >= width) continue;
            sum += rgb[(yy * width + xx) * 3 + ch]!;
            n++;
          }
        }
        out[(y * width + x) * 3 + ch] = Math.round(sum / n);
      }
    }
  }
  return out;
}

describe('the video time code', () => {
  it('reads back the milliseconds it drew, from RGB and from a canvas RGBA', () => {
    for (const ms of [0, 1, T, 2 ** TIMECODE_BITS - 1, T + 999]) {
      const rgb = frame(320, 240, ms);
      expect(readTimeCode(rgb, 320, 240, 3)).toBe(ms);
      expect(readTimeCode(rgba(rgb), 320, 240)).toBe(ms);
    }
  });

  it('stays at the bottom of the frame and leaves the picture above it alone', () => {
    const rgb = frame(320, 240, T);
    const strip = timeCodeHeight(320);
    expect(strip).toBe(20);
    const untouched = (240 - strip) * 320 * 3;
    for (let i = 0; i < untouched; i += 997) expect(rgb[i]).toBe((i * 37) % 256);
  });

  it('reads a frame drawn at another size or scaled with its aspect ratio', () => {
    expect(readTimeCode(frame(640, 480, T), 640, 480, 3)).toBe(T);
    // Nearest-neighbour scaling of a 320x240 frame to 480x360, as a player's canvas might hold it.
    const small = frame(320, 240, T);
    const big = new Uint8Array(480 * 360 * 3);
    for (let y = 0; y < 360; y++) {
      for (let x = 0; x < 480; x++) {
        const from = (Math.floor((y * 240) / 360) * 320 + Math.floor((x * 320) / 480)) * 3;
        big.set(small.subarray(from, from + 3), (y * 480 + x) * 3);
      }
    }
    expect(readTimeCode(big, 480, 360, 3)).toBe(T);
  });

  it('survives noise, blur and darkened contrast as a lossy encoder leaves them', () => {
    const next = random(7);
    let rgb = frame(320, 240, T);
    for (let i = 0; i < rgb.length; i++) rgb[i] = Math.max(0, Math.min(255, 40 + rgb[i]! * 0.6 + (next() - 0.5) * 90));
    rgb = blurred(blurred(rgb, 320, 240), 320, 240);
    expect(readTimeCode(rgb, 320, 240, 3)).toBe(T);
  });

  it('answers null when there is no strip or a cell reads wrong', () => {
    const next = random(3);
    const noise = new Uint8Array(320 * 240 * 3).map(() => Math.floor(next() * 256));
    expect(readTimeCode(noise, 320, 240, 3)).toBeNull();
    expect(readTimeCode(new Uint8Array(320 * 240 * 3).fill(128), 320, 240, 3)).toBeNull();

    // One data cell flipped (row 0, column 10): the check catches it.
    const rgb = frame(320, 240, T);
    for (let y = 221; y < 229; y++) {
      for (let x = 101; x < 109; x++) {
        const i = (y * 320 + x) * 3;
        rgb.fill(255 - rgb[i]!, i, i + 3);
      }
    }
    expect(readTimeCode(rgb, 320, 240, 3)).toBeNull();
  });

  it('refuses a time it cannot hold and a frame too narrow for its blocks', () => {
    expect(() => drawTimeCode(new Uint8Array(320 * 240 * 3), 320, 240, -1)).toThrow(RangeError);
    expect(() => drawTimeCode(new Uint8Array(320 * 240 * 3), 320, 240, 2 ** TIMECODE_BITS)).toThrow(RangeError);
    expect(() => drawTimeCode(new Uint8Array(160 * 120 * 3), 160, 120, T)).toThrow(RangeError);
  });
});
