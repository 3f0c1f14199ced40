import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { loginForm } from '@patrol/contracts';
import type { LoginForm } from '@patrol/contracts';
import { isApiError } from '@/shared/api';
import { translateMessage } from '@/shared/i18n';
import { useZodForm } from '@/shared/form/zod-rules';
import { feedback, showNoMenuModal } from '@/shared/ui';
import { signIn } from '../api/login';
import { AuthFrame } from '../components/auth-frame';
import { useLogout } from '../hooks/use-logout';

/** Only an in-console path may be a redirect target (no open redirect, no loop back to login). */
function safeRedirect(target: string | null): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/login')) return '/home';
  return target;
}

export function LoginPage() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<LoginForm>();
  const { rules, required } = useZodForm(loginForm, form);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const logout = useLogout();
  const [error, setError] = useState<string | null>(null);

  const login = useMutation({
    mutationFn: signIn,
    onSuccess: async (home) => {
      if (home.menu.length === 0) {
        showNoMenuModal(() => void logout());
        return;
      }
      feedback().message.success(t('login.success'));
      await navigate(safeRedirect(params.get('redirect')), { replace: true });
    },
    onError: (cause) => setError(isApiError(cause) ? cause.message : translateMessage('errors.server')),
  });

  const handleFinish = (values: LoginForm) => {
    setError(null);
    login.mutate(values);
  };

  return (
    <AuthFrame>
      <h2>{t('login.title')}</h2>
      <p className="auth-page__lead">{t('login.subtitle')}</p>
      <Form<LoginForm> form={form} layout="vertical" size="large" onFinish={handleFinish} requiredMark={false}>
        <Form.Item name="account" label={t('login.account')} rules={rules('account')} required={required('account')}>
          <Input prefix={<UserOutlined />} placeholder={t('login.accountPlaceholder')} autoComplete="username" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.password')}
          rules={rules('password')}
          required={required('password')}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('login.passwordPlaceholder')}
            autoComplete="current-password"
          />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </Form>
    </AuthFrame>
  );
}
