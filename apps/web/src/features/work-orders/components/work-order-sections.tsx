import { Descriptions, Empty, Table, Timeline, Typography } from 'antd';
import type { WorkOrderDetail, WorkOrderEvent, WorkOrderFault, WorkOrderItem } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/shared/list';
import { SectionTitle } from '@/shared/ui';
import { EquipmentStatusTag, OverdueTag, UrgencyTag, WorkOrderStatusTag, WorkOrderTypeTag } from './work-order-tags';

/** Every field of the order. */
export function WorkOrderFields({ order, column = 2 }: { order: WorkOrderDetail; column?: number }) {
  const { t } = useTranslation('work-orders');
  const dash = (v: string | null) => v || t('none');
  const items = [
    { key: 'number', label: t('fields.number'), children: order.number },
    {
      key: 'status',
      label: t('fields.status'),
      children: (
        <span>
          <WorkOrderStatusTag status={order.status} />
          {order.overdue ? <OverdueTag /> : null}
        </span>
      ),
    },
    { key: 'type', label: t('fields.type'), children: <WorkOrderTypeTag type={order.type} /> },
    { key: 'source', label: t('fields.source'), children: t(`sources.${order.source}`) },
    { key: 'robot', label: t('fields.robot'), children: `${order.robotName} (${order.serialNumber})` },
    {
      key: 'equipmentStatus',
      label: t('fields.equipmentStatus'),
      children: <EquipmentStatusTag status={order.equipmentStatus} />,
    },
    { key: 'faultTime', label: t('fields.faultTime'), children: dash(formatTime(order.faultTime)) },
    ...(order.faultModule ? [{ key: 'faultModule', label: t('fields.faultModule'), children: order.faultModule }] : []),
    { key: 'urgency', label: t('fields.urgency'), children: <UrgencyTag urgency={order.urgency} /> },
    { key: 'deadline', label: t('fields.deadline'), children: formatTime(order.deadline) },
    { key: 'assignee', label: t('fields.assignee'), children: order.assigneeName ?? t('unassigned') },
    { key: 'createdBy', label: t('fields.createdBy'), children: order.createdByName ?? t('details.robotReport') },
    { key: 'createTime', label: t('fields.createTime'), children: formatTime(order.createTime) },
    { key: 'updateTime', label: t('fields.updateTime'), children: formatTime(order.updateTime) },
    // It fills the rest of its row (a fault order has one field more), so the description has a row of its own.
    {
      key: 'finishTime',
      label: t('fields.finishTime'),
      span: 'filled' as const,
      children: dash(formatTime(order.finishTime)),
    },
    {
      key: 'description',
      label: t('fields.description'),
      span: column,
      children: <span style={{ whiteSpace: 'pre-wrap' }}>{order.description}</span>,
    },
  ];
  return <Descriptions size="small" bordered column={column} items={items} data-testid="work-order-fields" />;
}

/** The detail items with their total (the server's sum: money is never added up as floats here). */
export function WorkOrderItemsTable({ order }: { order: WorkOrderDetail }) {
  const { t } = useTranslation('work-orders');
  return (
    <Table<WorkOrderItem>
      size="small"
      rowKey="itemId"
      pagination={false}
      dataSource={order.items}
      aria-label={t('details.items')}
      locale={{ emptyText: t('item.empty') }}
      columns={[
        { title: t('item.index'), key: 'index', width: 56, render: (_, __, i) => i + 1 },
        { title: t('item.moduleName'), dataIndex: 'moduleName' },
        {
          title: t('item.maintenanceType'),
          dataIndex: 'maintenanceType',
          render: (v: WorkOrderItem['maintenanceType']) => t(`maintenanceTypes.${v}`),
        },
        { title: t('item.quantity'), dataIndex: 'quantity', align: 'right' },
        { title: t('item.amount'), dataIndex: 'amount', align: 'right' },
        { title: t('item.remark'), dataIndex: 'remark', render: (v: string | null) => v ?? '' },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={4}>
            <strong>{t('item.total')}</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={4} align="right">
            <strong data-testid="work-order-total">{order.totalAmount}</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={5} />
        </Table.Summary.Row>
      )}
    />
  );
}

/** The robot's fault reports behind the order. */
export function WorkOrderFaultsTable({ faults }: { faults: WorkOrderFault[] }) {
  const { t } = useTranslation('work-orders');
  return (
    <Table<WorkOrderFault>
      size="small"
      rowKey="eventId"
      pagination={false}
      dataSource={faults}
      aria-label={t('details.faults')}
      locale={{ emptyText: t('details.noFaults') }}
      columns={[
        { title: t('fault.reportTime'), dataIndex: 'reportTime', width: 160, render: formatTime },
        { title: t('fault.module'), dataIndex: 'module' },
        {
          title: t('fault.code'),
          dataIndex: 'code',
          render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
        },
        { title: t('fault.level'), dataIndex: 'level', width: 64, align: 'center' },
        { title: t('fault.message'), dataIndex: 'message' },
      ]}
    />
  );
}

/** One history entry: what happened, who did it and when, the change of status and the comment. */
function EventEntry({ event }: { event: WorkOrderEvent }) {
  const { t } = useTranslation('work-orders');
  return (
    <div data-event={event.kind}>
      <strong>{t(`events.${event.kind}`)}</strong>
      {' · '}
      <span>{event.userName ?? t('details.robotReport')}</span>
      {' · '}
      <Typography.Text type="secondary">{formatTime(event.time)}</Typography.Text>
      {event.fromStatus && event.toStatus && event.fromStatus !== event.toStatus ? (
        <div>
          <WorkOrderStatusTag status={event.fromStatus} />→ <WorkOrderStatusTag status={event.toStatus} />
        </div>
      ) : !event.fromStatus && event.toStatus ? (
        <div>
          → <WorkOrderStatusTag status={event.toStatus} />
        </div>
      ) : null}
      {event.comment ? <div style={{ whiteSpace: 'pre-wrap' }}>{event.comment}</div> : null}
    </div>
  );
}

/** The order's history, oldest first, as a timeline. */
export function WorkOrderHistory({ history }: { history: WorkOrderEvent[] }) {
  const { t } = useTranslation('work-orders');
  if (!history.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('details.noHistory')} />;
  return (
    <div data-testid="work-order-history">
      <Timeline
        items={history.map((event, i) => ({
          key: `${event.time}-${i}`,
          content: <EventEntry event={event} />,
        }))}
      />
    </div>
  );
}

/** The sections of the details, in the drawer and in the print view alike. */
export function WorkOrderSections({
  order,
  column = 2,
  idPrefix,
}: {
  order: WorkOrderDetail;
  column?: number;
  idPrefix: string;
}) {
  const { t } = useTranslation('work-orders');
  const showFaults = order.source === 'fault' || order.faults.length > 0;
  return (
    <>
      <section aria-labelledby={`${idPrefix}-basic`}>
        <SectionTitle id={`${idPrefix}-basic`} style={{ marginBottom: 8 }}>
          {t('details.basic')}
        </SectionTitle>
        <WorkOrderFields order={order} column={column} />
      </section>
      <section aria-labelledby={`${idPrefix}-items`}>
        <SectionTitle id={`${idPrefix}-items`} style={{ marginBottom: 8 }}>
          {t('details.items')}
        </SectionTitle>
        <WorkOrderItemsTable order={order} />
      </section>
      {showFaults ? (
        <section aria-labelledby={`${idPrefix}-faults`}>
          <SectionTitle id={`${idPrefix}-faults`} style={{ marginBottom: 8 }}>
            {t('details.faults')}
          </SectionTitle>
          <WorkOrderFaultsTable faults={order.faults} />
        </section>
      ) : null}
      <section aria-labelledby={`${idPrefix}-history`}>
        <SectionTitle id={`${idPrefix}-history`} style={{ marginBottom: 12 }}>
          {t('details.history')}
        </SectionTitle>
        <WorkOrderHistory history={order.history} />
      </section>
    </>
  );
}
