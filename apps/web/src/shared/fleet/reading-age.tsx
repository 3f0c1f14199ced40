import { useSyncExternalStore } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** A reading older than this is shown as stale: robots report about once a second. */
export const READING_STALE_MS = 10_000;

// One clock for every age on screen: a single interval while any is shown.
let now = Date.now();
const clockListeners = new Set<() => void>();
let clock: ReturnType<typeof setInterval> | undefined;
function subscribeClock(listener: () => void) {
  clockListeners.add(listener);
  if (!clock) {
    now = Date.now();
    clock = setInterval(() => {
      now = Date.now();
      for (const l of [...clockListeners]) l();
    }, 1_000);
  }
  return () => {
    clockListeners.delete(listener);
    if (clockListeners.size === 0) {
      clearInterval(clock);
      clock = undefined;
    }
  };
}

/** The current time, ticking each second while mounted. */
export function useNow(): number {
  return useSyncExternalStore(subscribeClock, () => now);
}

export function isStale(ts: number, at: number): boolean {
  return at - ts > READING_STALE_MS;
}

/** How old a reading is ("3 s ago"), as the shared status tag: stale past `READING_STALE_MS`. */
export function ReadingAge({ ts }: { ts: number }) {
  const { t } = useTranslation();
  const at = useNow();
  const seconds = Math.max(0, Math.round((at - ts) / 1000));
  const stale = isStale(ts, at);
  return (
    <Tag color={stale ? 'warning' : 'success'} data-stale={stale}>
      {t(stale ? 'fleetLive.stale' : 'fleetLive.age', { seconds })}
    </Tag>
  );
}
