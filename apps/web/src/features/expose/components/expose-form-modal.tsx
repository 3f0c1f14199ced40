import { Form, Input } from 'antd';
import { createExposeRequest, updateExposeForm, type CreateExposeRequest, type ExposeRow } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { ContractField } from '@/shared/form/contract-field';
import { FormModal, type FormDialog } from '@/shared/list';
import { createExpose, refreshExpose, updateExpose } from '../api/expose-api';

type Props = {
  /** Open on the account to edit, or on a new one. */
  dialog: FormDialog<ExposeRow>;
  tenantId: number;
  onSaved: () => void;
};

/** New expose account (name, account, connection password) or edit (name, and a new password when typed). */
export function ExposeFormModal({ dialog, tenantId, onSaved }: Props) {
  const { open, record: expose, close: onClose } = dialog;
  const { t } = useTranslation('expose');
  const [form] = Form.useForm<CreateExposeRequest>();
  const editing = !!expose;
  const schema = editing ? updateExposeForm : createExposeRequest;
  const handleSubmit = async (values: CreateExposeRequest) => {
    if (editing)
      await updateExpose(tenantId, { exposeId: expose.exposeId, name: values.name, password: values.password ?? '' });
    else await createExpose(tenantId, values);
    await refreshExpose();
    onSaved();
  };
  return (
    <FormModal<CreateExposeRequest>
      open={open}
      title={editing ? t('editTitle') : t('createTitle')}
      form={form}
      onSubmit={handleSubmit}
      onClose={onClose}
      width={520}
      initialValues={expose ? { name: expose.name, account: expose.account, password: '' } : {}}
    >
      <ContractField schema={schema} name="name" label={t('fields.name')}>
        <Input />
      </ContractField>
      {editing ? (
        <Form.Item name="account" label={t('fields.account')}>
          <Input disabled />
        </Form.Item>
      ) : (
        <ContractField schema={schema} name="account" label={t('fields.account')}>
          <Input autoComplete="off" />
        </ContractField>
      )}
      <ContractField
        schema={schema}
        name="password"
        label={editing ? t('fields.newPassword') : t('fields.password')}
        extra={editing ? t('passwordKeep') : t('passwordOnce')}
      >
        <Input.Password autoComplete="new-password" />
      </ContractField>
    </FormModal>
  );
}
