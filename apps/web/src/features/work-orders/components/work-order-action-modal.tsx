import { App, Form, Input, Typography } from 'antd';
import {
  WORK_ORDER_RULES,
  workOrderActionRequest,
  type WorkOrderAction,
  type WorkOrderDetail,
  type WorkOrderRow,
} from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { ContractField } from '@/shared/form/contract-field';
import { FormModal } from '@/shared/list';
import { announce } from '@/shared/ui';
import { refreshWorkOrders, runWorkOrderAction } from '../api/work-orders-api';
import { WorkOrderStatusTag } from './work-order-tags';

/** A status action as its dialog opened on it: the action and the order as they were then. */
export type PendingAction = { action: WorkOrderAction; order: WorkOrderRow };

type Props = {
  /** The action to confirm; null when none is open. Kept while the dialog closes. */
  pending: PendingAction | null;
  open: boolean;
  onClose: () => void;
  onDone?: (detail: WorkOrderDetail) => void;
};

/**
 * Asks for a status action (push, process, finish) with an optional comment. It names the order,
 * its robot and the change of status as they were when it opened; a refusal of the server (409:
 * not allowed now, details required first...) is said in the dialog, which stays open, and the
 * list loads again to show where the order really stands.
 */
export function WorkOrderActionModal({ pending, open, onClose, onDone }: Props) {
  const { t } = useTranslation('work-orders');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ comment?: string }>();
  const handleSubmit = async ({ comment }: { comment?: string }) => {
    if (!pending) return;
    const { action, order } = pending;
    try {
      const detail = await runWorkOrderAction(action, order.workOrderId, comment);
      await refreshWorkOrders(detail);
      const text = t(`action.done.${action}`);
      void message.success(text);
      announce(text);
      onDone?.(detail);
    } catch (error) {
      void refreshWorkOrders();
      throw error;
    }
  };
  const to = pending ? WORK_ORDER_RULES[pending.action].to : undefined;
  return (
    <FormModal<{ comment?: string }>
      open={open}
      title={pending ? t(`action.title.${pending.action}`, { number: pending.order.number }) : ''}
      form={form}
      onSubmit={handleSubmit}
      onClose={onClose}
      width={520}
    >
      {pending ? (
        <Typography.Paragraph data-testid="work-order-action-summary">
          {t('action.content', {
            robot: pending.order.robotName,
            serial: pending.order.serialNumber,
            from: t(`statuses.${pending.order.status}`),
            to: to ? t(`statuses.${to}`) : '',
          })}{' '}
          <WorkOrderStatusTag status={pending.order.status} />
          {to ? (
            <>
              {'→ '}
              <WorkOrderStatusTag status={to} />
            </>
          ) : null}
        </Typography.Paragraph>
      ) : null}
      <ContractField schema={workOrderActionRequest} name="comment" label={t('action.comment')} length="count">
        <Input.TextArea rows={3} placeholder={t('action.commentPlaceholder')} />
      </ContractField>
    </FormModal>
  );
}
