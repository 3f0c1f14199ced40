import { decodePointCloud } from '@patrol/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCAN_POINTS, MAX_SCAN_POINTS, generateScan, scanPcd } from './point-cloud.js';

describe('generated point cloud scans', () => {
  it('parse back to the asked number of points, with x, y, z and intensity', () => {
    const decoded = decodePointCloud(scanPcd(12_345));
    expect(decoded.format).toBe('pcd');
    expect(decoded.encoding).toBe('binary');
    expect(decoded.points).toBe(12_345);
    expect(decoded.fields).toEqual(['intensity']);
    expect(decoded.positions).toHaveLength(12_345 * 3);
  });

  it('hold 200,000 points by default and 1,000,000 at most', () => {
    expect(decodePointCloud(scanPcd()).points).toBe(DEFAULT_SCAN_POINTS);
    expect(generateScan(MAX_SCAN_POINTS + 10).intensity).toHaveLength(MAX_SCAN_POINTS);
  });

  it('look like a yard: a ground, walls up to about 3 m, poles higher, intensity that varies', () => {
    const { xyz, intensity } = generateScan(50_000, 7);
    const heights = Array.from({ length: 50_000 }, (_, i) => xyz[i * 3 + 2]!);
    const ground = heights.filter((z) => Math.abs(z) < 0.5).length;
    expect(ground / heights.length).toBeGreaterThan(0.35);
    expect(Math.max(...heights)).toBeGreaterThan(4);
    const xs = Array.from({ length: 50_000 }, (_, i) => xyz[i * 3]!);
    expect(Math.min(...xs)).toBeLessThan(-19);
    expect(Math.max(...xs)).toBeGreaterThan(19);
    const values = Array.from(intensity);
    expect(Math.max(...values) - Math.min(...values)).toBeGreaterThan(150);
  });

  it('are the same for the same seed', () => {
    expect(scanPcd(1000, 3).equals(scanPcd(1000, 3))).toBe(true);
  });
});
