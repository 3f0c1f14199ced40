import type { ReactNode } from 'react';
import { Button, Result, Space } from 'antd';
import type { ResultProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '@/shared/ui/page-title';
import { useDocumentTitle } from '@/shared/ui/use-document-title';

type Props = { status: ResultProps['status']; title: string; description: string; extra?: ReactNode };

/** A full-page error, named in the tab and by its `h1`, with the way out the spec asks for: home or the previous page. */
export function ErrorPageFrame({ status, title, description, extra }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(title);
  return (
    <div className="error-page">
      <Result
        status={status}
        title={<PageTitle look="inherit">{title}</PageTitle>}
        subTitle={description}
        extra={
          <Space>
            <Button type="primary" onClick={() => void navigate('/home')}>
              {t('actions.backHome')}
            </Button>
            <Button onClick={() => void navigate(-1)}>{t('actions.back')}</Button>
            {extra}
          </Space>
        }
      />
    </div>
  );
}
