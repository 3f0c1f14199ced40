import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmKinds, alarmStatuses } from '@patrol/contracts';
import { useAppConfig } from '@/shared/api';
import { Chart } from '@/shared/charts';
import { FleetBanner, useFleet } from '@/shared/fleet';
import { BaseMap, MapLegend, RobotsLayer } from '@/shared/map';
import { useMenuTitle } from '@/shared/menu';
import { PageTitle } from '@/shared/ui';
import { useDashboardOverview } from '../api/dashboards-api';
import { OverviewFigures } from '../components/overview-figures';
import { LightMap } from '../components/light-map';
import { Panel } from '../components/panel';
import '../components/dashboards.css';

const CHART_HEIGHT = 'clamp(200px, 26vh, 900px)';

/**
 * Work View, overview (`/workVision/workHensive`): the fleet now on a wall screen — robots by state
 * (live), today's runs, alarms by kind and status, open work orders, and the fleet on the map.
 */
export function WorkHensivePage() {
  const { t } = useTranslation('dashboards');
  const { t: tc } = useTranslation();
  const title = useMenuTitle('workHensive');
  const config = useAppConfig(true);
  const { robots } = useFleet();
  const { data, loading } = useDashboardOverview();
  const [selectedId, setSelectedId] = useState<number | null>(null);

  const alarms = useMemo(() => {
    const today = data?.alarms.today ?? [];
    const count = (kind: string, status: string) =>
      today.find((row) => row.kind === kind && row.status === status)?.count ?? 0;
    const kinds = alarmKinds.map((kind) => t(`kinds.${kind}`));
    return {
      empty: today.every((row) => row.count === 0),
      summary: alarmKinds
        .flatMap((kind) =>
          alarmStatuses.map((status) =>
            t('charts.cell', {
              name: `${t(`kinds.${kind}`)} ${t(`alarmStatuses.${status}`)}`,
              value: count(kind, status),
            }),
          ),
        )
        .join('; '),
      option: {
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 8, right: 8, bottom: 8, top: 32, containLabel: true },
        xAxis: { type: 'category', data: kinds },
        yAxis: { type: 'value', minInterval: 1 },
        series: alarmStatuses.map((status) => ({
          id: status,
          type: 'bar',
          stack: 'status',
          name: t(`alarmStatuses.${status}`),
          data: alarmKinds.map((kind) => count(kind, status)),
        })),
      },
    };
  }, [data, t]);

  const orders = useMemo(() => {
    const byStatus = data?.workOrders.byStatus;
    const statuses = ['draft', 'pending', 'processing'] as const;
    const empty = !byStatus || statuses.every((s) => byStatus[s] === 0);
    return {
      empty,
      summary: statuses
        .map((s) => t('charts.cell', { name: t(`orderStatuses.${s}`), value: byStatus?.[s] ?? 0 }))
        .join('; '),
      option: {
        tooltip: { trigger: 'item' },
        legend: { bottom: 0 },
        series: [
          {
            id: 'orders',
            type: 'pie',
            showEmptyCircle: false,
            radius: ['45%', '70%'],
            label: { formatter: '{b}: {c}' },
            // Nothing drawn when there is nothing: the empty state says so.
            data: empty ? [] : statuses.map((s) => ({ name: t(`orderStatuses.${s}`), value: byStatus?.[s] ?? 0 })),
          },
        ],
      },
    };
  }, [data, t]);

  return (
    <div className="dash-wall">
      <PageTitle look={3} className="dash-wall__title">
        {title}
      </PageTitle>
      <FleetBanner />
      <div className="dash-hensive">
        <div className="dash-hensive__figures">
          <OverviewFigures />
        </div>
        <div className="dash-hensive__side">
          <Panel title={t('hensive.alarmsToday')}>
            <Chart
              option={alarms.option}
              label={t('hensive.alarmsToday')}
              summary={alarms.summary}
              loading={loading}
              empty={alarms.empty}
              emptyText={t('charts.noAlarms')}
              height={CHART_HEIGHT}
              testId="chart-alarms-today"
            />
          </Panel>
          <Panel title={t('hensive.ordersByStatus')}>
            <Chart
              option={orders.option}
              label={t('hensive.ordersByStatus')}
              summary={orders.summary}
              loading={loading}
              empty={orders.empty}
              emptyText={t('charts.noOrders')}
              height={CHART_HEIGHT}
              testId="chart-orders"
            />
          </Panel>
        </div>
        <Panel title={t('hensive.map')} testId="dashboard-map">
          <div className="dash-map">
            <LightMap>
              <BaseMap config={config.data?.map} testId="fleet-map" viewKey="workHensive">
                <RobotsLayer
                  fitLabel={t('hensive.fit')}
                  stoppedLabel={tc('robotPresence.stoppedForRepair')}
                  robots={robots}
                  selectedId={selectedId}
                  onSelect={setSelectedId}
                />
                <MapLegend />
              </BaseMap>
            </LightMap>
          </div>
        </Panel>
      </div>
    </div>
  );
}
