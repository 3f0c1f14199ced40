import { useState } from 'react';
import { App, DatePicker, Form, Input, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import {
  urgencyLevels,
  workOrderStatuses,
  workOrderTypes,
  type UrgencyLevel,
  type WorkOrderAction,
  type WorkOrderDetail,
  type WorkOrderRow,
  type WorkOrderSortColumn,
  type WorkOrderStatus,
  type WorkOrderType,
} from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { queryClient } from '@/shared/api';
import { RobotFilter } from '@/shared/fleet';
import {
  CreateButton,
  ExportButton,
  ListPage,
  ListTable,
  SearchBar,
  formatTime,
  useFormDialog,
  useListQuery,
  type ListColumn,
} from '@/shared/list';
import {
  deleteWorkOrder,
  exportWorkOrders,
  fetchWorkOrder,
  fetchWorkOrders,
  refreshWorkOrders,
  workOrderDetailKey,
  workOrderListKey,
  type WorkOrderFilters,
} from '../api/work-orders-api';
import { WorkOrderActionModal, type PendingAction } from '../components/work-order-action-modal';
import { WorkOrderDetails } from '../components/work-order-details';
import { WorkOrderFormModal } from '../components/work-order-form-modal';
import { WorkOrderOperations } from '../components/work-order-operations';
import {
  EquipmentStatusTag,
  OverdueTag,
  UrgencyTag,
  WorkOrderStatusTag,
  WorkOrderTypeTag,
} from '../components/work-order-tags';
import { useWorkOrderParam } from '../hooks/use-work-order-param';

type SearchValues = {
  number?: string;
  robotId?: number;
  status?: WorkOrderStatus;
  type?: WorkOrderType;
  urgency?: UrgencyLevel;
  deadline?: [Dayjs | null, Dayjs | null] | null;
  overdue?: 'true' | 'false';
};

/** The list's filters from the search bar's values (empty ones left out). */
export function workOrderFilters({ number, robotId, status, type, urgency, deadline, overdue }: SearchValues) {
  const [from, to] = deadline ?? [];
  const filters: WorkOrderFilters = {
    ...(number?.trim() ? { number: number.trim() } : {}),
    ...(robotId ? { robotId } : {}),
    ...(status ? { status } : {}),
    ...(type ? { type } : {}),
    ...(urgency ? { urgency } : {}),
    ...(from ? { deadlineFrom: from.toISOString() } : {}),
    ...(to ? { deadlineTo: to.toISOString() } : {}),
    ...(overdue ? { overdue } : {}),
  };
  return filters;
}

/**
 * Maintenance work orders (`/robot/repair`): the tenant's repair and maintenance orders, filtered
 * and exported; each row offers only what the caller may do to it now. `?workOrderId=N` opens an
 * order's details, from which it prints.
 */
export function WorkOrdersPage() {
  const { t } = useTranslation('work-orders');
  const { message } = App.useApp();
  const [searchForm] = Form.useForm<SearchValues>();
  const dialog = useFormDialog<WorkOrderDetail>();
  const [workOrderId, setWorkOrderId] = useWorkOrderParam();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [acting, setActing] = useState(false);
  const list = useListQuery<WorkOrderFilters, WorkOrderRow, WorkOrderSortColumn>({
    key: workOrderListKey,
    fetch: fetchWorkOrders,
    initialFilters: {},
  });

  // An order is edited with its items, which only its details carry.
  const handleEdit = async (row: WorkOrderRow) => {
    const detail = await queryClient.fetchQuery({
      queryKey: workOrderDetailKey(row.workOrderId),
      queryFn: ({ signal }) => fetchWorkOrder(row.workOrderId, signal),
      staleTime: 0,
    });
    dialog.openEdit(detail);
  };
  const handleAction = (action: WorkOrderAction, order: WorkOrderRow) => {
    setPending({ action, order });
    setActing(true);
  };
  const handleDelete = async (order: WorkOrderRow) => {
    try {
      await deleteWorkOrder(order.workOrderId);
    } catch (error) {
      // Refused (no longer a draft...): show where the order stands now.
      void refreshWorkOrders();
      throw error;
    }
    if (workOrderId === order.workOrderId) setWorkOrderId(null);
    queryClient.removeQueries({ queryKey: workOrderDetailKey(order.workOrderId) });
    await refreshWorkOrders();
    message.success(t('deleted'));
  };

  const columns: ListColumn<WorkOrderRow>[] = [
    { title: t('fields.number'), dataIndex: 'number', key: 'number', sorter: true, width: 160 },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      width: 100,
      render: (status: WorkOrderStatus) => <WorkOrderStatusTag status={status} />,
    },
    {
      title: t('fields.type'),
      dataIndex: 'type',
      width: 90,
      render: (type: WorkOrderType) => <WorkOrderTypeTag type={type} />,
    },
    {
      title: t('fields.robot'),
      key: 'robot',
      width: 170,
      render: (_, row) => (
        <span>
          {row.robotName} <Typography.Text type="secondary">{row.serialNumber}</Typography.Text>
        </span>
      ),
    },
    {
      title: t('fields.urgency'),
      dataIndex: 'urgency',
      width: 90,
      render: (urgency: UrgencyLevel) => <UrgencyTag urgency={urgency} />,
    },
    {
      title: t('fields.deadline'),
      dataIndex: 'deadline',
      key: 'deadline',
      sorter: true,
      width: 170,
      render: (deadline: string, row) => (
        <Space size={4} wrap={false}>
          <span>{formatTime(deadline)}</span>
          {row.overdue ? <OverdueTag /> : null}
        </Space>
      ),
    },
    {
      title: t('fields.assignee'),
      dataIndex: 'assigneeName',
      width: 120,
      ellipsis: true,
      render: (name: string | null) => name ?? t('unassigned'),
    },
    {
      title: t('fields.equipmentStatus'),
      dataIndex: 'equipmentStatus',
      width: 110,
      render: (status: WorkOrderRow['equipmentStatus']) => <EquipmentStatusTag status={status} />,
    },
    { title: t('fields.totalAmount'), dataIndex: 'totalAmount', width: 110, align: 'right' },
    { title: t('fields.itemCount'), dataIndex: 'itemCount', width: 80, align: 'center' },
    {
      title: t('fields.createTime'),
      dataIndex: 'createTime',
      key: 'createTime',
      sorter: true,
      width: 170,
      render: formatTime,
    },
    {
      title: t('fields.actions'),
      key: 'actions',
      render: (_, row) => (
        <WorkOrderOperations
          order={row}
          onDetails={() => setWorkOrderId(row.workOrderId)}
          onEdit={() => void handleEdit(row).catch(() => undefined)}
          onAction={(action) => handleAction(action, row)}
          onDelete={() => handleDelete(row)}
        />
      ),
    },
  ];

  /** The three filters that choose one value of a list: status, type, urgency. */
  const choiceFilters = [
    { name: 'status', label: t('fields.status'), values: workOrderStatuses, group: 'statuses' },
    { name: 'type', label: t('fields.type'), values: workOrderTypes, group: 'types' },
    { name: 'urgency', label: t('fields.urgency'), values: urgencyLevels, group: 'urgencies' },
  ] as const;

  return (
    <>
      <ListPage
        search={
          <SearchBar<SearchValues>
            form={searchForm}
            onSearch={(values) => list.search(workOrderFilters(values))}
            onReset={list.reset}
          >
            <Form.Item name="number" label={t('fields.number')}>
              <Input allowClear placeholder={t('filters.numberPlaceholder')} style={{ width: 180 }} />
            </Form.Item>
            <RobotFilter label={t('fields.robot')} placeholder={t('filters.all')} />
            {choiceFilters.map(({ name, label, values, group }) => (
              <Form.Item key={name} name={name} label={label}>
                <Select
                  allowClear
                  style={{ width: 120 }}
                  placeholder={t('filters.all')}
                  options={values.map((value: string) => ({
                    value,
                    label: t(`${group}.${value}` as 'statuses.draft'),
                  }))}
                />
              </Form.Item>
            ))}
            <Form.Item name="deadline" label={t('fields.deadline')}>
              <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
            </Form.Item>
            <Form.Item name="overdue" label={t('filters.overdue')}>
              <Select
                allowClear
                style={{ width: 120 }}
                placeholder={t('filters.all')}
                options={[
                  { value: 'true', label: t('filters.overdueYes') },
                  { value: 'false', label: t('filters.overdueNo') },
                ]}
              />
            </Form.Item>
          </SearchBar>
        }
        title={t('title')}
        toolbar={
          <Space>
            <ExportButton onExport={() => exportWorkOrders({ ...list.filters, ...list.sort }, t('title'))} />
            <CreateButton onClick={() => dialog.openCreate()}>{t('create')}</CreateButton>
          </Space>
        }
      >
        <ListTable<WorkOrderRow> rowKey="workOrderId" columns={columns} aria-label={t('title')} {...list.tableProps} />
      </ListPage>
      <WorkOrderFormModal dialog={dialog} onSaved={(_, created) => message.success(t(created ? 'created' : 'saved'))} />
      <WorkOrderActionModal pending={pending} open={acting} onClose={() => setActing(false)} />
      <WorkOrderDetails
        workOrderId={workOrderId}
        onClose={() => setWorkOrderId(null)}
        onEdit={(order) => dialog.openEdit(order)}
        onAction={handleAction}
        onDelete={handleDelete}
      />
    </>
  );
}
