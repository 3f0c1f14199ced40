/**
 * A log line that is written at most once per interval: under a flood the first occurrence is
 * logged at once, the next ones only counted, and the next line written says how many were left
 * out (`suppressed`). Used for refusals that a misbehaving robot can repeat at will.
 */
export function limitedLog(intervalMs: number, now: () => number = Date.now) {
  let loggedAt = -Infinity;
  let suppressed = 0;
  return (write: (extra: { suppressed?: number }) => void): void => {
    const at = now();
    if (at - loggedAt < intervalMs) {
      suppressed++;
      return;
    }
    loggedAt = at;
    const extra = suppressed > 0 ? { suppressed } : {};
    suppressed = 0;
    write(extra);
  };
}
