import { useRef, useState } from 'react';
import { App, Button, Dropdown, Form, Input, Select, Tag } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  formatPathNodes,
  jobTypes,
  nodeIndexOfField,
  parsePathNodes,
  type JobRow,
  type JobSortColumn,
} from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError, saveText } from '@/shared/api';
import { translateMessage } from '@/shared/i18n';
import {
  CreateButton,
  DeleteAction,
  EditAction,
  ListPage,
  ListTable,
  RowActions,
  SearchBar,
  formatTime,
  useFormDialog,
  useListQuery,
  type ListColumn,
} from '@/shared/list';
import {
  deleteJob,
  exportJobNodes,
  fetchJobPage,
  importJobNodes,
  jobsKey,
  refreshJobs,
  useStations,
  type JobFilters,
} from '../api/jobs-api';
import { ImportProblems, type ImportRowProblem } from '../components/import-problems';
import { JobFormModal } from '../components/job-form-modal';
import { formatLength } from '../path-rules';

/**
 * Jobs (`/task/path`): what a robot does on one path of a station — its trigger, its action, its
 * rounds and the path itself, drawn on the station's map. A path is imported (JSON or CSV, all rows
 * or none) and exported in the same formats.
 */
export function JobsPage() {
  const { t } = useTranslation('jobs');
  const { message, modal } = App.useApp();
  const [searchForm] = Form.useForm<JobFilters>();
  const dialog = useFormDialog<JobRow>();
  const stations = useStations();
  const list = useListQuery<JobFilters, JobRow, JobSortColumn>({
    key: [...jobsKey, 'page'],
    fetch: fetchJobPage,
    initialFilters: {},
  });
  const fileInput = useRef<HTMLInputElement>(null);
  const importInto = useRef<JobRow | null>(null);
  const [problems, setProblems] = useState<ImportRowProblem[] | null>(null);

  const handleDelete = async (row: JobRow) => {
    try {
      await deleteJob(row.jobId);
    } catch (error) {
      // The refusal names the tasks that still use the job.
      modal.error({ title: t('deleteRefused', { name: row.name }), content: isApiError(error) ? error.message : '' });
      return;
    }
    await refreshJobs();
    message.success(t('deleted'));
  };

  const handleImport = async (job: JobRow, file: File) => {
    const text = await file.text();
    // Every bad row is listed before anything is sent; the server checks again, all or nothing.
    const parsed = parsePathNodes(text);
    if (parsed.problems.length > 0) {
      setProblems(parsed.problems.map((p) => ({ row: p.row, message: translateMessage(p.key, p.params ?? {}) })));
      return;
    }
    try {
      const answer = await importJobNodes({ jobId: job.jobId, text });
      if (answer.problems.length > 0) {
        setProblems(answer.problems.map((p) => ({ row: p.row, message: translateMessage(p.key, p.params ?? {}) })));
        return;
      }
      await refreshJobs();
      message.success(t('imported', { count: answer.imported, name: job.name }));
    } catch (error) {
      const fields = isApiError(error) ? error.fields : [];
      if (fields.length > 0) {
        setProblems(
          fields.map((f) => {
            // A bad row n is named on its node, `nodes.<n - 1>`; a problem of the whole text on `text`.
            const index = nodeIndexOfField(f.path);
            return { row: index === null ? 0 : index + 1, message: f.message };
          }),
        );
      } else message.error(isApiError(error) ? error.message : String(error));
    }
  };

  const handleExport = async (job: JobRow, format: 'json' | 'csv') => {
    const nodes = await exportJobNodes(job.jobId);
    const type = format === 'json' ? 'application/json' : 'text/csv';
    saveText(formatPathNodes(nodes, format), `${job.name}-path.${format}`, type);
  };

  const columns: ListColumn<JobRow>[] = [
    { title: t('fields.name'), dataIndex: 'name', sorter: true, ellipsis: true, width: 180 },
    {
      title: t('fields.type'),
      dataIndex: 'type',
      sorter: true,
      width: 100,
      render: (type: JobRow['type']) => <Tag>{t(`types.${type}`)}</Tag>,
    },
    { title: t('fields.station'), dataIndex: 'stationName', ellipsis: true, width: 140 },
    {
      title: t('fields.trigger'),
      key: 'trigger',
      ellipsis: true,
      width: 180,
      render: (_, row) => `${row.triggerName} · ${t(`triggerTypes.${row.triggerType}`)}`,
    },
    {
      title: t('fields.action'),
      key: 'action',
      ellipsis: true,
      width: 180,
      render: (_, row) => `${row.actionName} · ${t(`actionTypes.${row.actionType}`)}`,
    },
    { title: t('fields.rounds'), dataIndex: 'rounds', width: 100, align: 'right' },
    { title: t('fields.nodes'), key: 'nodes', width: 90, align: 'right', render: (_, row) => row.nodes.length },
    {
      title: t('fields.length'),
      dataIndex: 'lengthM',
      width: 100,
      align: 'right',
      render: (metres: number) => formatLength(metres),
    },
    { title: t('fields.updateTime'), dataIndex: 'updateTime', sorter: true, width: 170, render: formatTime },
    {
      title: t('actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <RowActions>
          <EditAction onClick={() => dialog.openEdit(row)} />
          <Button
            type="link"
            size="small"
            icon={<UploadOutlined />}
            onClick={() => {
              importInto.current = row;
              fileInput.current?.click();
            }}
          >
            {t('importPath')}
          </Button>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'json', label: t('exportJson') },
                { key: 'csv', label: t('exportCsv') },
              ],
              onClick: ({ key }) => void handleExport(row, key as 'json' | 'csv'),
            }}
          >
            <Button type="link" size="small" icon={<DownloadOutlined />}>
              {t('exportPath')}
            </Button>
          </Dropdown>
          <DeleteAction title={t('deleteConfirm', { name: row.name })} onConfirm={() => handleDelete(row)} />
        </RowActions>
      ),
    },
  ];

  return (
    <ListPage
      search={
        <SearchBar<JobFilters> form={searchForm} onSearch={list.search} onReset={list.reset}>
          <Form.Item name="keyword" label={t('keyword')}>
            <Input allowClear placeholder={t('keywordPlaceholder')} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="stationId" label={t('fields.station')}>
            <Select
              allowClear
              style={{ width: 180 }}
              placeholder={t('all')}
              loading={stations.isLoading}
              options={(stations.data ?? []).map((s) => ({ value: s.stationId, label: s.name }))}
            />
          </Form.Item>
          <Form.Item name="type" label={t('fields.type')}>
            <Select
              allowClear
              style={{ width: 130 }}
              placeholder={t('all')}
              options={jobTypes.map((v) => ({ value: v, label: t(`types.${v}`) }))}
            />
          </Form.Item>
        </SearchBar>
      }
      title={t('title')}
      toolbar={<CreateButton onClick={() => dialog.openCreate()}>{t('create')}</CreateButton>}
    >
      <input
        ref={fileInput}
        type="file"
        accept=".json,.csv,application/json,text/csv"
        aria-label={t('importFile')}
        hidden
        data-testid="job-import-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          const job = importInto.current;
          e.target.value = '';
          if (file && job) void handleImport(job, file);
        }}
      />
      <ListTable<JobRow> rowKey="jobId" columns={columns} aria-label={t('title')} {...list.tableProps} />
      <JobFormModal dialog={dialog} onSaved={() => message.success(t(dialog.editing ? 'saved' : 'created'))} />
      <ImportProblems problems={problems} onClose={() => setProblems(null)} />
    </ListPage>
  );
}
