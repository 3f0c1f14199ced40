/**
 * A run time as the tenant reads it: `2026-11-30 Mon 08:00` in the tenant's zone (not the
 * browser's); the zone itself is named once, beside the times.
 */
export function formatRunTime(at: Date | string, timeZone: string, language: string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  const parts = new Intl.DateTimeFormat(language, {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('weekday')} ${part('hour')}:${part('minute')}`;
}
