import { useTranslation } from 'react-i18next';
import { ErrorPageFrame } from './error-page-frame';

/** error_401: the route is not in the user's menu. */
export function Error401Page() {
  const { t } = useTranslation('errors');
  return <ErrorPageFrame status="403" title={t('noPermission.title')} description={t('noPermission.description')} />;
}
