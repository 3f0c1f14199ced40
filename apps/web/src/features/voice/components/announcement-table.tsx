import type { AnnouncementRow } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { ListTable, formatTime, useListQuery, type ListColumn } from '@/shared/list';
import { SectionTitle } from '@/shared/ui';
import { announcementsKey, fetchAnnouncementPage, type AnnouncementFilters } from '../api/voice-api';
import { formatDuration } from '../format';

/** The announcements on record: operator, robot, start, end, duration, why it ended. */
export function AnnouncementTable() {
  const { t } = useTranslation('voice');
  const list = useListQuery<AnnouncementFilters, AnnouncementRow, 'startTime'>({
    key: [...announcementsKey, 'page'],
    fetch: fetchAnnouncementPage,
    initialFilters: {},
  });
  const columns: ListColumn<AnnouncementRow>[] = [
    { title: t('records.operator'), dataIndex: 'operatorName', ellipsis: true, width: 140 },
    {
      title: t('records.robot'),
      key: 'robot',
      ellipsis: true,
      width: 180,
      render: (_, row) => `${row.robotName} (${row.serialNumber})`,
    },
    { title: t('records.start'), dataIndex: 'startTime', sorter: true, width: 170, render: formatTime },
    { title: t('records.end'), dataIndex: 'endTime', width: 170, render: formatTime },
    {
      title: t('records.duration'),
      key: 'duration',
      width: 100,
      render: (_, row) =>
        row.endTime ? formatDuration(Date.parse(row.endTime) - Date.parse(row.startTime)) : t('records.ongoing'),
    },
    {
      title: t('records.endReason'),
      dataIndex: 'endReason',
      width: 160,
      render: (reason: AnnouncementRow['endReason']) => (reason ? t(`endReasons.${reason}`) : ''),
    },
  ];
  return (
    <>
      <SectionTitle id="voice-records-title">{t('records.title')}</SectionTitle>
      <ListTable<AnnouncementRow>
        rowKey="sessionId"
        columns={columns}
        aria-labelledby="voice-records-title"
        {...list.tableProps}
      />
    </>
  );
}
