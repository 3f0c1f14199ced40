/** Time and timers, injectable so tests can drive them. */
export type Clock = {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export const systemClock: Clock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Paces a flush: after `request()` it runs on the next turn when the last run is at least
 * `minIntervalMs` ago (an idle fleet's state goes out at once), otherwise as soon as that much has
 * passed (under load every run takes everything requested since the last one). So it runs at most
 * 1000 / minIntervalMs times a second and a request waits at most `minIntervalMs`.
 */
export function createPacer(flush: () => void, minIntervalMs: number, clock: Clock = systemClock) {
  let last = -Infinity;
  let timer: unknown = null;
  const run = () => {
    timer = null;
    last = clock.now();
    flush();
  };
  return {
    request() {
      if (timer !== null) return;
      timer = clock.setTimeout(run, Math.max(0, last + minIntervalMs - clock.now()));
    },
    cancel() {
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
    },
  };
}
