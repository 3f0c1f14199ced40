import { Form, Input } from 'antd';
import {
  createRobotRequest,
  updateRobotForm,
  type CreateRobotRequest,
  type RobotKeyResponse,
  type RobotRow,
} from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { ContractField } from '@/shared/form/contract-field';
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
  const schema = editing ? updateRobotForm : createRobotRequest;
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
      <ContractField schema={schema} name="name" label={t('fields.name')}>
        <Input />
      </ContractField>
      <ContractField schema={schema} name="productId" label={t('fields.productId')}>
        <Input />
      </ContractField>
      {editing ? (
        <Form.Item name="serialNumber" label={t('fields.serialNumber')} extra={t('serialFixed')}>
          <Input disabled />
        </Form.Item>
      ) : (
        <ContractField schema={schema} name="serialNumber" label={t('fields.serialNumber')} extra={t('serialHint')}>
          <Input autoComplete="off" />
        </ContractField>
      )}
    </FormModal>
  );
}
