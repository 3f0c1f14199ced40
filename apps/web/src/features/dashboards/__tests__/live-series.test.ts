import { describe, expect, it } from 'vitest';
import { LIVE_METRICS, LIVE_WINDOW_MS, LiveSeries } from '../hooks/use-live-series';
import { robot } from './fixtures';

const at = (robotId: number, ts: number, battery: number) => {
  const live = robot(robotId, true);
  return { ...live, state: { ...live.state!, ts, battery } };
};

describe('live series of the live data charts', () => {
  it('keeps each new reading once, of the chosen robots only, for the last five minutes', () => {
    const series = new LiveSeries(LIVE_METRICS);
    const shown = new Set([1]);
    expect(series.add([at(1, 1000, 90), at(2, 1000, 50)], shown)).toBe(true);
    // The same reading pushed again (another robot changed) adds nothing.
    expect(series.add([at(1, 1000, 90)], shown)).toBe(false);
    series.add([at(1, 2000, 89)], shown);
    expect(series.of('battery', 1)).toEqual([
      [1000, 90],
      [2000, 89],
    ]);
    // Within a step of the point before it, the newest reading replaces the last point…
    series.add([at(1, 3000, 88)], shown);
    expect(series.of('battery', 1)).toEqual([
      [1000, 90],
      [3000, 88],
    ]);
    series.add([at(1, 4000, 87)], shown);
    expect(series.of('battery', 1)).toEqual([
      [1000, 90],
      [4000, 87],
    ]);
    // …until it lies a step after it: the points kept are a step apart, the newest reading last.
    series.add([at(1, 5000, 86)], shown);
    series.add([at(1, 6000, 85)], shown);
    series.add([at(1, 7000, 84)], shown);
    expect(series.of('battery', 1)).toEqual([
      [1000, 90],
      [4000, 87],
      [7000, 84],
    ]);
    series.add([at(1, 8000, 83)], shown);
    expect(series.of('battery', 1).map(([ts]) => ts)).toEqual([1000, 4000, 7000, 8000]);
    expect(series.of('battery', 2)).toEqual([]);
    expect(series.of('up', 1)).toHaveLength(4);
    series.trim(2500 + LIVE_WINDOW_MS, shown);
    expect(series.of('battery', 1)).toEqual([
      [4000, 87],
      [7000, 84],
      [8000, 83],
    ]);
    series.trim(2500 + LIVE_WINDOW_MS, new Set());
    expect(series.of('battery', 1)).toEqual([]);
  });
});
