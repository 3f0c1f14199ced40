import { Button, Card, Empty, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/shared/ui';
import { MAX_ERRORS, clearErrors, useErrorLog } from '../store/error-store';
import type { ErrorRecord } from '../store/error-store';

/** The script errors caught in this tab (window error and unhandled rejection). */
export function ErrorLoggerPage() {
  const { t } = useTranslation('errors');
  const errors = useErrorLog();
  const columns: TableColumnsType<ErrorRecord> = [
    {
      title: t('logger.columns.type'),
      dataIndex: 'type',
      width: 100,
      render: () => <Tag color="red">{t('logger.typeScript')}</Tag>,
    },
    { title: t('logger.columns.code'), dataIndex: 'code', width: 80 },
    { title: t('logger.columns.message'), dataIndex: 'message', ellipsis: true },
    { title: t('logger.columns.url'), dataIndex: 'url', ellipsis: true, width: 320 },
    {
      title: t('logger.columns.time'),
      dataIndex: 'time',
      width: 200,
      render: (time: number) => dayjs(time).format('YYYY-MM-DD HH:mm:ss'),
    },
  ];
  return (
    <Card
      title={<PageTitle look="inherit">{t('logger.title')}</PageTitle>}
      extra={
        <Button icon={<DeleteOutlined />} onClick={clearErrors} disabled={errors.length === 0}>
          {t('logger.clear')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('logger.description', { max: MAX_ERRORS })}</Typography.Paragraph>
      <Table<ErrorRecord>
        rowKey="id"
        columns={columns}
        dataSource={errors}
        size="middle"
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('logger.empty')} /> }}
      />
    </Card>
  );
}
