import { Form, Input } from 'antd';
import { createRoleRequest, type CreateRoleRequest, type RoleRow } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { ContractField } from '@/shared/form/contract-field';
import { FormModal, type FormDialog } from '@/shared/list';
import { createRole } from '../api/create-role';
import { refreshRoles } from '../api/get-role-page';
import { updateRole } from '../api/update-role';

type Props = { dialog: FormDialog<RoleRow>; onSaved: () => void };

/** New role or edit: name, code (fixed for the platform administrators' role) and remark. */
export function RoleFormModal({ dialog, onSaved }: Props) {
  const { open, record: role, close: onClose } = dialog;
  const { t } = useTranslation('roles');
  const [form] = Form.useForm<CreateRoleRequest>();
  const handleSubmit = async (values: CreateRoleRequest) => {
    if (role) await updateRole({ roleId: role.roleId, ...values, remark: values.remark ?? '' });
    else await createRole(values);
    await refreshRoles();
    onSaved();
  };
  return (
    <FormModal<CreateRoleRequest>
      open={open}
      title={role ? t('editTitle') : t('createTitle')}
      form={form}
      onSubmit={handleSubmit}
      onClose={onClose}
      width={520}
      initialValues={role ? { roleName: role.roleName, roleCode: role.roleCode, remark: role.remark ?? '' } : {}}
    >
      <ContractField schema={createRoleRequest} name="roleName" label={t('fields.roleName')}>
        <Input />
      </ContractField>
      <ContractField schema={createRoleRequest} name="roleCode" label={t('fields.roleCode')}>
        <Input disabled={role?.readOnly} autoComplete="off" />
      </ContractField>
      <ContractField schema={createRoleRequest} name="remark" label={t('fields.remark')}>
        <Input.TextArea rows={3} showCount />
      </ContractField>
    </FormModal>
  );
}
