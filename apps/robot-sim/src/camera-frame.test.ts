import { describe, expect, it } from 'vitest';
import { readTimeCode, timeCodeHeight } from '@patrol/contracts';
import { CAMERA_FRAME_HEIGHT as H, CAMERA_FRAME_WIDTH as W, CameraFramePainter, clockText } from './camera-frame.js';

const T = new Date(2026, 10, 25, 7, 5, 9, 42).getTime();

describe('the camera picture', () => {
  it('carries the time code of the moment it shows', () => {
    const painter = new CameraFramePainter();
    for (const ms of [T, T + 100, T + 3_600_123]) {
      expect(readTimeCode(painter.paint(ms, ['SIM-0001', 'Front', clockText(ms)]), W, H, 3)).toBe(ms);
    }
  });

  it('moves from one frame to the next, above the strip', () => {
    const painter = new CameraFramePainter();
    const picture = (H - timeCodeHeight(W)) * W * 3;
    const first = painter.paint(T, []).slice(0, picture);
    const next = painter.paint(T + 100, []).slice(0, picture);
    let changed = 0;
    for (let i = 0; i < picture; i++) if (first[i] !== next[i]) changed++;
    expect(changed).toBeGreaterThan(picture / 20);
  });

  it('writes its text in white on black, a different picture for a different serial', () => {
    const painter = new CameraFramePainter();
    const a = painter.paint(T, ['SIM-0001']).slice();
    const b = painter.paint(T, ['SIM-0002']).slice();
    expect(Buffer.compare(Buffer.from(a), Buffer.from(b))).not.toBe(0);
    // A row through the text (its box spans x 2 to 99 for eight characters): black and white only.
    const box = a.subarray((8 * W + 2) * 3, (8 * W + 99) * 3);
    expect([...box].every((v) => v === 0 || v === 255)).toBe(true);
    expect([...box].some((v) => v === 255)).toBe(true);
  });

  it('shows the local wall clock to the millisecond', () => {
    expect(clockText(T)).toBe('07:05:09.042');
  });
});
