import { useEffect, useState } from 'react';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { alarmKinds, alarmStatuses, type AlarmRow, type AlarmSortColumn } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { RobotFilter } from '@/shared/fleet';
import { ListPage, ListTable, SearchBar, useListQuery } from '@/shared/list';
import { alarmRecordsKey, fetchAlarmRecords, type AlarmFilters } from '../api/alarms-api';
import { alarmColumns, videoAtPath } from '../components/alarm-columns';
import { AlarmDetails } from '../components/alarm-details';
import { useAlarmParam } from '../hooks/use-alarm-param';

type FormValues = {
  robotId?: number;
  kind?: string;
  status?: string;
  escalated?: string;
  keyword?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
};

/** The list's filters from the search bar's values (empty ones left out). */
export function alarmFilters({ robotId, kind, status, escalated, keyword, range }: FormValues): AlarmFilters {
  const [start, end] = range ?? [];
  return {
    ...(robotId ? { robotId } : {}),
    ...(kind ? { kind } : {}),
    ...(status ? { status } : {}),
    ...(escalated ? { escalated } : {}),
    ...(keyword?.trim() ? { keyword: keyword.trim() } : {}),
    ...(start ? { startTime: start.toISOString() } : {}),
    ...(end ? { endTime: end.toISOString() } : {}),
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The search bar's values named in the address, for a drill-down from the alarm portrait
 * (`?robotId=3&kind=gun&from=2026-11-01&to=2026-11-28`, days counted whole); what is not valid is
 * left out.
 */
export function alarmValuesFromQuery(params: URLSearchParams): FormValues {
  const robotId = Number(params.get('robotId'));
  const kind = params.get('kind');
  const from = params.get('from');
  const to = params.get('to');
  const day = (text: string | null) =>
    text && DAY.test(text) && dayjs(text).format('YYYY-MM-DD') === text ? dayjs(text) : null;
  const start = day(from)?.startOf('day') ?? null;
  const end = day(to)?.endOf('day') ?? null;
  return {
    ...(Number.isInteger(robotId) && robotId > 0 ? { robotId } : {}),
    ...(kind && (alarmKinds as readonly string[]).includes(kind) ? { kind } : {}),
    ...(start || end ? { range: [start, end] as [Dayjs | null, Dayjs | null] } : {}),
  };
}

/**
 * Alarm handling records (`/data/alarmHandling`): every gun and sentiment alarm, where its
 * disposal stands, and its details with the disposal operations (`?alarmId=N` opens them).
 */
export function AlarmHandlingPage() {
  const { t } = useTranslation('alarms');
  const [form] = Form.useForm<FormValues>();
  const [alarmId, setAlarmId] = useAlarmParam();
  const [params] = useSearchParams();
  // The filters the page was opened with (a drill-down's), read once.
  const [fromAddress] = useState(() => alarmValuesFromQuery(params));
  const list = useListQuery<AlarmFilters, AlarmRow, AlarmSortColumn>({
    key: alarmRecordsKey,
    fetch: fetchAlarmRecords,
    initialFilters: alarmFilters(fromAddress),
  });
  useEffect(() => form.setFieldsValue(fromAddress), [form, fromAddress]);
  const navigate = useNavigate();
  const columns = alarmColumns({
    t,
    onDetails: setAlarmId,
    onVideo: (alarm) => void navigate(videoAtPath(alarm.robotId, Date.parse(alarm.reportTime))),
  });
  return (
    <>
      <ListPage
        search={
          <SearchBar
            form={form}
            onSearch={(values) => list.search(alarmFilters(values))}
            onReset={() => list.search({})}
          >
            <RobotFilter label={t('filters.robot')} placeholder={t('filters.all')} />
            <Form.Item name="kind" label={t('filters.kind')}>
              <Select
                allowClear
                style={{ width: 140 }}
                placeholder={t('filters.all')}
                options={alarmKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
              />
            </Form.Item>
            <Form.Item name="status" label={t('filters.status')}>
              <Select
                allowClear
                style={{ width: 140 }}
                placeholder={t('filters.all')}
                options={alarmStatuses.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
              />
            </Form.Item>
            <Form.Item name="escalated" label={t('filters.escalated')}>
              <Select
                allowClear
                style={{ width: 120 }}
                placeholder={t('filters.all')}
                options={[
                  { value: 'true', label: t('escalation.yes') },
                  { value: 'false', label: t('escalation.no') },
                ]}
              />
            </Form.Item>
            <Form.Item name="keyword" label={t('filters.keyword')}>
              <Input allowClear placeholder={t('filters.keywordPlaceholder')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="range" label={t('filters.time')}>
              <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
            </Form.Item>
          </SearchBar>
        }
        title={t('handlingTitle')}
      >
        <ListTable<AlarmRow> rowKey="alarmId" columns={columns} aria-label={t('handlingTitle')} {...list.tableProps} />
      </ListPage>
      <AlarmDetails alarmId={alarmId} onClose={() => setAlarmId(null)} />
    </>
  );
}
