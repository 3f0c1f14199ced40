import { App, Flex, Form, Input, Select, Tag, Tooltip, Typography } from 'antd';
import { scheduleMethods, type ScheduleRow, type ScheduleSortColumn } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/shared/i18n';
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
  useFormDialog,
  useListQuery,
  type ListColumn,
} from '@/shared/list';
import {
  deleteSchedule,
  fetchSchedulePage,
  refreshSchedules,
  schedulesKey,
  setScheduleStatus,
  useScheduleZone,
  type ScheduleFilters,
} from '../api/schedules-api';
import { formatRunTime } from '../components/format-run';
import { ScheduleFormModal } from '../components/schedule-form-modal';

const OUTCOME_COLOURS = { dispatched: 'success', skipped: 'warning', missed: 'error' } as const;

/**
 * Task schedules (`/task/schedule`): when which task runs, on which robot. Times are the tenant's
 * (its time zone); the list shows each schedule's next run and what came of its last planned one.
 */
export function SchedulesPage() {
  const { t, i18n } = useTranslation('schedules');
  const { message } = App.useApp();
  const [searchForm] = Form.useForm<ScheduleFilters>();
  const dialog = useFormDialog<ScheduleRow>();
  const timeZone = useScheduleZone();
  const list = useListQuery<ScheduleFilters, ScheduleRow, ScheduleSortColumn>({
    key: [...schedulesKey, 'page'],
    fetch: fetchSchedulePage,
    initialFilters: {},
  });
  const when = (at: string | null, zone: string) => (at ? formatRunTime(at, zone, i18n.language) : t('noRun'));

  const handleStatus = async (row: ScheduleRow, status: 0 | 1) => {
    await setScheduleStatus(row.scheduleId, status);
    await refreshSchedules();
  };
  const handleDelete = async (row: ScheduleRow) => {
    await deleteSchedule(row.scheduleId);
    await refreshSchedules();
    message.success(t('deleted'));
  };

  const calendar = (row: ScheduleRow) => {
    if (row.method === 'immediate') return t('methods.immediate');
    if (row.method === 'once') return `${row.dates[0] ?? ''} ${row.timeOfDay ?? ''}`;
    const days = row.weekdays.length ? row.weekdays.map((d) => t(`weekdays.${d as 1}`)).join(' ') : t('everyDay');
    return `${row.timeOfDay ?? ''} · ${days}`;
  };

  const columns: ListColumn<ScheduleRow>[] = [
    { title: t('fields.task'), dataIndex: 'taskName', ellipsis: true },
    {
      title: t('fields.robot'),
      dataIndex: 'robotName',
      width: 100,
      ellipsis: true,
      render: (name: string | null) => name ?? <Typography.Text type="secondary">{t('anyRobot')}</Typography.Text>,
    },
    { title: t('fields.priority'), dataIndex: 'priority', sorter: true, width: 80, align: 'right' },
    {
      title: t('fields.method'),
      key: 'method',
      width: 140,
      render: (_, row) => (
        <Flex vertical>
          <span>{t(`methods.${row.method}`)}</span>
          <Typography.Text type="secondary">{calendar(row)}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('fields.times'),
      key: 'times',
      width: 80,
      render: (_, row) =>
        row.times === null
          ? t('timesDoneUnlimited', { done: row.dispatchCount })
          : t('timesDone', { done: row.dispatchCount, times: row.times }),
    },
    {
      title: t('fields.nextRun'),
      dataIndex: 'nextRunTime',
      sorter: true,
      width: 150,
      render: (at: string | null, row) => (row.finished ? <Tag>{t('finished')}</Tag> : when(at, row.timeZone)),
    },
    {
      title: t('fields.lastOutcome'),
      key: 'lastOutcome',
      width: 110,
      render: (_, row) =>
        row.lastOutcome ? (
          <Flex vertical gap={2}>
            <Tooltip title={t('outcomeAt', { time: when(row.lastPlannedTime, row.timeZone) })}>
              <Tag color={OUTCOME_COLOURS[row.lastOutcome]} style={{ width: 'fit-content' }}>
                {t(`outcomes.${row.lastOutcome}`)}
              </Tag>
            </Tooltip>
            {row.lastReason ? (
              <Typography.Text type="secondary">{translateMessage(row.lastReason)}</Typography.Text>
            ) : null}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('noRun')}</Typography.Text>
        ),
    },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      width: 110,
      render: (status: number, row) => (
        <StatusSwitch status={status} name={row.taskName} onChange={(next) => handleStatus(row, next)} />
      ),
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 140,
      render: (_, row) => (
        <RowActions>
          <EditAction onClick={() => dialog.openEdit(row)} />
          <DeleteAction title={t('deleteConfirm', { name: row.taskName })} onConfirm={() => handleDelete(row)} />
        </RowActions>
      ),
    },
  ];

  return (
    <ListPage
      search={
        <SearchBar<ScheduleFilters> form={searchForm} onSearch={list.search} onReset={list.reset}>
          <Form.Item name="keyword" label={t('keyword')}>
            <Input allowClear placeholder={t('keywordPlaceholder')} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="method" label={t('fields.method')}>
            <Select
              allowClear
              placeholder={t('allMethods')}
              style={{ width: 150 }}
              options={scheduleMethods.map((m) => ({ value: m, label: t(`methods.${m}`) }))}
            />
          </Form.Item>
          <StatusFilter label={t('fields.status')} />
        </SearchBar>
      }
      title={t('title')}
      toolbar={
        <Flex align="center" gap={12}>
          <Typography.Text type="secondary">{t('zoneNote', { zone: timeZone })}</Typography.Text>
          <CreateButton onClick={() => dialog.openCreate()}>{t('create')}</CreateButton>
        </Flex>
      }
    >
      <ListTable<ScheduleRow> rowKey="scheduleId" columns={columns} aria-label={t('title')} {...list.tableProps} />
      <ScheduleFormModal
        dialog={dialog}
        timeZone={timeZone}
        onSaved={() => message.success(t(dialog.editing ? 'saved' : 'created'))}
      />
    </ListPage>
  );
}
