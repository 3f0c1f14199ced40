import { App, Button, Card, Empty, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { saveText } from '@/shared/api';
import { MAX_ERRORS, clearErrors, errorsToCsv, useErrorLog } from '@/shared/errors';
import type { ErrorRecord, ErrorType } from '@/shared/errors';
import { PageTitle } from '@/shared/ui';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * The errors caught in this tab: script errors (window error and unhandled rejection) and failed
 * API calls. Exported as CSV (a spreadsheet opens it; made in the browser, since the log lives
 * only here), cleared after a confirmation.
 */
export function ErrorLoggerPage() {
  const { t } = useTranslation('errors');
  const { modal, message } = App.useApp();
  const errors = useErrorLog();
  const typeLabel = (type: ErrorType) => (type === 'request' ? t('logger.typeRequest') : t('logger.typeScript'));

  const handleExport = () => {
    const csv = errorsToCsv(
      errors,
      {
        type: t('logger.columns.type'),
        code: t('logger.columns.code'),
        message: t('logger.columns.message'),
        url: t('logger.columns.url'),
        time: t('logger.columns.time'),
      },
      typeLabel,
      (time) => dayjs(time).format(TIME_FORMAT),
    );
    saveText(csv, `${t('logger.fileName')}-${dayjs().format('YYYYMMDD-HHmmss')}.csv`, 'text/csv;charset=utf-8');
  };

  const handleClear = () => {
    modal.confirm({
      title: t('logger.clearTitle'),
      content: t('logger.clearConfirm', { count: errors.length }),
      okText: t('logger.clear'),
      okButtonProps: { danger: true },
      onOk: () => {
        clearErrors();
        void message.success(t('logger.cleared'));
      },
    });
  };

  const columns: TableColumnsType<ErrorRecord> = [
    {
      title: t('logger.columns.type'),
      dataIndex: 'type',
      width: 100,
      render: (type: ErrorType) => <Tag color={type === 'request' ? 'orange' : 'red'}>{typeLabel(type)}</Tag>,
    },
    { title: t('logger.columns.code'), dataIndex: 'code', width: 80 },
    { title: t('logger.columns.message'), dataIndex: 'message', ellipsis: true },
    { title: t('logger.columns.url'), dataIndex: 'url', ellipsis: true, width: 320 },
    {
      title: t('logger.columns.time'),
      dataIndex: 'time',
      width: 200,
      render: (time: number) => dayjs(time).format(TIME_FORMAT),
    },
  ];
  return (
    <Card
      title={<PageTitle look="inherit">{t('logger.title')}</PageTitle>}
      extra={
        <Space>
          <Button icon={<DownloadOutlined />} onClick={handleExport} disabled={errors.length === 0}>
            {t('logger.export')}
          </Button>
          <Button danger icon={<DeleteOutlined />} onClick={handleClear} disabled={errors.length === 0}>
            {t('logger.clear')}
          </Button>
        </Space>
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
