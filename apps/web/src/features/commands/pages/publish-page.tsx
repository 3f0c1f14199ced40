import { Tag } from 'antd';
import type { CommandRecord, CommandSortColumn } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { ExportButton, ListPage, formatTime, useListQuery, ListTable, type ListColumn } from '@/shared/list';
import { commandRecordsKey, exportCommandRecords, fetchCommandRecords, type RecordFilters } from '../api/records-api';
import { CommandStatusTag } from '../components/command-status-tag';
import { argsText } from '../components/records-format';
import { wireColumns } from '../components/records-columns';
import { RecordsSearchBar } from '../components/records-search-bar';
import { ReplyCode } from '../components/reply-code';

/** Command dispatch records (`/data/publish`): every command sent to a robot, with its replies' codes. */
export function PublishPage() {
  const { t } = useTranslation('commands');
  const list = useListQuery<RecordFilters, CommandRecord, CommandSortColumn>({
    key: commandRecordsKey,
    fetch: fetchCommandRecords,
    initialFilters: {},
  });
  const columns: ListColumn<CommandRecord>[] = [
    { title: t('records.columns.publishTime'), dataIndex: 'publishTime', sorter: true, width: 170, render: formatTime },
    ...wireColumns<CommandRecord>(t),
    {
      title: t('records.columns.command'),
      key: 'command',
      width: 180,
      render: (_, r) => {
        const args = argsText(r, t);
        return (
          <span>
            {t(`records.commandNames.${r.name}`)}
            {args ? <Tag style={{ marginInlineStart: 6 }}>{args}</Tag> : null}
          </span>
        );
      },
    },
    {
      title: t('records.columns.status'),
      dataIndex: 'status',
      width: 100,
      render: (_, r) => <CommandStatusTag status={r.status} />,
    },
    {
      title: t('records.columns.syncCode'),
      dataIndex: 'syncCode',
      width: 120,
      render: (v: number | null) => <ReplyCode code={v} />,
    },
    {
      title: t('records.columns.asyncCode'),
      dataIndex: 'asyncCode',
      width: 120,
      render: (v: number | null) => <ReplyCode code={v} />,
    },
    {
      title: t('records.columns.operator'),
      dataIndex: 'operatorName',
      sorter: true,
      width: 130,
      render: (v) => v ?? '—',
    },
  ];
  return (
    <ListPage
      search={<RecordsSearchBar fields={['name', 'status']} onSearch={list.search} onReset={list.reset} />}
      title={t('records.publishTitle')}
      toolbar={
        <ExportButton
          onExport={() => exportCommandRecords({ ...list.filters, ...list.sort }, t('records.publishTitle'))}
        />
      }
    >
      <ListTable<CommandRecord>
        rowKey="recordId"
        columns={columns}
        aria-label={t('records.publishTitle')}
        {...list.tableProps}
      />
    </ListPage>
  );
}
