import { useCallback, useMemo, useRef } from 'react';
import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Chart, type ECharts } from '@/shared/charts';
import { FleetBanner } from '@/shared/fleet';
import { useMenuTitle } from '@/shared/menu';
import { PageTitle } from '@/shared/ui';
import { Panel } from '../components/panel';
import { RobotPicker } from '../components/robot-picker';
import {
  LIVE_METRICS,
  LIVE_ROBOTS_MAX,
  LIVE_WINDOW_MS,
  useLiveSeries,
  type LiveMetric,
} from '../hooks/use-live-series';
import { usePickedRobots } from '../hooks/use-picked-robots';
import '../components/dashboards.css';

const REPLACE_SERIES = ['series'];
/**
 * Twenty colours told apart on the light and the dark look, one per robot in the order picked, the
 * same in all eight charts: the page's one legend names them.
 */
const LIVE_COLORS = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
  '#aec7e8',
  '#ffbb78',
  '#98df8a',
  '#ff9896',
  '#c5b0d5',
  '#c49c94',
  '#f7b6d2',
  '#c7c7c7',
  '#dbdb8d',
  '#9edae5',
];
const colorOf = (index: number) => LIVE_COLORS[index % LIVE_COLORS.length]!;
const CHART_HEIGHT = 'clamp(180px, calc((100vh - 260px) / 2), 1000px)';

function LiveChart({
  metric,
  robots,
  chartRef,
}: {
  metric: LiveMetric;
  robots: { robotId: number; name: string }[];
  chartRef: (chart: ECharts | null) => void;
}) {
  const { t } = useTranslation('dashboards');
  const title = `${t(`live.${metric.key}` as 'live.battery')} (${metric.unit})`;
  // The frame of the chart; its data comes from the live series, straight to the chart.
  const option = useMemo(
    () => ({
      animation: false,
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${Math.round(v * 10) / 10} ${metric.unit}` },
      // No legend per chart (the page has one for all eight): each chart's legend was laid out
      // again at every redraw and cost as much as its lines.
      grid: { left: 8, right: 16, bottom: 8, top: 16, containLabel: true },
      // Its span (the last five minutes) is set with each frame's data.
      xAxis: { type: 'time' },
      yAxis: { type: 'value', scale: true },
      // One-pixel lines: a canvas draws them several times faster than wider ones.
      series: robots.map((robot, index) => ({
        id: String(robot.robotId),
        name: robot.name,
        type: 'line',
        showSymbol: false,
        color: colorOf(index),
        lineStyle: { width: 1 },
        connectNulls: false,
      })),
    }),
    [robots, metric.unit],
  );
  return (
    <Panel title={title} testId={`live-${metric.key}`}>
      <Chart
        option={option}
        replaceMerge={REPLACE_SERIES}
        label={title}
        summary={t('live.summary', { robots: robots.map((r) => r.name).join(', '), minutes: LIVE_WINDOW_MS / 60_000 })}
        empty={robots.length === 0}
        emptyText={t('live.pickRobots')}
        height={CHART_HEIGHT}
        chartRef={chartRef}
        testId={`chart-live-${metric.key}`}
      />
    </Panel>
  );
}

/** The robots shown and their colours, once for the eight charts. */
function LiveLegend({ robots }: { robots: { robotId: number; name: string }[] }) {
  const { t } = useTranslation('dashboards');
  if (robots.length === 0) return null;
  return (
    <ul className="dash-legend" aria-label={t('live.legend')} data-testid="live-legend">
      {robots.map((robot, index) => (
        <li key={robot.robotId} className="dash-legend__item">
          <span className="dash-legend__swatch" style={{ background: colorOf(index) }} aria-hidden="true" />
          {robot.name}
        </li>
      ))}
    </ul>
  );
}

/**
 * Work View, live data (`/workVision/workData`): up to 20 robots' battery, speed, temperatures,
 * humidity and network rates over the last five minutes, one line per robot, moving with the
 * console socket's pushes.
 */
export function WorkDataPage() {
  const { t } = useTranslation('dashboards');
  const title = useMenuTitle('workData');
  const { picked, setPicked, names } = usePickedRobots(LIVE_ROBOTS_MAX);
  const robots = useMemo(() => {
    const byId = new Map(names.map((r) => [r.robotId, r.name]));
    return picked.map((robotId) => ({ robotId, name: byId.get(robotId) ?? String(robotId) }));
  }, [picked, names]);
  const charts = useRef(new Map<string, ECharts | null>());
  const refs = useMemo(
    () =>
      new Map(
        LIVE_METRICS.map((metric) => [metric.key, (chart: ECharts | null) => charts.current.set(metric.key, chart)]),
      ),
    [],
  );
  useLiveSeries(picked, charts);
  const handlePick = useCallback((ids: number[]) => setPicked(ids), [setPicked]);

  return (
    <div className="dash-wall">
      <div className="dash-wall__bar">
        <PageTitle look={3} className="dash-wall__title">
          {title}
        </PageTitle>
        <RobotPicker
          value={picked}
          onChange={handlePick}
          max={LIVE_ROBOTS_MAX}
          label={t('picker.label', { max: LIVE_ROBOTS_MAX })}
        />
      </div>
      <FleetBanner />
      <LiveLegend robots={robots} />
      {names.length === 0 ? (
        <Card variant="borderless">
          <Empty description={t('picker.none')} />
        </Card>
      ) : (
        <div className="dash-grid dash-grid--4">
          {LIVE_METRICS.map((metric) => (
            <LiveChart key={metric.key} metric={metric} robots={robots} chartRef={refs.get(metric.key)!} />
          ))}
        </div>
      )}
    </div>
  );
}
