import { DatePicker, Form, Input, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import type { UploadRecordRow, UploadSortColumn } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { RobotFilter } from '@/shared/fleet';
import { ExportButton, ListPage, SearchBar, formatTime, useListQuery, ListTable, type ListColumn } from '@/shared/list';
import { exportUploadRecords, fetchUploadRecords, uploadRecordsKey, type UploadFilters } from '../api/upload-records';

type FormValues = { robotId?: number; keyword?: string; range?: [Dayjs | null, Dayjs | null] | null };

const KIND_COLORS: Record<string, string> = {
  image: 'blue',
  video: 'purple',
  audio: 'cyan',
  log: 'default',
  data: 'gold',
};

/** A size in bytes as people read it. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Data upload records (`/data/uploadData`): what robots reported uploading. */
export function UploadDataPage() {
  const { t } = useTranslation('uploads');
  const [form] = Form.useForm<FormValues>();
  const list = useListQuery<UploadFilters, UploadRecordRow, UploadSortColumn>({
    key: uploadRecordsKey,
    fetch: fetchUploadRecords,
    initialFilters: {},
  });
  const handleSearch = ({ robotId, keyword, range }: FormValues) => {
    const [start, end] = range ?? [];
    list.search({
      ...(robotId ? { robotId } : {}),
      ...(keyword?.trim() ? { keyword: keyword.trim() } : {}),
      ...(start ? { startTime: start.toISOString() } : {}),
      ...(end ? { endTime: end.toISOString() } : {}),
    });
  };
  const columns: ListColumn<UploadRecordRow>[] = [
    { title: t('columns.uploadTime'), dataIndex: 'uploadTime', sorter: true, width: 170, render: formatTime },
    { title: t('columns.receiveTime'), dataIndex: 'receiveTime', sorter: true, width: 170, render: formatTime },
    {
      title: t('columns.robot'),
      key: 'robot',
      render: (_, r) => (
        <span>
          {r.robotName} <Typography.Text type="secondary">{r.serialNumber}</Typography.Text>
        </span>
      ),
    },
    {
      title: t('columns.kind'),
      dataIndex: 'kind',
      width: 100,
      render: (v: string) => <Tag color={KIND_COLORS[v] ?? 'default'}>{t(`kinds.${v as 'image'}`, v)}</Tag>,
    },
    {
      title: t('columns.name'),
      dataIndex: 'name',
      sorter: true,
      ellipsis: true,
      render: (v: string, r) =>
        r.url ? (
          <Typography.Link href={r.url} target="_blank" rel="noreferrer">
            {v}
          </Typography.Link>
        ) : (
          v
        ),
    },
    { title: t('columns.size'), dataIndex: 'size', sorter: true, width: 110, align: 'right', render: formatSize },
    {
      title: t('columns.messageId'),
      dataIndex: 'messageId',
      width: 140,
      ellipsis: true,
      render: (v: string) => <Typography.Text copyable={{ text: v }}>{v.slice(0, 8)}</Typography.Text>,
    },
  ];
  return (
    <ListPage
      search={
        <SearchBar form={form} onSearch={handleSearch} onReset={list.reset}>
          <RobotFilter label={t('filters.robot')} placeholder={t('filters.all')} />
          <Form.Item name="keyword" label={t('filters.keyword')}>
            <Input allowClear placeholder={t('filters.keywordPlaceholder')} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="range" label={t('filters.time')}>
            <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
          </Form.Item>
        </SearchBar>
      }
      title={t('title')}
      toolbar={<ExportButton onExport={() => exportUploadRecords({ ...list.filters, ...list.sort }, t('title'))} />}
    >
      <ListTable<UploadRecordRow> rowKey="uploadId" columns={columns} aria-label={t('title')} {...list.tableProps} />
    </ListPage>
  );
}
