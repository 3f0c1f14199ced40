import { Tag, Typography } from 'antd';
import { RUN_MIN_BATTERY, type RunRow, type RunSource, type RunStatus } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/shared/i18n';

const STATUS_COLORS: Record<RunStatus, string> = {
  dispatched: 'processing',
  running: 'blue',
  paused: 'warning',
  finished: 'success',
  failed: 'error',
  skipped: 'orange',
  missed: 'default',
};

/** A run's status as the shared status tag. */
export function RunStatusTag({ status }: { status: RunStatus }) {
  const { t } = useTranslation('runs');
  return (
    <Tag color={STATUS_COLORS[status]} data-run-status={status}>
      {t(`statuses.${status}`)}
    </Tag>
  );
}

/** Manual ("run now") or a schedule's. */
export function SourceTag({ source }: { source: RunSource }) {
  const { t } = useTranslation('runs');
  return <Tag color={source === 'manual' ? 'geekblue' : 'purple'}>{t(`sources.${source}`)}</Tag>;
}

/** Why a run was skipped or failed, in the console's language (a contracts message key). */
export function reasonText(run: Pick<RunRow, 'reason' | 'message'>): string | null {
  if (!run.reason) return null;
  return translateMessage(run.reason, { min: RUN_MIN_BATTERY, message: run.message ?? '' });
}

/** The status with its reason under it. */
export function RunStatusCell({ run }: { run: Pick<RunRow, 'status' | 'reason' | 'message'> }) {
  const reason = reasonText(run);
  return (
    <span>
      <RunStatusTag status={run.status} />
      {reason ? (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {reason}
        </Typography.Text>
      ) : null}
    </span>
  );
}

/** Seconds as "m min s s". */
export function useDuration() {
  const { t } = useTranslation('runs');
  return (seconds: number | null) =>
    seconds === null ? '—' : t('duration', { m: Math.floor(seconds / 60), s: seconds % 60 });
}
