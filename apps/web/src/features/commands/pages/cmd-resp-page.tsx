import type { CommandReplyRow, CommandReplySortColumn } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { ExportButton, ListPage, formatTime, useListQuery, ListTable, type ListColumn } from '@/shared/list';
import { commandRepliesKey, exportCommandReplies, fetchCommandReplies, type RecordFilters } from '../api/records-api';
import { wireColumns } from '../components/records-columns';
import { RecordsSearchBar } from '../components/records-search-bar';
import { ReplyCode } from '../components/reply-code';

/** Command reply records (`/data/cmdResp`): every sync and async reply a robot sent. */
export function CmdRespPage() {
  const { t } = useTranslation('commands');
  const list = useListQuery<RecordFilters, CommandReplyRow, CommandReplySortColumn>({
    key: commandRepliesKey,
    fetch: fetchCommandReplies,
    initialFilters: {},
  });
  const columns: ListColumn<CommandReplyRow>[] = [
    { title: t('records.columns.receiveTime'), dataIndex: 'receiveTime', sorter: true, width: 170, render: formatTime },
    ...wireColumns<CommandReplyRow>(t),
    {
      title: t('records.columns.command'),
      dataIndex: 'commandName',
      width: 140,
      render: (v: CommandReplyRow['commandName']) => (v ? t(`records.commandNames.${v}`) : t('records.unknownCommand')),
    },
    {
      title: t('records.columns.phase'),
      dataIndex: 'phase',
      width: 100,
      render: (v: CommandReplyRow['phase']) => t(`records.phases.${v}`),
    },
    { title: t('records.columns.code'), dataIndex: 'code', width: 140, render: (v: number) => <ReplyCode code={v} /> },
    { title: t('records.columns.message'), dataIndex: 'message', ellipsis: true, render: (v) => v ?? '—' },
  ];
  return (
    <ListPage
      search={<RecordsSearchBar fields={['phase']} onSearch={list.search} onReset={list.reset} />}
      title={t('records.replyTitle')}
      toolbar={
        <ExportButton
          onExport={() => exportCommandReplies({ ...list.filters, ...list.sort }, t('records.replyTitle'))}
        />
      }
    >
      <ListTable<CommandReplyRow>
        rowKey="replyId"
        columns={columns}
        aria-label={t('records.replyTitle')}
        {...list.tableProps}
      />
    </ListPage>
  );
}
