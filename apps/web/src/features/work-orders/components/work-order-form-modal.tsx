import { Col, DatePicker, Form, Input, Radio, Row, Select } from 'antd';
import {
  equipmentStatuses,
  urgencyLevels,
  workOrderForm,
  workOrderTypes,
  type WorkOrderDetail,
  type WorkOrderFormInput,
} from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useRobotOptions } from '@/shared/fleet';
import { ContractField } from '@/shared/form/contract-field';
import { FormModal, type FormDialog } from '@/shared/list';
import { createWorkOrder, refreshWorkOrders, updateWorkOrder, useWorkOrderPersonnel } from '../api/work-orders-api';
import { WorkOrderItemsField } from './work-order-items-field';

type Props = {
  /** Open on the order to edit (with its items), or on a new one. */
  dialog: FormDialog<WorkOrderDetail>;
  onSaved: (detail: WorkOrderDetail, created: boolean) => void;
};

/** The form's values as an order in the dialog starts from. */
export function workOrderValues(order: WorkOrderDetail | null): Partial<WorkOrderFormInput> {
  if (!order) return { type: 'repair', equipmentStatus: 'normal', urgency: 'normal', items: [] };
  return {
    type: order.type,
    robotId: order.robotId ?? undefined,
    faultTime: order.faultTime,
    equipmentStatus: order.equipmentStatus,
    urgency: order.urgency,
    deadline: order.deadline,
    assigneeId: order.assigneeId,
    description: order.description,
    items: order.items.map((item) => ({
      moduleName: item.moduleName,
      maintenanceType: item.maintenanceType,
      quantity: item.quantity,
      amount: item.amount,
      remark: item.remark ?? '',
    })),
  };
}

/**
 * New or edited work order: type, robot, fault time, equipment status, urgency, deadline,
 * maintenance personnel, description and the detail items. Every rule and message is the
 * contract's; the amounts go to the server as the text typed.
 */
export function WorkOrderFormModal({ dialog, onSaved }: Props) {
  const { open, record: order, close: onClose } = dialog;
  const { t } = useTranslation('work-orders');
  const [form] = Form.useForm<WorkOrderFormInput>();
  const robots = useRobotOptions().data ?? [];
  const personnel = useWorkOrderPersonnel(open).data ?? [];
  const handleSubmit = async (values: WorkOrderFormInput) => {
    const body: WorkOrderFormInput = {
      ...values,
      faultTime: values.faultTime ?? null,
      assigneeId: values.assigneeId ?? null,
      items: values.items ?? [],
    };
    const saved = order
      ? await updateWorkOrder({ ...body, workOrderId: order.workOrderId })
      : await createWorkOrder(body);
    await refreshWorkOrders(saved);
    onSaved(saved, !order);
  };
  const timePicker = <DatePicker showTime style={{ width: '100%' }} placeholder={t('placeholders.time')} />;
  return (
    <FormModal<WorkOrderFormInput>
      open={open}
      title={order ? t('editTitle', { number: order.number }) : t('createTitle')}
      form={form}
      onSubmit={handleSubmit}
      onClose={onClose}
      width={880}
      initialValues={workOrderValues(order)}
    >
      <Row gutter={16}>
        <Col span={12}>
          <ContractField schema={workOrderForm} name="type" label={t('fields.type')}>
            <Select
              placeholder={t('placeholders.type')}
              options={workOrderTypes.map((type) => ({ value: type, label: t(`types.${type}`) }))}
            />
          </ContractField>
        </Col>
        <Col span={12}>
          <ContractField schema={workOrderForm} name="robotId" label={t('fields.robot')}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('placeholders.robot')}
              options={robots.map((r) => ({ value: r.robotId, label: `${r.name} (${r.serialNumber})` }))}
            />
          </ContractField>
        </Col>
        <Col span={12}>
          <ContractField schema={workOrderForm} name="faultTime" label={t('fields.faultTime')} kind="instant">
            {timePicker}
          </ContractField>
        </Col>
        <Col span={12}>
          <ContractField schema={workOrderForm} name="deadline" label={t('fields.deadline')} kind="instant">
            {timePicker}
          </ContractField>
        </Col>
        <Col span={12}>
          <ContractField schema={workOrderForm} name="equipmentStatus" label={t('fields.equipmentStatus')}>
            <Radio.Group
              optionType="button"
              options={equipmentStatuses.map((status) => ({ value: status, label: t(`equipmentStatuses.${status}`) }))}
            />
          </ContractField>
        </Col>
        <Col span={12}>
          <ContractField schema={workOrderForm} name="urgency" label={t('fields.urgency')}>
            <Select
              placeholder={t('placeholders.urgency')}
              options={urgencyLevels.map((level) => ({ value: level, label: t(`urgencies.${level}`) }))}
            />
          </ContractField>
        </Col>
        <Col span={12}>
          <ContractField schema={workOrderForm} name="assigneeId" label={t('fields.assignee')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('placeholders.assignee')}
              options={personnel.map((p) => ({ value: p.userId, label: `${p.name} (${p.account})` }))}
            />
          </ContractField>
        </Col>
        <Col span={24}>
          <ContractField schema={workOrderForm} name="description" label={t('fields.description')} length="count">
            <Input.TextArea rows={3} placeholder={t('placeholders.description')} />
          </ContractField>
        </Col>
      </Row>
      <WorkOrderItemsField />
    </FormModal>
  );
}
