import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { translateMessage } from '@/shared/i18n';
import { AuthFrame } from '../components/auth-frame';

/**
 * Third-party sign-in (`?token=&tenantId=`). The parameters are checked as the spec says; the
 * sign-in itself is not offered by this version, and the page says so rather than pretending.
 */
export function ExternalLoginPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  const tenantId = params.get('tenantId')?.trim();

  const problem = !token
    ? translateMessage('errors.tokenMissing')
    : !tenantId
      ? translateMessage('errors.tenantIdMissing')
      : null;

  return (
    <AuthFrame>
      <Result
        status={problem ? 'warning' : 'info'}
        title={problem ?? t('externalLogin.notAvailableTitle')}
        subTitle={problem ? translateMessage('errors.checkParams') : t('externalLogin.notAvailable')}
        extra={
          <Link to="/login" replace>
            <Button type="primary">{t('externalLogin.toLogin')}</Button>
          </Link>
        }
      />
    </AuthFrame>
  );
}
