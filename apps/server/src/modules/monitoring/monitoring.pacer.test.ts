import { describe, expect, it } from 'vitest';
import { ROBOT_PUSH_MIN_INTERVAL_MS } from '@patrol/contracts';
import { createPacer, type Clock } from './monitoring.pacer.js';

/** A clock whose time only moves when the test says so. */
function manualClock() {
  let now = 0;
  let timers: { at: number; run: () => void }[] = [];
  const clock: Clock = {
    now: () => now,
    setTimeout: (run, ms) => {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      timers = timers.filter((t) => t !== handle);
    },
  };
  /** Moves time to `to`, running every timer due on the way. */
  const advance = (to: number) => {
    for (;;) {
      const due = timers.filter((t) => t.at <= to).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((t) => t !== due);
      now = Math.max(now, due.at);
      due.run();
    }
    now = to;
  };
  return { clock, advance, pending: () => timers.length };
}

describe('the live push pacing', () => {
  it('sends a state that arrives on an idle pipeline on the next turn, not on a later tick', () => {
    const { clock, advance } = manualClock();
    const pushes: number[] = [];
    const pacer = createPacer(() => pushes.push(clock.now()), ROBOT_PUSH_MIN_INTERVAL_MS, clock);
    advance(1000);
    pacer.request();
    advance(1000);
    expect(pushes).toEqual([1000]);
    // Idle again: the next state goes out at once too.
    advance(5000);
    pacer.request();
    advance(5000);
    expect(pushes).toEqual([1000, 5000]);
  });

  it('under a burst pushes at most 20 times a second, 50 ms apart, and never holds a state longer than that', () => {
    const { clock, advance, pending } = manualClock();
    const pushes: number[] = [];
    let waiting: number[] = [];
    let longestWait = 0;
    const pacer = createPacer(
      () => {
        for (const at of waiting) longestWait = Math.max(longestWait, clock.now() - at);
        waiting = [];
        pushes.push(clock.now());
      },
      ROBOT_PUSH_MIN_INTERVAL_MS,
      clock,
    );
    // 10,000 states in one second, one every 0.1 ms.
    for (let i = 0; i < 10_000; i++) {
      advance(i / 10);
      waiting.push(clock.now());
      pacer.request();
    }
    advance(1100);
    expect(pending()).toBe(0);
    expect(waiting).toEqual([]);
    expect(pushes.filter((at) => at < 1000).length).toBeLessThanOrEqual(1000 / ROBOT_PUSH_MIN_INTERVAL_MS);
    for (let i = 1; i < pushes.length; i++) {
      expect(pushes[i]! - pushes[i - 1]!).toBeGreaterThanOrEqual(ROBOT_PUSH_MIN_INTERVAL_MS);
    }
    expect(longestWait).toBeLessThanOrEqual(ROBOT_PUSH_MIN_INTERVAL_MS);
  });

  it('sends nothing once cancelled', () => {
    const { clock, advance } = manualClock();
    let pushes = 0;
    const pacer = createPacer(() => pushes++, ROBOT_PUSH_MIN_INTERVAL_MS, clock);
    pacer.request();
    pacer.cancel();
    advance(1000);
    expect(pushes).toBe(0);
  });
});
