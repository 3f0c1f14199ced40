import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Button, Flex, Typography, theme } from 'antd';
import { CloseOutlined, PrinterOutlined } from '@ant-design/icons';
import type { WorkOrderDetail } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/shared/list';
import { WorkOrderSections } from './work-order-sections';
import './work-order-print.css';

type Props = {
  order: WorkOrderDetail;
  onClose: () => void;
};

/**
 * The order as a sheet of paper: every field, the items with their total, the fault reports and
 * the history, over the whole window. It asks the browser to print as it opens (and again from
 * its Print button); printed, the console around it is left out. Escape closes it.
 */
export function WorkOrderPrintView({ order, onClose }: Props) {
  const { t } = useTranslation('work-orders');
  const { token } = theme.useToken();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    document.body.classList.add('work-order-printing');
    closeRef.current?.focus();
    // After the view has painted, so the print takes the order and not the console.
    const timer = window.setTimeout(() => window.print(), 0);
    return () => {
      window.clearTimeout(timer);
      document.body.classList.remove('work-order-printing');
    };
  }, []);
  const handleKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Only this view closes, not the details under it.
    event.stopPropagation();
    onClose();
  };
  return createPortal(
    <div
      className="work-order-print"
      role="dialog"
      aria-modal="true"
      aria-label={t('print.view')}
      data-testid="work-order-print"
      onKeyDown={handleKeyDown}
      style={
        {
          '--work-order-print-bg': token.colorBgContainer,
          '--work-order-print-text': token.colorText,
        } as React.CSSProperties
      }
    >
      <div className="work-order-print__sheet">
        <Flex className="work-order-print__toolbar" justify="end" gap={8}>
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
            {t('print.print')}
          </Button>
          <Button ref={closeRef} icon={<CloseOutlined />} onClick={onClose}>
            {t('print.close')}
          </Button>
        </Flex>
        <Flex justify="space-between" align="baseline">
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('print.heading', { number: order.number })}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t('print.printedAt', { time: formatTime(new Date().toISOString()) })}
          </Typography.Text>
        </Flex>
        <WorkOrderSections order={order} column={3} idPrefix="work-order-print" />
      </div>
    </div>,
    document.body,
  );
}
