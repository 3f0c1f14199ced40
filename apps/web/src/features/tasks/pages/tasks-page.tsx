import { App, Form, Input, Select, Tag } from 'antd';
import { taskTypes, type TaskRow, type TaskSortColumn } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/shared/api';
import {
  CreateButton,
  DeleteAction,
  EditAction,
  ListPage,
  ListTable,
  RowActions,
  SearchBar,
  StatusFilter,
  StatusSwitch,
  formatTime,
  useFormDialog,
  useListQuery,
  type ListColumn,
} from '@/shared/list';
import { deleteTask, fetchTaskPage, refreshTasks, setTaskStatus, tasksKey, type TaskFilters } from '../api/tasks-api';
import { TaskFormModal } from '../components/task-form-modal';

/**
 * Tasks (`/task/taskList`): jobs of one station in the order a robot runs them. A task is enabled or
 * disabled with a confirmation; a disabled task is never dispatched.
 */
export function TasksPage() {
  const { t } = useTranslation('tasks');
  const { message, modal } = App.useApp();
  const [searchForm] = Form.useForm<TaskFilters>();
  const dialog = useFormDialog<TaskRow>();
  const list = useListQuery<TaskFilters, TaskRow, TaskSortColumn>({
    key: [...tasksKey, 'page'],
    fetch: fetchTaskPage,
    initialFilters: {},
  });

  const handleStatus = async (row: TaskRow, next: 0 | 1) => {
    await setTaskStatus(row.taskId, next);
    await refreshTasks();
  };

  const handleDelete = async (row: TaskRow) => {
    try {
      await deleteTask(row.taskId);
    } catch (error) {
      modal.error({ title: t('deleteRefused', { name: row.name }), content: isApiError(error) ? error.message : '' });
      return;
    }
    await refreshTasks();
    message.success(t('deleted'));
  };

  const columns: ListColumn<TaskRow>[] = [
    { title: t('fields.name'), dataIndex: 'name', sorter: true, ellipsis: true, width: 180 },
    {
      title: t('fields.type'),
      dataIndex: 'type',
      sorter: true,
      width: 100,
      render: (type: TaskRow['type']) => <Tag>{t(`types.${type}`)}</Tag>,
    },
    { title: t('fields.station'), dataIndex: 'stationName', ellipsis: true, width: 140 },
    {
      title: t('fields.jobs'),
      key: 'jobs',
      render: (_, row) => (
        <ol
          className="task-jobs"
          style={{ margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 4 }}
        >
          {row.jobs.map((job, index) => (
            <li key={`${job.jobId}-${index}`}>
              <Tag bordered={false}>{`${index + 1}. ${job.name}`}</Tag>
            </li>
          ))}
        </ol>
      ),
    },
    { title: t('fields.nodes'), dataIndex: 'nodeCount', width: 90, align: 'right' },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      sorter: true,
      width: 110,
      render: (status: number, row) => (
        <StatusSwitch status={status} name={row.name} onChange={(next) => handleStatus(row, next)} />
      ),
    },
    { title: t('fields.updateTime'), dataIndex: 'updateTime', sorter: true, width: 170, render: formatTime },
    {
      title: t('actions'),
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_, row) => (
        <RowActions>
          <EditAction onClick={() => dialog.openEdit(row)} />
          <DeleteAction title={t('deleteConfirm', { name: row.name })} onConfirm={() => handleDelete(row)} />
        </RowActions>
      ),
    },
  ];

  return (
    <ListPage
      search={
        <SearchBar<TaskFilters> form={searchForm} onSearch={list.search} onReset={list.reset}>
          <Form.Item name="keyword" label={t('keyword')}>
            <Input allowClear placeholder={t('keywordPlaceholder')} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="type" label={t('fields.type')}>
            <Select
              allowClear
              style={{ width: 130 }}
              placeholder={t('all')}
              options={taskTypes.map((v) => ({ value: v, label: t(`types.${v}`) }))}
            />
          </Form.Item>
          <StatusFilter label={t('fields.status')} />
        </SearchBar>
      }
      title={t('title')}
      toolbar={<CreateButton onClick={() => dialog.openCreate()}>{t('create')}</CreateButton>}
    >
      <ListTable<TaskRow> rowKey="taskId" columns={columns} aria-label={t('title')} {...list.tableProps} />
      <TaskFormModal dialog={dialog} onSaved={() => message.success(t(dialog.editing ? 'saved' : 'created'))} />
    </ListPage>
  );
}
