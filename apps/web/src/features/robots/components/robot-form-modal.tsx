import { Form, Input } from 'antd';
import {
  createRobotRequest,
  updateRobotForm,
  type CreateRobotRequest,
  type RobotKeyResponse,
  type RobotRow,
} from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '@/shared/form/zod-rules';
import { FormModal, type FormDialog } from '@/shared/list';
import { createRobot, refreshRobots, updateRobot } from '../api/robots-api';

type Props = {
  /** Open on the row to edit, or on a new one. */
  dialog: FormDialog<RobotRow>;
  /** After a create, with the new key pair's private key; after an edit, without. */
  onSaved: (created?: RobotKeyResponse) => void;
};

/** Register a robot (product ID, serial number, name) or edit its product ID and name. */
export function RobotFormModal({ dialog, onSaved }: Props) {
  const { open, record: robot, close: onClose } = dialog;
  const { t } = useTranslation('robots');
  const [form] = Form.useForm<CreateRobotRequest>();
  const editing = !!robot;
  const { rules, required } = useZodForm(editing ? updateRobotForm : createRobotRequest, form);
  const handleSubmit = async (values: CreateRobotRequest) => {
    if (robot) {
      await updateRobot({ robotId: robot.robotId, productId: values.productId, name: values.name });
      await refreshRobots();
      onSaved();
    } else {
      const created = await createRobot(values);
      await refreshRobots();
      onSaved(created);
    }
  };
  return (
    <FormModal<CreateRobotRequest>
      open={open}
      title={editing ? t('editTitle') : t('createTitle')}
      form={form}
      onSubmit={handleSubmit}
      onClose={onClose}
      width={520}
      initialValues={robot ? { productId: robot.productId, serialNumber: robot.serialNumber, name: robot.name } : {}}
    >
      <Form.Item name="name" label={t('fields.name')} rules={rules('name')} required={required('name')}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item
        name="productId"
        label={t('fields.productId')}
        rules={rules('productId')}
        required={required('productId')}
      >
        <Input maxLength={64} />
      </Form.Item>
      {editing ? (
        <Form.Item name="serialNumber" label={t('fields.serialNumber')} extra={t('serialFixed')}>
          <Input disabled />
        </Form.Item>
      ) : (
        <Form.Item
          name="serialNumber"
          label={t('fields.serialNumber')}
          rules={rules('serialNumber')}
          required={required('serialNumber')}
          extra={t('serialHint')}
        >
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
      )}
    </FormModal>
  );
}
