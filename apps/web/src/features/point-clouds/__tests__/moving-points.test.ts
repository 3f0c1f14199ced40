import { describe, expect, it } from 'vitest';
import { MOVING_MAX_POINTS, MOVING_MIN_POINTS, movingPoints, spreadOrder } from '../components/point-cloud-viewer';

/** The largest distance between neighbours of the sorted indexes (and from the ends). */
function largestGap(indexes: ArrayLike<number>, n: number): number {
  const sorted = Array.from(indexes).sort((a, b) => a - b);
  let gap = sorted[0]!;
  for (let i = 1; i < sorted.length; i++) gap = Math.max(gap, sorted[i]! - sorted[i - 1]!);
  return Math.max(gap, n - 1 - sorted[sorted.length - 1]!);
}

describe('the points drawn while the view moves', () => {
  it('orders every index once, so that any first part of them is spread over the whole cloud', () => {
    for (const n of [1, 2, 7, 1000, 65_537]) {
      const order = spreadOrder(n);
      expect(new Set(order).size).toBe(n);
      expect(Math.max(...order.slice(0, 10_000))).toBeLessThan(n);
    }
    const order = spreadOrder(100_000);
    // The first thousand of a hundred thousand points leave no gap much wider than a hundredth.
    for (const k of [1000, 10_000, 33_333])
      expect(largestGap(order.subarray(0, k), 100_000)).toBeLessThanOrEqual(2 * Math.ceil(100_000 / k));
  });

  it('keeps at most the moving budget of a big cloud, every step-th point, and none of a small one', () => {
    expect(movingPoints(MOVING_MIN_POINTS)).toBeNull();
    const picked = movingPoints(1_000_000)!;
    expect(picked.length).toBe(MOVING_MAX_POINTS);
    expect(picked.every((i) => i % 4 === 0 && i < 1_000_000)).toBe(true);
    expect(new Set(picked).size).toBe(picked.length);
    const some = movingPoints(30_000)!;
    expect(some.length).toBe(30_000);
  });
});
