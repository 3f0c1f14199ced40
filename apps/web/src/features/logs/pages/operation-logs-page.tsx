import { Tag, Typography } from 'antd';
import { OPERATION_RESULTS, type OperationLogRow, type OperationLogSortColumn } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { ExportButton, ListPage, formatTime, useListQuery, ListTable, type ListColumn, MethodTag } from '@/shared/list';
import { exportOperationLogs, fetchOperationLogs, operationLogsKey } from '../api/get-operation-logs';
import { LogSearchBar, type LogFilters } from '../components/log-search-bar';
import { ResultTag } from '../components/result-tag';

const LEVELS = {
  info: { color: 'blue', key: 'level.info' },
  warn: { color: 'orange', key: 'level.warn' },
  error: { color: 'red', key: 'level.error' },
} as const;

/** Pretty JSON of the logged parameters (already masked by the server). */
function formatParams(params: string | null): string {
  if (!params) return '';
  try {
    return JSON.stringify(JSON.parse(params), null, 2);
  } catch {
    return params;
  }
}

/** Operation logs (`/log/operationList`): every state-changing request made in the tenant. */
export function OperationLogsPage() {
  const { t } = useTranslation('logs');
  const list = useListQuery<LogFilters, OperationLogRow, OperationLogSortColumn>({
    key: operationLogsKey,
    fetch: fetchOperationLogs,
    initialFilters: {},
  });
  const columns: ListColumn<OperationLogRow>[] = [
    {
      title: t('columns.description'),
      dataIndex: 'description',
      ellipsis: true,
      render: (v: string, row) => (
        <span title={`${row.method} ${row.route}`}>
          <MethodTag method={row.method} />
          {v}
        </span>
      ),
    },
    {
      title: t('columns.operator'),
      dataIndex: 'account',
      sorter: true,
      width: 150,
      render: (v: string | null, row) => (v ? `${v}${row.username ? ` (${row.username})` : ''}` : '—'),
    },
    { title: t('columns.roles'), dataIndex: 'roleNames', width: 150, ellipsis: true, render: (v) => v || '—' },
    {
      title: t('columns.level'),
      dataIndex: 'level',
      width: 90,
      render: (v: OperationLogRow['level']) => <Tag color={LEVELS[v].color}>{t(LEVELS[v].key)}</Tag>,
    },
    { title: t('columns.duration'), dataIndex: 'durationMs', sorter: true, width: 110, align: 'right' },
    {
      title: t('columns.result'),
      dataIndex: 'result',
      width: 110,
      render: (v: OperationLogRow['result'], row) => (
        <span title={String(row.statusCode)}>
          <ResultTag result={v} />
        </span>
      ),
    },
    { title: t('columns.ip'), dataIndex: 'ip', width: 130 },
    { title: t('columns.time'), dataIndex: 'createTime', sorter: true, width: 180, render: formatTime },
  ];
  return (
    <ListPage
      search={<LogSearchBar results={OPERATION_RESULTS} withDescription onSearch={list.search} onReset={list.reset} />}
      title={t('operationTitle')}
      toolbar={
        <ExportButton onExport={() => exportOperationLogs({ ...list.filters, ...list.sort }, t('operationTitle'))} />
      }
    >
      <ListTable<OperationLogRow>
        rowKey="logId"
        columns={columns}
        expandable={{
          rowExpandable: (row) => !!row.params,
          expandedRowRender: (row) => (
            <div>
              <Typography.Text type="secondary">
                {t('columns.params')} · {row.method} {row.route} · {row.statusCode}
              </Typography.Text>
              <pre className="log-params">{formatParams(row.params)}</pre>
            </div>
          ),
        }}
        {...list.tableProps}
      />
    </ListPage>
  );
}
