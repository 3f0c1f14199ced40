import { Tooltip } from 'antd';
import { LOGIN_RESULTS, type LoginLogRow, type LoginLogSortColumn } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { ExportButton, ListPage, formatTime, useListQuery, ListTable, type ListColumn } from '@/shared/list';
import { exportLoginLogs, fetchLoginLogs, loginLogsKey } from '../api/get-login-logs';
import { LogSearchBar, type LogFilters } from '../components/log-search-bar';
import { ResultTag } from '../components/result-tag';

const REASON_KEYS = {
  ok: 'reason.ok',
  external: 'reason.external',
  unknown_account: 'reason.unknown_account',
  wrong_password: 'reason.wrong_password',
  user_disabled: 'reason.user_disabled',
  tenant_disabled: 'reason.tenant_disabled',
  locked: 'reason.locked',
} as const;

/** Login logs (`/log/loginList`): every sign-in attempt of the tenant's accounts. */
export function LoginLogsPage() {
  const { t } = useTranslation('logs');
  const list = useListQuery<LogFilters, LoginLogRow, LoginLogSortColumn>({
    key: loginLogsKey,
    fetch: fetchLoginLogs,
    initialFilters: {},
  });
  const reasonText = (reason: string) => {
    const key = REASON_KEYS[reason as keyof typeof REASON_KEYS];
    return key ? t(key) : reason;
  };
  const columns: ListColumn<LoginLogRow>[] = [
    { title: t('columns.account'), dataIndex: 'account', sorter: true, width: 160 },
    { title: t('columns.username'), dataIndex: 'username', width: 160, render: (v: string | null) => v ?? '—' },
    {
      title: t('columns.result'),
      dataIndex: 'result',
      width: 100,
      render: (v: LoginLogRow['result']) => <ResultTag result={v} />,
    },
    {
      title: t('columns.reason'),
      dataIndex: 'reason',
      width: 180,
      render: (v: string | null) => (v ? reasonText(v) : '—'),
    },
    { title: t('columns.ip'), dataIndex: 'ip', width: 140 },
    {
      title: t('columns.userAgent'),
      dataIndex: 'userAgent',
      ellipsis: { showTitle: false },
      render: (v: string | null) => (
        <Tooltip placement="topLeft" title={v}>
          {v ?? '—'}
        </Tooltip>
      ),
    },
    { title: t('columns.loginTime'), dataIndex: 'loginTime', sorter: true, width: 180, render: formatTime },
  ];
  return (
    <ListPage
      search={<LogSearchBar results={LOGIN_RESULTS} onSearch={list.search} onReset={list.reset} />}
      title={t('loginTitle')}
      toolbar={<ExportButton onExport={() => exportLoginLogs({ ...list.filters, ...list.sort }, t('loginTitle'))} />}
    >
      <ListTable<LoginLogRow> rowKey="logId" columns={columns} {...list.tableProps} />
    </ListPage>
  );
}
