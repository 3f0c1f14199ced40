import { useEffect } from 'react';
import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { addError } from '@/features/errors/store/error-store';
import { isChunkLoadError } from './lazy-page';

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A route that failed to load (chunk time-out, new release) or to render. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = isChunkLoadError(error);

  useEffect(() => {
    // Render errors never reach window.onerror: log them here so the error log has them.
    addError({ message: describe(error), url: window.location.href });
  }, [error]);

  return (
    <div className="error-page">
      <Result
        status={chunk ? 'warning' : 'error'}
        title={chunk ? t('chunk.failedTitle') : t('unexpected.title')}
        subTitle={chunk ? t('chunk.failedDescription') : t('unexpected.description')}
        extra={
          <Space>
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
        }
      />
    </div>
  );
}
