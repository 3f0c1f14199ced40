import type { TFunction } from 'i18next';

/** The value of each day of `days` from rows that leave out the days with nothing. */
export function perDay<T extends { day: string }>(days: string[], rows: T[], value: (row: T) => number): number[] {
  const byDay = new Map<string, number>();
  for (const row of rows) byDay.set(row.day, (byDay.get(row.day) ?? 0) + value(row));
  return days.map((day) => byDay.get(day) ?? 0);
}

/** A day's label on an axis: `MM-DD`. */
export const dayLabel = (day: string) => day.slice(5);

/** A chart's text for screen readers: each series' total over the range and its busiest day. */
export function daySummary(
  t: TFunction<'dashboards'>,
  days: string[],
  series: { name: string; data: number[] }[],
  format: (value: number) => string = String,
): string {
  return series
    .map(({ name, data }) => {
      const total = data.reduce((sum, v) => sum + v, 0);
      let peak = 0;
      data.forEach((v, i) => {
        if (v > data[peak]!) peak = i;
      });
      return total > 0
        ? t('charts.seriesSummary', { name, total: format(total), day: days[peak], peak: format(data[peak]!) })
        : t('charts.seriesNone', { name });
    })
    .join(' ');
}

/** The frame shared by the day-by-day charts. */
export function dayFrame(days: string[]) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 16, bottom: 8, top: 32, containLabel: true },
    xAxis: { type: 'category', data: days.map(dayLabel) },
    yAxis: { type: 'value', minInterval: 1 },
  };
}
