import { Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import {
  MULTICAST_PORT_MAX,
  MULTICAST_PORT_MIN,
  multicastForm,
  type CreateMulticastRequest,
  type MulticastRow,
} from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useRobotOptions } from '@/shared/fleet';
import { ContractField } from '@/shared/form/contract-field';
import { FormModal, type FormDialog } from '@/shared/list';
import { createMulticast, refreshMulticast, updateMulticast } from '../api/multicast-api';

type Props = {
  /** Open on the row to edit, or on a new one. */
  dialog: FormDialog<MulticastRow>;
  onSaved: () => void;
};

/** New or edited multicast config: name, enabled, IP, the three ports and its robots. */
export function MulticastFormModal({ dialog, onSaved }: Props) {
  const { open, record: config, close: onClose } = dialog;
  const { t } = useTranslation('multicast');
  const [form] = Form.useForm<CreateMulticastRequest>();
  const robots = useRobotOptions().data ?? [];
  const ports = [
    { name: 'telecontrolPort', label: t('fields.telecontrolPort') },
    { name: 'telemetryPort', label: t('fields.telemetryPort') },
    { name: 'videoPort', label: t('fields.videoPort') },
  ] as const;
  const handleSubmit = async (values: CreateMulticastRequest) => {
    const body = { ...values, robotIds: values.robotIds ?? [] };
    if (config) await updateMulticast({ ...body, multicastId: config.multicastId });
    else await createMulticast(body);
    await refreshMulticast();
    onSaved();
  };
  return (
    <FormModal<CreateMulticastRequest>
      open={open}
      title={config ? t('editTitle') : t('createTitle')}
      form={form}
      onSubmit={handleSubmit}
      onClose={onClose}
      width={600}
      initialValues={
        config
          ? {
              name: config.name,
              enabled: config.enabled,
              ip: config.ip,
              telecontrolPort: config.telecontrolPort,
              telemetryPort: config.telemetryPort,
              videoPort: config.videoPort,
              robotIds: config.robots.map((r) => r.robotId),
            }
          : { enabled: true, robotIds: [] }
      }
    >
      <ContractField schema={multicastForm} name="name" label={t('fields.name')}>
        <Input showCount />
      </ContractField>
      <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <ContractField schema={multicastForm} name="ip" label={t('fields.ip')} extra={t('ipHint')}>
        <Input placeholder="239.0.0.1" />
      </ContractField>
      <Space size={12} wrap>
        {ports.map((port) => (
          <ContractField key={port.name} schema={multicastForm} name={port.name} label={port.label}>
            <InputNumber min={MULTICAST_PORT_MIN} max={MULTICAST_PORT_MAX} precision={0} style={{ width: 160 }} />
          </ContractField>
        ))}
      </Space>
      <Form.Item name="robotIds" label={t('fields.robots')} extra={t('robotsHint')}>
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('chooseRobots')}
          options={robots.map((r) => ({ value: r.robotId, label: `${r.name} (${r.serialNumber})` }))}
        />
      </Form.Item>
    </FormModal>
  );
}
