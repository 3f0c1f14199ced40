import { useMemo, useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmKinds, type DashboardTrends } from '@patrol/contracts';
import { Chart } from '@/shared/charts';
import { useMenuTitle } from '@/shared/menu';
import { PageTitle } from '@/shared/ui';
import { useDashboardTrends } from '../api/dashboards-api';
import { dayFrame, daySummary, perDay } from '../components/day-charts';
import { Panel } from '../components/panel';
import { DayRangePicker, lastDays, type DayRange } from '../components/range-picker';
import '../components/dashboards.css';

const CHART_HEIGHT = 'clamp(200px, calc((100vh - 280px) / 2), 1000px)';
const REPLACE_SERIES = ['series'];
/** The range the page opens with. */
export const DEFAULT_TREND_DAYS = 30;

const km = (m: number) => Math.round(m / 100) / 10;

function useTrendCharts(data: DashboardTrends | undefined) {
  const { t } = useTranslation('dashboards');
  return useMemo(() => {
    const days = data?.days ?? [];
    const alarms = alarmKinds.map((kind) => ({
      name: t(`kinds.${kind}`),
      data: perDay(days, data?.alarms.filter((r) => r.kind === kind) ?? [], (r) => r.count),
    }));
    const runs = [
      { name: t('trends.done'), data: perDay(days, data?.runs ?? [], (r) => r.done) },
      { name: t('trends.failed'), data: perDay(days, data?.runs ?? [], (r) => r.failed) },
      { name: t('trends.skipped'), data: perDay(days, data?.runs ?? [], (r) => r.skipped) },
    ];
    const distance = [
      { name: t('trends.distanceKm'), data: perDay(days, data?.distance ?? [], (r) => km(r.distanceM)) },
    ];
    const orders = [
      { name: t('trends.opened'), data: perDay(days, data?.workOrders ?? [], (r) => r.opened) },
      { name: t('trends.closed'), data: perDay(days, data?.workOrders ?? [], (r) => r.closed) },
    ];
    const uptime = [...(data?.uptime ?? [])].sort((a, b) => a.ratio - b.ratio);
    const isEmpty = (series: { data: number[] }[]) => series.every((s) => s.data.every((v) => v === 0));
    const bars = (series: { name: string; data: number[] }[], stack?: string) =>
      series.map((s) => ({ type: 'bar', name: s.name, data: s.data, stack }));
    return [
      {
        key: 'alarms',
        title: t('trends.alarms'),
        empty: isEmpty(alarms),
        emptyText: t('charts.noAlarms'),
        summary: daySummary(t, days, alarms),
        option: { ...dayFrame(days), series: bars(alarms, 'kind') },
      },
      {
        key: 'runs',
        title: t('trends.runs'),
        empty: isEmpty(runs),
        emptyText: t('charts.noRuns'),
        summary: daySummary(t, days, runs),
        option: { ...dayFrame(days), series: bars(runs) },
      },
      {
        key: 'distance',
        title: t('trends.distance'),
        empty: isEmpty(distance),
        emptyText: t('charts.noDistance'),
        summary: daySummary(t, days, distance, (v) => `${Math.round(v * 10) / 10} km`),
        option: {
          ...dayFrame(days),
          yAxis: { type: 'value', axisLabel: { formatter: '{value} km' } },
          series: [{ type: 'line', name: distance[0]!.name, data: distance[0]!.data, areaStyle: { opacity: 0.15 } }],
        },
      },
      {
        key: 'uptime',
        title: t('trends.uptime'),
        empty: uptime.length === 0,
        emptyText: t('charts.noRobots'),
        summary: uptime
          .map((r) => t('charts.cell', { name: r.robotName, value: `${Math.round(r.ratio * 1000) / 10}%` }))
          .join('; '),
        option: {
          tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${v}%` },
          grid: { left: 8, right: 24, bottom: 8, top: 8, containLabel: true },
          xAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
          yAxis: { type: 'category', data: uptime.map((r) => r.robotName) },
          dataZoom: uptime.length > 12 ? [{ type: 'inside', yAxisIndex: 0, startValue: 0, endValue: 11 }] : [],
          series: [
            {
              type: 'bar',
              name: t('trends.uptime'),
              data: uptime.map((r) => Math.round(r.ratio * 1000) / 10),
              label: { show: true, position: 'right', formatter: '{c}%' },
            },
          ],
        },
      },
      {
        key: 'orders',
        title: t('trends.orders'),
        empty: isEmpty(orders),
        emptyText: t('charts.noOrders'),
        summary: daySummary(t, days, orders),
        option: {
          ...dayFrame(days),
          series: orders.map((s) => ({ type: 'line', name: s.name, data: s.data, smooth: true })),
        },
      },
    ];
  }, [data, t]);
}

/**
 * Trend View, overview (`/trendVision/trendHensive`): a range of days (the last 30 by default, at
 * most 366) and, day by day, the alarms by kind, the runs done and failed, the distance patrolled,
 * each robot's uptime and the work orders opened and closed.
 */
export function TrendHensivePage() {
  const { t } = useTranslation('dashboards');
  const title = useMenuTitle('trendHensive');
  // Until a range is picked the server answers the tenant's last days, counted to the tenant's today.
  const [picked, setPicked] = useState<DayRange | null>(null);
  const trends = useDashboardTrends(picked ?? {});
  const range = picked ?? (trends.data ? { from: trends.data.from, to: trends.data.to } : lastDays(DEFAULT_TREND_DAYS));
  const charts = useTrendCharts(trends.data);
  return (
    <div className="dash-wall">
      <div className="dash-wall__bar">
        <PageTitle look={3} className="dash-wall__title">
          {title}
        </PageTitle>
        <DayRangePicker value={range} onChange={setPicked} label={t('trends.range')} today={trends.data?.today} />
      </div>
      {trends.isError ? <Alert type="error" showIcon title={t('trends.loadFailed')} /> : null}
      <div className="dash-grid dash-grid--3">
        {charts.map((chart) => (
          <Panel key={chart.key} title={chart.title} testId={`trend-${chart.key}`}>
            <Chart
              option={chart.option}
              label={chart.title}
              summary={chart.summary}
              loading={trends.isLoading || trends.isPlaceholderData}
              empty={!trends.isLoading && chart.empty}
              emptyText={chart.emptyText}
              height={CHART_HEIGHT}
              replaceMerge={REPLACE_SERIES}
              testId={`chart-${chart.key}`}
            />
          </Panel>
        ))}
      </div>
    </div>
  );
}
