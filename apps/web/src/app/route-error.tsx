import { useEffect } from 'react';
import { Button, Space } from 'antd';
import { CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { addError } from '@/shared/errors';
import { useDocumentTitle } from '@/shared/ui/use-document-title';
import { isChunkLoadError } from './lazy-page';

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A route that failed to load (chunk time-out, new release) or to render. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const title = chunk ? t('chunk.failedTitle') : t('unexpected.title');
  useDocumentTitle(title);

  useEffect(() => {
    // Render errors never reach window.onerror: log them here so the error log has them.
    addError({ message: describe(error), url: window.location.href });
  }, [error]);

  // Drawn here rather than with antd's Result, whose module brings the 403/404/500 illustrations
  // into every page's first load; the error pages that show them load with their routes.
  return (
    <div className="error-page">
      <div className="route-error" role="alert">
        {chunk ? (
          <ExclamationCircleFilled className="route-error__icon route-error__icon--warning" />
        ) : (
          <CloseCircleFilled className="route-error__icon route-error__icon--error" />
        )}
        <h1 className="route-error__title">{title}</h1>
        <div className="route-error__subtitle">
          {chunk ? t('chunk.failedDescription') : t('unexpected.description')}
        </div>
        <Space className="route-error__extra">
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('actions.reload')}
          </Button>
          <Button
            onClick={() => {
              window.location.hash = '#/home';
              window.location.reload();
            }}
          >
            {t('actions.backHome')}
          </Button>
        </Space>
      </div>
    </div>
  );
}
