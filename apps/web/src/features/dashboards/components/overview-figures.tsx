import { Alert, Skeleton, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { SectionTitle } from '@/shared/ui';
import { useDashboardOverview } from '../api/dashboards-api';
import { usePanelStyle } from './panel';
import './dashboards.css';

type Figure = { key: string; label: string; value: number | undefined; tone?: 'good' | 'warn' | 'bad' };

function Figures({ title, figures, compact }: { title: string; figures: Figure[]; compact?: boolean }) {
  const style = usePanelStyle();
  const { token } = theme.useToken();
  const tones = { good: token.colorSuccessText, warn: token.colorWarningText, bad: token.colorErrorText };
  return (
    <section className="dash-figures" aria-label={title} style={style}>
      <SectionTitle look="inherit" className="dash-figures__title" level={compact ? 3 : 2}>
        {title}
      </SectionTitle>
      <dl className="dash-figures__list">
        {figures.map((figure) => (
          <div key={figure.key} className="dash-figure">
            <dt className="dash-figure__label" style={{ color: token.colorTextSecondary }}>
              {figure.label}
            </dt>
            <dd
              className="dash-figure__value"
              style={figure.tone ? { color: tones[figure.tone] } : undefined}
              data-testid={`figure-${figure.key}`}
            >
              {figure.value ?? '–'}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The fleet at a glance: robots (live from the console socket), runs, alarms and work orders of
 * today. `compact` for the home page, where it sits under the page's own title.
 */
export function OverviewFigures({ compact }: { compact?: boolean }) {
  const { t } = useTranslation('dashboards');
  const { data, robots, loading, error } = useDashboardOverview();
  if (loading && !robots) return <Skeleton active />;
  const alarmsToday = data?.alarms.today.reduce((sum, row) => sum + row.count, 0);
  return (
    <div className={`dash-overview${compact ? ' dash-overview--compact' : ''}`} data-testid="dashboard-overview">
      {error && !data ? <Alert type="error" showIcon title={t('overview.failed')} /> : null}
      <Figures
        compact={compact}
        title={t('overview.robots')}
        figures={[
          { key: 'online', label: t('overview.online'), value: robots?.online, tone: 'good' },
          { key: 'offline', label: t('overview.offline'), value: robots?.offline },
          { key: 'charging', label: t('overview.charging'), value: robots?.charging },
          { key: 'stopped', label: t('overview.stoppedForRepair'), value: robots?.stoppedForRepair, tone: 'warn' },
          { key: 'total', label: t('overview.total'), value: robots?.total },
        ]}
      />
      <Figures
        compact={compact}
        title={t('overview.tasks')}
        figures={[
          { key: 'running', label: t('overview.running'), value: data?.tasks.running, tone: 'good' },
          { key: 'due', label: t('overview.dueToday'), value: data?.tasks.dueToday },
          { key: 'done', label: t('overview.doneToday'), value: data?.tasks.doneToday },
          { key: 'failed', label: t('overview.failedToday'), value: data?.tasks.failedToday, tone: 'bad' },
        ]}
      />
      <Figures
        compact={compact}
        title={t('overview.alarms')}
        figures={[
          { key: 'alarms-today', label: t('overview.alarmsToday'), value: alarmsToday },
          { key: 'alarms-open', label: t('overview.alarmsOpen'), value: data?.alarms.openTotal, tone: 'bad' },
        ]}
      />
      <Figures
        compact={compact}
        title={t('overview.workOrders')}
        figures={[
          { key: 'orders-open', label: t('overview.ordersOpen'), value: data?.workOrders.open },
          { key: 'orders-overdue', label: t('overview.ordersOverdue'), value: data?.workOrders.overdue, tone: 'bad' },
        ]}
      />
    </div>
  );
}
