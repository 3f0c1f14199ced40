import { Form, Input, Modal, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changePasswordForm } from '@patrol/contracts';
import type { ChangePasswordForm } from '@patrol/contracts';
import { ContractField } from '@/shared/form/contract-field';
import { useRevalidateOnLanguage } from '@/shared/form/zod-rules';
import { feedback } from '@/shared/ui';
import { postUpdatePassword } from '../api/update-password';

type Props = { open: boolean; onClose: () => void };

/** Change password: every rule comes from contracts `changePasswordForm`; both values are sent hashed. */
export function ChangePasswordModal({ open, onClose }: Props) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<ChangePasswordForm>();
  useRevalidateOnLanguage(form);

  const update = useMutation({
    mutationFn: postUpdatePassword,
    onSuccess: () => {
      feedback().message.success(t('changePassword.success'));
      form.resetFields();
      onClose();
    },
  });

  const handleCancel = () => {
    form.resetFields();
    onClose();
  };

  const handleOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values) update.mutate(values);
  };

  return (
    <Modal
      open={open}
      title={t('changePassword.title')}
      okText={t('changePassword.submit')}
      onOk={handleOk}
      onCancel={handleCancel}
      confirmLoading={update.isPending}
      forceRender
      destroyOnHidden={false}
    >
      <Typography.Paragraph type="secondary">{t('changePassword.hint')}</Typography.Paragraph>
      <Form<ChangePasswordForm> form={form} layout="vertical" name="change-password" onFinish={handleOk}>
        <ContractField schema={changePasswordForm} name="oldPassword" label={t('changePassword.oldPassword')}>
          <Input.Password autoComplete="current-password" />
        </ContractField>
        <ContractField schema={changePasswordForm} name="newPassword" label={t('changePassword.newPassword')}>
          <Input.Password autoComplete="new-password" />
        </ContractField>
        <ContractField
          schema={changePasswordForm}
          name="confirmPassword"
          label={t('changePassword.confirmPassword')}
          dependencies={['newPassword']}
        >
          <Input.Password autoComplete="new-password" />
        </ContractField>
      </Form>
    </Modal>
  );
}
