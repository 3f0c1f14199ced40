import { useRef, useState } from 'react';
import { Button, Drawer, Empty, Flex, Spin } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import type { WorkOrderAction, WorkOrderDetail } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useWorkOrderDetail } from '../api/work-orders-api';
import { WorkOrderOperations } from './work-order-operations';
import { WorkOrderPrintView } from './work-order-print-view';
import { WorkOrderSections } from './work-order-sections';

type Props = {
  workOrderId: number | null;
  onClose: () => void;
  onEdit: (order: WorkOrderDetail) => void;
  onAction: (action: WorkOrderAction, order: WorkOrderDetail) => void;
  onDelete: (order: WorkOrderDetail) => Promise<unknown>;
};

/**
 * An order's details in a drawer: the operations the caller may do now, every field, the items
 * with their total, the fault reports behind it and its history; Print opens the order as a sheet
 * to print.
 */
export function WorkOrderDetails({ workOrderId, onClose, onEdit, onAction, onDelete }: Props) {
  const { t } = useTranslation('work-orders');
  const detail = useWorkOrderDetail(workOrderId);
  const [printing, setPrinting] = useState(false);
  const printButton = useRef<HTMLButtonElement>(null);
  const order = detail.data;
  const closePrint = () => {
    setPrinting(false);
    printButton.current?.focus();
  };
  return (
    <Drawer
      open={workOrderId !== null}
      onClose={onClose}
      size={860}
      title={order ? t('details.titleOf', { number: order.number }) : t('details.title')}
      destroyOnHidden
      closable={{ 'aria-label': t('details.close') }}
      data-testid="work-order-details"
    >
      {order ? (
        <Flex vertical gap={20}>
          <Flex justify="space-between" align="center" gap={8} wrap>
            <WorkOrderOperations
              order={order}
              onEdit={() => onEdit(order)}
              onAction={(action) => onAction(action, order)}
              onDelete={() => onDelete(order)}
            />
            <Button ref={printButton} icon={<PrinterOutlined />} onClick={() => setPrinting(true)}>
              {t('details.print')}
            </Button>
          </Flex>
          <WorkOrderSections order={order} idPrefix="work-order-details" />
          {printing ? <WorkOrderPrintView order={order} onClose={closePrint} /> : null}
        </Flex>
      ) : detail.isError ? (
        <Empty description={t('details.failed')} />
      ) : (
        <Spin spinning>
          <div style={{ height: 240 }} />
        </Spin>
      )}
    </Drawer>
  );
}
