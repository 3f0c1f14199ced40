import { useEffect, useRef, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '@/shared/api';
import { translateMessage } from '@/shared/i18n';
import { signInExternal } from '../api/external-login';
import { useDocumentTitle } from '@/shared/ui/use-document-title';
import { AuthFrame } from '../components/auth-frame';

type Problem = { title: string; detail: string };

/** The message of each failure the spec names: tenant information (404), verification (401), others. */
function problemOf(error: unknown): Problem {
  if (isApiError(error) && error.code === 404) {
    return { title: translateMessage('errors.tenantInfoFailed'), detail: translateMessage('errors.checkParams') };
  }
  if (isApiError(error) && error.code === 401) {
    return { title: translateMessage('errors.verifyFailed'), detail: translateMessage('errors.checkParams') };
  }
  return {
    title: isApiError(error) ? error.message : translateMessage('errors.verifyFailed'),
    detail: translateMessage('errors.contactAdmin'),
  };
}

/**
 * Third-party sign-in (`/external-login?token=&tenantId=`, see docs/external-access.md): checks its
 * parameters, trades the one-time token for a session flagged external and goes to the console.
 */
export function ExternalLoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('externalLogin.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const tenantText = params.get('tenantId')?.trim() ?? '';
  const tenantId = /^[1-9][0-9]{0,9}$/.test(tenantText) ? Number(tenantText) : null;
  const missing: Problem | null = !token
    ? { title: translateMessage('errors.tokenMissing'), detail: translateMessage('errors.checkParams') }
    : tenantId === null
      ? { title: translateMessage('errors.tenantIdMissing'), detail: translateMessage('errors.checkParams') }
      : null;
  const [failure, setFailure] = useState<(Problem & { attempt: string }) | null>(null);
  // The token works once: never send it twice (React runs effects twice in development).
  const sent = useRef<string | null>(null);

  useEffect(() => {
    const attempt = `${tenantId}:${token}`;
    if (!token || tenantId === null || sent.current === attempt) return;
    sent.current = attempt;
    signInExternal(token, tenantId)
      .then(() => navigate('/home', { replace: true }))
      .catch((error: unknown) => setFailure({ ...problemOf(error), attempt }));
  }, [token, tenantId, navigate]);

  // A failure belongs to the parameters it was tried with; new ones are tried afresh.
  const problem = missing ?? (failure?.attempt === `${tenantId}:${token}` ? failure : null);
  return (
    <AuthFrame>
      {problem ? (
        <Result
          status="warning"
          title={problem.title}
          subTitle={problem.detail}
          extra={
            <Link to="/login" replace>
              <Button type="primary">{t('externalLogin.toLogin')}</Button>
            </Link>
          }
        />
      ) : (
        <Result icon={<Spin size="large" />} title={t('externalLogin.verifying')} />
      )}
    </AuthFrame>
  );
}
