import { describe, expect, it } from 'vitest';
import { TRACK_RANGE_MAX_MS, trackMarksQuery, trackQuery } from './tracks.js';

const T0 = Date.UTC(2026, 10, 25, 8);
const issues = (input: unknown) => {
  const result = trackQuery.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('the track query', () => {
  it('reads times as epoch milliseconds or ISO 8601, and the zoom as a number', () => {
    expect(
      trackQuery.parse({ robotId: '3', from: String(T0), to: new Date(T0 + 60_000).toISOString(), zoom: '16' }),
    ).toEqual({
      robotId: 3,
      from: T0,
      to: T0 + 60_000,
      zoom: 16,
    });
    expect(trackQuery.parse({ robotId: '3', from: String(T0), to: String(T0 + 1) }).zoom).toBeUndefined();
  });

  it('refuses a range that ends before it starts or spans more than 7 days, with the area keys', () => {
    expect(issues({ robotId: '3', from: String(T0), to: String(T0) })).toEqual(['tracks.rangeOrder']);
    expect(issues({ robotId: '3', from: String(T0), to: String(T0 + TRACK_RANGE_MAX_MS) })).toEqual([]);
    expect(issues({ robotId: '3', from: String(T0), to: String(T0 + TRACK_RANGE_MAX_MS + 1) })).toEqual([
      'tracks.rangeTooLong',
    ]);
    expect(trackMarksQuery.safeParse({ robotId: '3', from: String(T0 + 5), to: String(T0) }).success).toBe(false);
  });

  it('refuses unreadable times, a missing robot and a zoom off the map', () => {
    expect(issues({ robotId: '3', from: 'yesterday', to: String(T0) })).toEqual(['tracks.timeInvalid']);
    expect(issues({ robotId: '3', from: '99999999999999999', to: String(T0) })).toContain('tracks.timeInvalid');
    expect(issues({ from: String(T0), to: String(T0 + 1) })).toEqual(['validation.required']);
    expect(issues({ robotId: '3', from: String(T0), to: String(T0 + 1), zoom: '30' })).toEqual([
      'validation.outOfRange',
    ]);
    expect(issues({ robotId: '3', from: String(T0), to: String(T0 + 1), zoom: '1.5' })).toEqual(['validation.invalid']);
  });
});
