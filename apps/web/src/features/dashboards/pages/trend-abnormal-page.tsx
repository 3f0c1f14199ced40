import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmKinds, DASHBOARD_LIMITS, DASHBOARD_WEEKDAYS, type AlarmKind } from '@patrol/contracts';
import { useAppConfig } from '@/shared/api';
import { Chart } from '@/shared/charts';
import { useRobotOptions } from '@/shared/fleet';
import { BaseMap } from '@/shared/map';
import { useMenuTitle } from '@/shared/menu';
import { PageTitle } from '@/shared/ui';
import { useDashboardAbnormal } from '../api/dashboards-api';
import { LightMap } from '../components/light-map';
import { Panel } from '../components/panel';
import { PlacesLayer, type Place } from '../components/places-layer';
import { DayRangePicker, lastDays, type DayRange } from '../components/range-picker';
import '../components/dashboards.css';

const CHART_HEIGHT = 'clamp(200px, calc((100vh - 300px) / 2), 1000px)';
const REPLACE_SERIES = ['series'];
const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** What a drill-down opens: the alarm records filtered as the clicked figure. */
export type AlarmDrill = DayRange & {
  kind?: AlarmKind;
  robotId?: number;
  weekday?: number;
  hour?: number;
  place?: Place;
};

/**
 * The alarm records' address for a drill-down (`#/data/alarmHandling?...`), which that page reads
 * as its filters: the range's days, the kind and the robot.
 */
export function alarmRecordsHref({ from, to, kind, robotId }: AlarmDrill): string {
  const query = new URLSearchParams({ from, to });
  if (kind) query.set('kind', kind);
  if (robotId) query.set('robotId', String(robotId));
  return `#/data/alarmHandling?${query.toString()}`;
}

/**
 * Trend View, portrait data (`/trendVision/trendAbnormal`): the alarms of a range by place (on the
 * map), by weekday and hour, by kind and by robot. A click on a place, a cell or a bar opens the
 * matching alarm records in a new window.
 */
export function TrendAbnormalPage() {
  const { t } = useTranslation('dashboards');
  const title = useMenuTitle('trendAbnormal');
  const config = useAppConfig(true);
  const robotOptions = useRobotOptions();
  // Until a range is picked the server answers the tenant's last days, counted to the tenant's today.
  const [picked, setPicked] = useState<DayRange | null>(null);
  const [kind, setKind] = useState<AlarmKind | undefined>();
  const [robotId, setRobotId] = useState<number | undefined>();
  const query = useMemo(() => ({ ...picked, kind, robotId }), [picked, kind, robotId]);
  const abnormal = useDashboardAbnormal(query);
  const data = abnormal.data;
  const range = useMemo(
    () => picked ?? (data ? { from: data.from, to: data.to } : lastDays(DASHBOARD_LIMITS.defaultRangeDays)),
    [picked, data],
  );
  const loading = abnormal.isLoading || abnormal.isPlaceholderData;

  const drill = useCallback(
    (more: Partial<AlarmDrill>) => {
      window.open(alarmRecordsHref({ ...range, kind, robotId, ...more }), '_blank', 'noopener');
    },
    [range, kind, robotId],
  );

  const weekdays = useMemo(
    () => Array.from({ length: DASHBOARD_WEEKDAYS }, (_, d) => t(`weekdays.${d}` as 'weekdays.0')),
    [t],
  );
  const hoursChart = useMemo(() => {
    const cells = data?.hours ?? [];
    const max = cells.reduce((m, c) => Math.max(m, c.count), 0);
    const busiest = [...cells].sort((a, b) => b.count - a.count).slice(0, 5);
    return {
      empty: cells.length === 0,
      summary: busiest
        .map((c) => t('charts.cell', { name: `${weekdays[c.weekday]} ${c.hour}:00`, value: c.count }))
        .join('; '),
      option: {
        tooltip: { position: 'top' },
        grid: { left: 8, right: 8, top: 8, bottom: 56, containLabel: true },
        xAxis: { type: 'category', data: HOURS.map((h) => `${h}`), splitArea: { show: true } },
        yAxis: { type: 'category', data: weekdays, inverse: true, splitArea: { show: true } },
        visualMap: {
          min: 0,
          max: Math.max(1, max),
          calculable: true,
          orient: 'horizontal',
          left: 'center',
          bottom: 0,
          inRange: { color: ['#fffbe6', '#ffd666', '#fa8c16', '#cf1322'] },
        },
        series: [
          {
            id: 'hours',
            type: 'heatmap',
            name: t('abnormal.hours'),
            data: cells.map((c) => [c.hour, c.weekday, c.count]),
            emphasis: { itemStyle: { borderColor: '#000', borderWidth: 1 } },
          },
        ],
      },
    };
  }, [data, t, weekdays]);

  const kindChart = useMemo(() => {
    const rows = data?.byKind ?? [];
    return {
      empty: rows.every((r) => r.count === 0),
      summary: rows.map((r) => t('charts.cell', { name: t(`kinds.${r.kind}`), value: r.count })).join('; '),
      kinds: rows.map((r) => r.kind),
      option: {
        tooltip: { trigger: 'item' },
        legend: { bottom: 0 },
        series: [
          {
            id: 'kinds',
            type: 'pie',
            showEmptyCircle: false,
            radius: ['40%', '68%'],
            label: { formatter: '{b}: {c}' },
            data: rows.every((r) => r.count === 0)
              ? []
              : rows.map((r) => ({ name: t(`kinds.${r.kind}`), value: r.count, kind: r.kind })),
          },
        ],
      },
    };
  }, [data, t]);

  const robotChart = useMemo(() => {
    const rows = [...(data?.byRobot ?? [])].reverse();
    const name = (r: { robotId: number; robotName: string }) =>
      r.robotName || t('abnormal.deletedRobot', { id: r.robotId });
    return {
      empty: rows.length === 0,
      summary: rows.map((r) => t('charts.cell', { name: name(r), value: r.count })).join('; '),
      option: {
        tooltip: { trigger: 'axis' },
        grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
        xAxis: { type: 'value', minInterval: 1 },
        yAxis: { type: 'category', data: rows.map(name) },
        dataZoom: rows.length > 12 ? [{ type: 'inside', yAxisIndex: 0, startValue: rows.length - 12 }] : [],
        series: [
          {
            id: 'robots',
            type: 'bar',
            name: t('abnormal.byRobot'),
            data: rows.map((r) => ({ value: r.count, robotId: r.robotId })),
            label: { show: true, position: 'right' },
          },
        ],
      },
    };
  }, [data, t]);

  const placeLabel = useCallback((place: Place) => t('abnormal.placeCount', { count: place.count }), [t]);
  const places = useMemo(() => data?.places ?? [], [data]);

  return (
    <div className="dash-wall">
      <div className="dash-wall__bar">
        <PageTitle look={3} className="dash-wall__title">
          {title}
        </PageTitle>
        <DayRangePicker value={range} onChange={setPicked} label={t('trends.range')} today={data?.today} />
        <Select
          aria-label={t('abnormal.kind')}
          placeholder={t('abnormal.allKinds')}
          allowClear
          value={kind}
          onChange={setKind}
          style={{ width: 180 }}
          options={alarmKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        />
        <Select
          aria-label={t('abnormal.robot')}
          placeholder={t('abnormal.allRobots')}
          allowClear
          showSearch
          optionFilterProp="label"
          value={robotId}
          onChange={setRobotId}
          style={{ width: 240 }}
          options={(robotOptions.data ?? []).map((r) => ({ value: r.robotId, label: r.name }))}
        />
        <span data-testid="abnormal-total">{t('abnormal.total', { count: data?.total ?? 0 })}</span>
        <Button onClick={() => drill({})}>{t('abnormal.openRecords')}</Button>
      </div>
      {abnormal.isError ? <Alert type="error" showIcon title={t('trends.loadFailed')} /> : null}
      <div className="dash-grid dash-grid--2" style={{ gridAutoRows: 'minmax(0, 1fr)' }}>
        <Panel title={t('abnormal.places')} testId="abnormal-places">
          <div className="dash-map" style={{ height: CHART_HEIGHT }} aria-label={t('abnormal.places')} role="group">
            <LightMap>
              <BaseMap config={config.data?.map} testId="abnormal-map" viewKey="trendAbnormal">
                <PlacesLayer places={places} label={placeLabel} onSelect={(place) => drill({ place })} />
              </BaseMap>
            </LightMap>
          </div>
          <p className="visually-hidden">
            {places.length === 0
              ? t('charts.noAlarms')
              : places
                  .slice(0, 10)
                  .map((p) => t('charts.cell', { name: `${p.lat.toFixed(4)}, ${p.lng.toFixed(4)}`, value: p.count }))
                  .join('; ')}
          </p>
        </Panel>
        <Panel title={t('abnormal.hours')} testId="abnormal-hours">
          <Chart
            option={hoursChart.option}
            label={t('abnormal.hours')}
            summary={hoursChart.summary || t('charts.noAlarms')}
            loading={loading}
            empty={!loading && hoursChart.empty}
            emptyText={t('charts.noAlarms')}
            height={CHART_HEIGHT}
            replaceMerge={REPLACE_SERIES}
            onEvents={{ click: () => drill({}) }}
            testId="chart-hours"
          />
        </Panel>
        <Panel title={t('abnormal.byKind')} testId="abnormal-kinds">
          <Chart
            option={kindChart.option}
            label={t('abnormal.byKind')}
            summary={kindChart.summary || t('charts.noAlarms')}
            loading={loading}
            empty={!loading && kindChart.empty}
            emptyText={t('charts.noAlarms')}
            height={CHART_HEIGHT}
            replaceMerge={REPLACE_SERIES}
            onEvents={{
              click: (params) => {
                const picked = (params.data as { kind?: AlarmKind } | undefined)?.kind;
                drill(picked ? { kind: picked } : {});
              },
            }}
            testId="chart-kinds"
          />
          <div className="dash-drill" aria-label={t('abnormal.byKind')} role="group">
            {kindChart.kinds.map((k) => (
              <Button key={k} size="small" type="link" onClick={() => drill({ kind: k })}>
                {t('abnormal.recordsOf', { name: t(`kinds.${k}`) })}
              </Button>
            ))}
          </div>
        </Panel>
        <Panel title={t('abnormal.byRobot')} testId="abnormal-robots">
          <Chart
            option={robotChart.option}
            label={t('abnormal.byRobot')}
            summary={robotChart.summary || t('charts.noAlarms')}
            loading={loading}
            empty={!loading && robotChart.empty}
            emptyText={t('charts.noAlarms')}
            height={CHART_HEIGHT}
            replaceMerge={REPLACE_SERIES}
            onEvents={{
              click: (params) => {
                const picked = (params.data as { robotId?: number } | undefined)?.robotId;
                drill(picked ? { robotId: picked } : {});
              },
            }}
            testId="chart-robots"
          />
          <div className="dash-drill" aria-label={t('abnormal.byRobot')} role="group">
            {(data?.byRobot ?? []).slice(0, 5).map((r) => (
              <Button key={r.robotId} size="small" type="link" onClick={() => drill({ robotId: r.robotId })}>
                {t('abnormal.recordsOf', { name: r.robotName || t('abnormal.deletedRobot', { id: r.robotId }) })}
              </Button>
            ))}
          </div>
        </Panel>
      </div>
    </div>
  );
}
