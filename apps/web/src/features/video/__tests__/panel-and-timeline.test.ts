import { describe, expect, it } from 'vitest';
import {
  EMPTY_LAYOUT,
  changeGrid,
  clearTile,
  dropOnTile,
  firstEmptyTile,
  normaliseLayout,
  toggleMaximised,
} from '../panel-layout';
import { fractionOf, positionAt, spanBars, timeAtFraction, wallClockAt, type TimedFragment } from '../timeline';
import { snapshotName } from '../player/snapshot';
import { filterFromLink } from '../pages/video-history-page';

const front = { robotId: 1, camera: 'front' };
const rear = { robotId: 1, camera: 'rear' };
const other = { robotId: 2, camera: 'front' };

describe('the panel layout', () => {
  it('has one entry per tile, whatever the server kept', () => {
    expect(normaliseLayout(undefined)).toEqual(EMPTY_LAYOUT);
    expect(normaliseLayout({ grid: 9, tiles: [front] }).tiles).toEqual([front, ...Array(8).fill(null)]);
  });

  it('shows a dropped camera in its tile, and in one tile only', () => {
    let layout = dropOnTile(EMPTY_LAYOUT, 2, front);
    expect(layout.tiles).toEqual([null, null, front, null]);
    layout = dropOnTile(layout, 0, rear);
    layout = dropOnTile(layout, 3, front);
    expect(layout.tiles).toEqual([rear, null, null, front]);
    expect(firstEmptyTile(layout)).toBe(1);
    expect(dropOnTile(layout, 7, other)).toBe(layout);
    expect(clearTile(layout, 0).tiles).toEqual([null, null, null, front]);
  });

  it('keeps the cameras shown when the grid changes', () => {
    const four = { grid: 4 as const, tiles: [front, null, rear, null] };
    const nine = changeGrid(four, 9);
    expect(nine.tiles).toEqual([front, null, rear, null, null, null, null, null, null]);
    // Back to four: the cameras keep their places.
    expect(changeGrid(nine, 4).tiles).toEqual([front, null, rear, null]);
    // A camera in a tile past the smaller grid moves up; the empty tiles go first.
    const moved = changeGrid(dropOnTile(nine, 8, other), 4);
    expect(moved.tiles).toEqual([front, rear, other, null]);
    // One tile: the first camera shown.
    expect(changeGrid({ grid: 4, tiles: [null, rear, null, front] }, 1).tiles).toEqual([rear]);
  });

  it('maximises a tile on a double-click and goes back on the next', () => {
    expect(toggleMaximised(null, 2)).toBe(2);
    expect(toggleMaximised(2, 2)).toBeNull();
    expect(toggleMaximised(1, 3)).toBe(3);
  });
});

const T0 = Date.UTC(2026, 10, 25, 8);

describe('the history timeline', () => {
  it('maps times to positions on the bar and back', () => {
    const from = T0;
    const to = T0 + 3600_000;
    expect(fractionOf(T0 + 900_000, from, to)).toBe(0.25);
    expect(fractionOf(T0 - 5000, from, to)).toBe(0);
    expect(fractionOf(to + 5000, from, to)).toBe(1);
    expect(timeAtFraction(0.5, from, to)).toBe(T0 + 1800_000);
    expect(timeAtFraction(1.5, from, to)).toBe(to);
    expect(timeAtFraction(fractionOf(T0 + 123_000, from, to), from, to)).toBe(T0 + 123_000);
  });

  it('draws the recordings clipped to the range', () => {
    const bars = spanBars(
      [
        { from: T0 - 600_000, to: T0 + 360_000 },
        { from: T0 + 1800_000, to: T0 + 2160_000 },
        { from: T0 + 7200_000, to: T0 + 7300_000 },
      ],
      T0,
      T0 + 3600_000,
    );
    expect(bars).toHaveLength(2);
    expect(bars[0]!.left).toBe(0);
    expect(bars[0]!.width).toBeCloseTo(10);
    expect(bars[1]!.left).toBeCloseTo(50);
    expect(bars[1]!.width).toBeCloseTo(10);
  });

  // Three one-second segments, then a gap of a minute, then two more.
  const fragments: TimedFragment[] = [
    { start: 0, duration: 1, programDateTime: T0 },
    { start: 1, duration: 1, programDateTime: T0 + 1000 },
    { start: 2, duration: 1, programDateTime: T0 + 2000 },
    { start: 3, duration: 1, programDateTime: T0 + 63_000 },
    { start: 4, duration: 1, programDateTime: T0 + 64_000 },
  ];

  it("reads the wall clock of the picture from the segments' PROGRAM-DATE-TIME", () => {
    expect(wallClockAt(0, fragments)).toBe(T0);
    expect(wallClockAt(1.5, fragments)).toBe(T0 + 1500);
    expect(wallClockAt(3.25, fragments)).toBe(T0 + 63_250);
    expect(wallClockAt(1, [{ start: 0, duration: 2, programDateTime: null }])).toBeNull();
  });

  it('seeks to the media position recorded at a time, or to the next recording after a gap', () => {
    expect(positionAt(T0 + 2500, fragments)).toBe(2.5);
    expect(positionAt(T0 + 64_500, fragments)).toBe(4.5);
    expect(positionAt(T0 + 30_000, fragments)).toBe(3);
    expect(positionAt(T0 - 30_000, fragments)).toBe(0);
    expect(positionAt(T0 + 99_000, fragments)).toBeNull();
    expect(wallClockAt(positionAt(T0 + 1234, fragments)!, fragments)).toBe(T0 + 1234);
  });

  it('opens a link at a moment with the range around it', () => {
    const at = T0;
    const { filter, at: seekTo } = filterFromLink(
      new URLSearchParams(`robotId=7&camera=front&at=${at}`),
      T0 + 3600_000 * 5,
    );
    expect(filter).toEqual({ robotId: 7, camera: 'front', from: at - 1800_000, to: at + 1800_000 });
    expect(seekTo).toBe(at);
    const plain = filterFromLink(new URLSearchParams(''), T0);
    expect(plain.filter).toEqual({ robotId: undefined, camera: undefined, from: T0 - 3600_000, to: T0 });
    expect(plain.at).toBeNull();
  });
});

describe('snapshots', () => {
  it('are named <robot>-<camera>-<time>.png, safe for any file system', () => {
    expect(snapshotName('East gate 1', 'front', new Date(2026, 10, 25, 8, 9, 10).getTime())).toBe(
      'East_gate_1-front-20261125-080910.png',
    );
  });
});
