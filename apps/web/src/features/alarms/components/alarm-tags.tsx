import { Tag, Typography } from 'antd';
import type { AlarmKind, AlarmOperation, AlarmStatus, GunDecision } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';

const KIND_COLORS: Record<AlarmKind, string> = { gun: 'red', sentiment: 'orange' };
const STATUS_COLORS: Record<AlarmStatus, string> = { disposing: 'processing', complete: 'success' };
const DECISION_COLORS: Record<GunDecision | 'pending', string> = {
  allowed: 'success',
  rejected: 'error',
  pending: 'warning',
};

/** The alarm's kind: net gun or sentiment. */
export function KindTag({ kind }: { kind: AlarmKind }) {
  const { t } = useTranslation('alarms');
  return (
    <Tag color={KIND_COLORS[kind]} data-kind={kind}>
      {t(`kinds.${kind}`)}
    </Tag>
  );
}

/** Where the disposal stands: disposing or complete. */
export function AlarmStatusTag({ status }: { status: AlarmStatus }) {
  const { t } = useTranslation('alarms');
  return (
    <Tag color={STATUS_COLORS[status]} data-status={status}>
      {t(`statuses.${status}`)}
    </Tag>
  );
}

/** A gun alarm's net-gun permission: allowed, rejected or still pending. */
export function DecisionTag({ decision }: { decision: GunDecision | null }) {
  const { t } = useTranslation('alarms');
  const value = decision ?? 'pending';
  return (
    <Tag color={DECISION_COLORS[value]} data-decision={value}>
      {t(`decisions.${value}`)}
    </Tag>
  );
}

/** Marked when nobody handled the alarm within the escalation time. */
export function EscalatedTag({ escalatedTime }: { escalatedTime: string | null }) {
  const { t } = useTranslation('alarms');
  if (!escalatedTime) return <Typography.Text type="secondary">{t('escalation.no')}</Typography.Text>;
  return (
    <Tag color="volcano" data-escalated="true">
      {t('escalation.yes')}
    </Tag>
  );
}

/** An operation's name in words, or a dash when none was taken. */
export function OperationText({ operation }: { operation: AlarmOperation | null }) {
  const { t } = useTranslation('alarms');
  return <span data-operation={operation ?? ''}>{operation ? t(`operations.${operation}`) : '—'}</span>;
}
