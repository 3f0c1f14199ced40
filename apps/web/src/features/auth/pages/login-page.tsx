import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LoginForm } from '@patrol/contracts';
import { isApiError } from '@/shared/api/api-error';
import { translateMessage } from '@/shared/i18n';
import { feedback } from '@/shared/ui/feedback';
import { showNoMenuModal } from '@/shared/ui/no-menu-modal';
import { useDocumentTitle } from '@/shared/ui/use-document-title';
import { AuthFrame } from '../components/auth-frame';
import { useLoginRules } from '../components/login-rules';

/** Only an in-console path may be a redirect target (no open redirect, no loop back to login). */
function safeRedirect(target: string | null): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/login')) return '/home';
  return target;
}

// The sign-in call and the contracts' schemas behind it load once the user starts filling the form,
// not with the page.
const loadSignIn = () => import('../api/login');
const preloadSignIn = () => void loadSignIn().catch(() => undefined);
const signIn = (values: LoginForm) => loadSignIn().then((api) => api.signIn(values));

type Props = {
  /** The page asked for before signing in (`redirect` in the address), opened after it. */
  redirect: string | null;
  /** Opens a console path, replacing the login page in the history. */
  go: (path: string) => unknown;
};

/**
 * The login page. It knows no router: the console opens it on its own when nobody is signed in
 * (see main.tsx), so the first page loads without the routes, and as the `login` route otherwise.
 */
export function LoginPage({ redirect, go }: Props) {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.title'));
  const [form] = Form.useForm<LoginForm>();
  const rules = useLoginRules(form);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const handleFinish = async (values: LoginForm) => {
    setError(null);
    setPending(true);
    try {
      const home = await signIn(values);
      if (home.menu.length === 0) {
        showNoMenuModal(() => void import('../hooks/use-logout').then((m) => m.endSession(go)));
        return;
      }
      feedback().message.success(t('login.success'));
      await go(safeRedirect(redirect));
    } catch (cause) {
      setError(isApiError(cause) ? cause.message : translateMessage('errors.server'));
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthFrame>
      <h2>{t('login.title')}</h2>
      <p className="auth-page__lead">{t('login.subtitle')}</p>
      <Form<LoginForm>
        form={form}
        layout="vertical"
        size="large"
        onFinish={(values) => void handleFinish(values)}
        onValuesChange={preloadSignIn}
        requiredMark={false}
      >
        <Form.Item name="account" label={t('login.account')} rules={rules('account')} required>
          <Input prefix={<UserOutlined />} placeholder={t('login.accountPlaceholder')} autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" label={t('login.password')} rules={rules('password')} required>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('login.passwordPlaceholder')}
            autoComplete="current-password"
          />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
        <Button type="primary" htmlType="submit" block loading={pending}>
          {t('login.submit')}
        </Button>
      </Form>
    </AuthFrame>
  );
}
