import { useTranslation } from 'react-i18next';
import { ErrorPageFrame } from './error-page-frame';

/** error_500: the home data could not be loaded. "Back to home" tries again. */
export function Error500Page() {
  const { t } = useTranslation('errors');
  return <ErrorPageFrame status="500" title={t('serverError.title')} description={t('serverError.description')} />;
}
