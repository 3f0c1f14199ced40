import { useTranslation } from 'react-i18next';
import { ErrorPageFrame } from './error-page-frame';

/** error_404: any path the route table does not know. */
export function Error404Page() {
  const { t } = useTranslation('errors');
  return <ErrorPageFrame status="404" title={t('notFound.title')} description={t('notFound.description')} />;
}
