import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import type { TrackMark, TrackPoint } from '@patrol/contracts';
import { i18n } from '@/shared/i18n';
import { createPlaybackClock, positionAt, trackDistance, travelledAt, usePlayback } from '@/shared/map/track-playback';
import { MarksList, PlaybackControls } from '../components/playback-controls';
import { playbackLink, readPlaybackLink } from '../playback-link';
import { presetRange } from '../components/track-filter';
import dayjs from 'dayjs';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const T0 = Date.UTC(2026, 10, 25, 8);
/** Ten seconds east at 1 Hz, about 1.1 m a second. */
const track: TrackPoint[] = Array.from({ length: 11 }, (_, i) => [T0 + i * 1000, 114.05 + i * 0.00001, 22.54, 1.1]);

describe('the playback clock', () => {
  it('runs at its speed from where it was played, and stops at the end', () => {
    let wall = 0;
    const clock = createPlaybackClock(T0, T0 + 10_000, () => wall);
    expect(clock.snapshot()).toMatchObject({ position: T0, playing: false, speed: 1 });
    clock.play();
    wall += 1000;
    expect(clock.position()).toBe(T0 + 1000);
    clock.setSpeed(4);
    wall += 1000;
    expect(clock.position()).toBe(T0 + 5000);
    clock.setSpeed(16);
    wall += 1000;
    expect(clock.snapshot()).toMatchObject({ position: T0 + 10_000, playing: false });
    // Played again at the end: from the start.
    clock.play();
    expect(clock.position()).toBe(T0);
  });

  it('seeks within the track, keeps playing after a seek and stands still when paused', () => {
    let wall = 0;
    const clock = createPlaybackClock(T0, T0 + 10_000, () => wall);
    clock.seek(T0 + 7000);
    expect(clock.position()).toBe(T0 + 7000);
    clock.seek(T0 - 5000);
    expect(clock.position()).toBe(T0);
    clock.seek(T0 + 99_000);
    expect(clock.position()).toBe(T0 + 10_000);
    clock.seek(T0 + 2000);
    clock.setSpeed(2);
    clock.play();
    wall += 500;
    clock.seek(T0 + 4000);
    wall += 500;
    expect(clock.position()).toBe(T0 + 5000);
    clock.pause();
    wall += 5000;
    expect(clock.position()).toBe(T0 + 5000);
  });

  it('puts the robot between the points around the moment and draws what it travelled', () => {
    const half = positionAt(track, T0 + 2500)!;
    expect(half.lng).toBeCloseTo(114.05 + 2.5 * 0.00001, 9);
    expect(half.index).toBe(2);
    expect(positionAt(track, T0 - 1000)!.lng).toBe(114.05);
    expect(positionAt(track, T0 + 60_000)!.lng).toBeCloseTo(114.0501, 9);
    expect(positionAt([], T0)).toBeNull();
    const travelled = travelledAt(track, T0 + 2500);
    expect(travelled).toHaveLength(4);
    expect(travelled.at(-1)).toEqual([half.lng, half.lat]);
    expect(trackDistance(track)).toBeCloseTo(10 * 0.00001 * 111_320 * Math.cos((22.54 * Math.PI) / 180), 1);
  });

  it('moves a page on while it plays, through the hook', () => {
    vi.useFakeTimers();
    try {
      const { result } = renderHook(() => usePlayback(T0, T0 + 10_000));
      act(() => result.current.setSpeed(8));
      act(() => result.current.play());
      act(() => {
        vi.advanceTimersByTime(500);
      });
      expect(result.current.position).toBeGreaterThanOrEqual(T0 + 3000);
      act(() => result.current.pause());
      const stood = result.current.position;
      act(() => {
        vi.advanceTimersByTime(1000);
      });
      expect(result.current.position).toBe(stood);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the playback controls', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
  });
  const marks: TrackMark[] = [
    { ts: T0 + 3000, kind: 'alarm', label: 'Crowd at the gate', id: 7 },
    { ts: T0 + 8000, kind: 'command', label: 'lights', id: 9 },
  ];

  it('jumps to a mark chosen from the list, by its name', () => {
    const onJump = vi.fn();
    render(<MarksList marks={marks} onJump={onJump} />);
    const list = screen.getByRole('list', { name: 'Alarms and commands' });
    expect(list.querySelectorAll('li')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: /Command Lights/ }));
    expect(onJump).toHaveBeenCalledWith(T0 + 8000);
  });

  it('offers the five speeds, plays and pauses, and names the slider for keyboards', () => {
    const onPlay = vi.fn();
    const onSpeed = vi.fn();
    const onSeek = vi.fn();
    render(
      <PlaybackControls
        start={T0}
        end={T0 + 10_000}
        position={T0 + 3000}
        playing={false}
        speed={1}
        robotSpeed={1.1}
        marks={marks}
        onPlay={onPlay}
        onPause={vi.fn()}
        onSeek={onSeek}
        onSpeed={onSpeed}
      />,
    );
    for (const s of ['1×', '2×', '4×', '8×', '16×']) expect(screen.getByText(s)).toBeTruthy();
    fireEvent.click(screen.getByText('16×'));
    expect(onSpeed).toHaveBeenCalledWith(16);
    fireEvent.click(screen.getByRole('button', { name: /Play/ }));
    expect(onPlay).toHaveBeenCalled();
    const slider = screen.getByRole('slider', { name: 'Playback time' });
    expect(slider.getAttribute('aria-valuenow')).toBe('3');
    expect(slider.getAttribute('aria-valuetext')).toContain(':03');
    fireEvent.keyDown(slider, { key: 'ArrowRight', keyCode: 39 });
    expect(onSeek).toHaveBeenCalledWith(T0 + 4000);
  });
});

describe('the playback link', () => {
  it('reads back what it writes, and takes ISO times too', () => {
    const range = { robotId: 4, from: T0, to: T0 + 60_000, runId: 12 };
    const url = playbackLink(range);
    expect(url.startsWith('/data/history?')).toBe(true);
    expect(readPlaybackLink(new URLSearchParams(url.split('?')[1]))).toEqual(range);
    expect(
      readPlaybackLink(new URLSearchParams({ robotId: '4', from: new Date(T0).toISOString(), to: String(T0 + 1) })),
    ).toEqual({ robotId: 4, from: T0, to: T0 + 1 });
    expect(readPlaybackLink(new URLSearchParams({ robotId: '4', from: String(T0), to: String(T0) }))).toBeNull();
    expect(readPlaybackLink(new URLSearchParams({ from: String(T0), to: String(T0 + 1) }))).toBeNull();
  });

  it('has quick ranges: the last hour, today so far, all of yesterday', () => {
    const now = dayjs('2026-11-25T10:30:00');
    expect(presetRange('lastHour', now)).toEqual({ from: now.valueOf() - 3600_000, to: now.valueOf() });
    expect(presetRange('today', now).from).toBe(dayjs('2026-11-25T00:00:00').valueOf());
    const y = presetRange('yesterday', now);
    expect(y.from).toBe(dayjs('2026-11-24T00:00:00').valueOf());
    expect(y.to).toBe(dayjs('2026-11-24T23:59:59.999').valueOf());
  });
});
