import { describe, expect, it } from 'vitest';
import { ALAW_TO_LINEAR, alawDecode, alawEncode, alawEncodeSample, rmsDbfs } from './pcma.js';

describe('G.711 A-law', () => {
  it('decodes every code to a sample that encodes back to the same code', () => {
    for (let code = 0; code < 256; code++) expect(alawEncodeSample(ALAW_TO_LINEAR[code]!)).toBe(code);
  });

  it('follows G.711: silence, full scale, sign and the even-bit inversion', () => {
    expect(alawEncodeSample(0)).toBe(0xd5);
    expect(alawEncodeSample(-1)).toBe(0x55);
    expect(alawEncodeSample(32767)).toBe(0xaa);
    expect(alawEncodeSample(-32768)).toBe(0x2a);
    expect(ALAW_TO_LINEAR[0xd5]).toBe(8);
    expect(ALAW_TO_LINEAR[0x55]).toBe(-8);
    expect(ALAW_TO_LINEAR[0xaa]).toBe(32256);
    expect(ALAW_TO_LINEAR[0x2a]).toBe(-32256);
    // Out-of-range input is clamped, not wrapped.
    expect(alawEncodeSample(100_000)).toBe(0xaa);
    expect(alawEncodeSample(-100_000)).toBe(0x2a);
  });

  it('round-trips linear samples within the segment step (about 1/32 relative, 16 absolute at the bottom)', () => {
    const samples = Array.from({ length: 65536 }, (_, i) => i - 32768);
    const back = alawDecode(alawEncode(samples));
    const beyond = samples.filter((s, i) => Math.abs(back[i]! - s) > Math.max(16, Math.abs(s) / 32 + 8));
    expect(beyond).toEqual([]);
  });

  it('measures RMS in dBFS: a full-scale sine at -3, a -20 dBFS tone after coding at -20, silence at -100', () => {
    const tone = (amplitude: number) =>
      Array.from({ length: 8000 }, (_, i) => amplitude * Math.sin((2 * Math.PI * 440 * i) / 8000));
    const power = (samples: ArrayLike<number>) => Array.from(samples).reduce((sum, s) => sum + s * s, 0);
    expect(rmsDbfs(power(tone(32767)), 8000)).toBeCloseTo(-3.01, 1);
    const coded = alawDecode(alawEncode(tone(Math.SQRT2 * 32768 * 0.1)));
    expect(Math.abs(rmsDbfs(power(coded), 8000) + 20)).toBeLessThan(0.2);
    expect(rmsDbfs(0, 8000)).toBe(-100);
    expect(rmsDbfs(0, 0)).toBe(-100);
    expect(rmsDbfs(1, 1e30)).toBe(-200);
  });
});
