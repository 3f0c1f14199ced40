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
import { useZodForm } from '@/shared/form/zod-rules';
import { FormModal, type FormDialog } from '@/shared/list';
import { createMulticast, refreshMulticast, updateMulticast } from '../api/multicast-api';

type Props = {
  /** Open on the row to edit, or on a new one. */
  dialog: FormDialog<MulticastRow>;
  onSaved: () => void;
};

const PORTS = ['telecontrolPort', 'telemetryPort', 'videoPort'] as const;

/** New or edited multicast config: name, enabled, IP, the three ports and its robots. */
export function MulticastFormModal({ dialog, onSaved }: Props) {
  const { open, record: config, close: onClose } = dialog;
  const { t } = useTranslation('multicast');
  const [form] = Form.useForm<CreateMulticastRequest>();
  const { rules, required } = useZodForm(multicastForm, form);
  const robots = useRobotOptions().data ?? [];
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
      <Form.Item name="name" label={t('fields.name')} rules={rules('name')} required={required('name')}>
        <Input maxLength={50} showCount />
      </Form.Item>
      <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="ip" label={t('fields.ip')} rules={rules('ip')} required={required('ip')} extra={t('ipHint')}>
        <Input placeholder="239.0.0.1" />
      </Form.Item>
      <Space size={12} wrap>
        {PORTS.map((port) => (
          <Form.Item key={port} name={port} label={t(`fields.${port}`)} rules={rules(port)} required={required(port)}>
            <InputNumber min={MULTICAST_PORT_MIN} max={MULTICAST_PORT_MAX} precision={0} style={{ width: 160 }} />
          </Form.Item>
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
