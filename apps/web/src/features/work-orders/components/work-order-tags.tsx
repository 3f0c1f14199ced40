import { Tag } from 'antd';
import type { EquipmentStatus, UrgencyLevel, WorkOrderStatus, WorkOrderType } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<WorkOrderStatus, string> = {
  draft: 'default',
  pending: 'warning',
  processing: 'processing',
  processed: 'success',
};
const URGENCY_COLORS: Record<UrgencyLevel, string> = {
  low: 'default',
  normal: 'blue',
  high: 'orange',
  urgent: 'red',
};

/** Where an order stands, as the shared status tag: draft, pending, processing, processed. */
export function WorkOrderStatusTag({ status }: { status: WorkOrderStatus }) {
  const { t } = useTranslation('work-orders');
  return (
    <Tag color={STATUS_COLORS[status]} data-status={status}>
      {t(`statuses.${status}`)}
    </Tag>
  );
}

/** Repair or maintenance. */
export function WorkOrderTypeTag({ type }: { type: WorkOrderType }) {
  const { t } = useTranslation('work-orders');
  return (
    <Tag color={type === 'repair' ? 'volcano' : 'cyan'} data-type={type}>
      {t(`types.${type}`)}
    </Tag>
  );
}

/** How urgent the order is, in words (the colour only adds to them). */
export function UrgencyTag({ urgency }: { urgency: UrgencyLevel }) {
  const { t } = useTranslation('work-orders');
  return (
    <Tag color={URGENCY_COLORS[urgency]} data-urgency={urgency}>
      {t(`urgencies.${urgency}`)}
    </Tag>
  );
}

/** The robot's equipment status while the order is open: stopped for repair, or in service. */
export function EquipmentStatusTag({ status }: { status: EquipmentStatus }) {
  const { t } = useTranslation('work-orders');
  return (
    <Tag color={status === 'stopped' ? 'error' : 'success'} data-equipment={status}>
      {t(`equipmentStatuses.${status}`)}
    </Tag>
  );
}

/** An open order past its deadline says so in words. */
export function OverdueTag() {
  const { t } = useTranslation('work-orders');
  return (
    <Tag color="error" data-overdue="true">
      {t('overdue')}
    </Tag>
  );
}
