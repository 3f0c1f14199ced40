import { Form, Input } from 'antd';
import { resetPasswordForm, type UserRow } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { ContractField } from '@/shared/form/contract-field';
import { FormModal } from '@/shared/list';
import { sha256Hex } from '@/shared/sha256';
import { resetUserPassword } from '../api/users-api';

type Values = { password?: string; confirmPassword?: string };

/** An administrator sets a user's new password, under the same rule as a change of one's own. */
export function ResetPasswordModal({
  user,
  onClose,
  onDone,
}: {
  user: UserRow | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('users');
  const [form] = Form.useForm<Values>();
  const handleSubmit = async (values: Values) => {
    if (!user) return;
    await resetUserPassword({ userId: user.userId, password: sha256Hex(values.password ?? '') });
    onDone();
  };
  return (
    <FormModal<Values>
      open={!!user}
      title={t('resetTitle', { account: user?.account ?? '' })}
      form={form}
      onSubmit={handleSubmit}
      onClose={onClose}
      width={480}
    >
      <ContractField schema={resetPasswordForm} name="password" label={t('fields.password')}>
        <Input.Password autoComplete="new-password" />
      </ContractField>
      <ContractField schema={resetPasswordForm} name="confirmPassword" label={t('fields.confirmPassword')}>
        <Input.Password autoComplete="new-password" />
      </ContractField>
    </FormModal>
  );
}
