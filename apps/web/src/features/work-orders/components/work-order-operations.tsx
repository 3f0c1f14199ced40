import type { ReactNode } from 'react';
import { Button } from 'antd';
import { CheckCircleOutlined, EyeOutlined, PlayCircleOutlined, SendOutlined } from '@ant-design/icons';
import type { WorkOrderAction, WorkOrderRow } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { DeleteAction, EditAction, RowActions } from '@/shared/list';

// The icons are decoration: each button is named by its word alone ("推送", not "send 推送").
const ACTION_ICONS: Record<WorkOrderAction, ReactNode> = {
  push: <SendOutlined aria-hidden />,
  process: <PlayCircleOutlined aria-hidden />,
  finish: <CheckCircleOutlined aria-hidden />,
};
/** The status actions in the order an order goes through them. */
const STATUS_ACTIONS: readonly WorkOrderAction[] = ['push', 'process', 'finish'];

type Props = {
  order: WorkOrderRow;
  /** Opens the order's details (the list's rows); none in the details themselves. */
  onDetails?: () => void;
  onEdit: () => void;
  onAction: (action: WorkOrderAction) => void;
  onDelete: () => Promise<unknown>;
};

/**
 * What the caller may do to an order: only the operations the server put in its `allowed` (the
 * contract's `allowedWorkOrderOperations`), plus its details. The server refuses anything else.
 */
export function WorkOrderOperations({ order, onDetails, onEdit, onAction, onDelete }: Props) {
  const { t } = useTranslation('work-orders');
  const allowed = new Set(order.allowed);
  return (
    <div role="group" aria-label={t('operationsOf', { number: order.number })} data-testid="work-order-operations">
      <RowActions>
        {onDetails ? (
          <Button type="link" size="small" icon={<EyeOutlined aria-hidden />} onClick={onDetails}>
            {t('operations.details')}
          </Button>
        ) : null}
        {allowed.has('edit') ? <EditAction onClick={onEdit} /> : null}
        {STATUS_ACTIONS.filter((action) => allowed.has(action)).map((action) => (
          <Button key={action} type="link" size="small" icon={ACTION_ICONS[action]} onClick={() => onAction(action)}>
            {t(`operations.${action}`)}
          </Button>
        ))}
        {allowed.has('delete') ? (
          <DeleteAction title={t('deleteConfirm', { number: order.number })} onConfirm={onDelete} />
        ) : null}
      </RowActions>
    </div>
  );
}
