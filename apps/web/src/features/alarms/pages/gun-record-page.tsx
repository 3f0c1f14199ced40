import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { alarmStatuses, gunDecisions, type AlarmRow, type AlarmSortColumn } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RobotFilter } from '@/shared/fleet';
import { ListPage, ListTable, SearchBar, useListQuery } from '@/shared/list';
import { fetchGunRecords, gunRecordsKey, type GunFilters } from '../api/alarms-api';
import { alarmColumns, videoAtPath } from '../components/alarm-columns';
import { AlarmDetails } from '../components/alarm-details';
import { useAlarmParam } from '../hooks/use-alarm-param';

type FormValues = {
  robotId?: number;
  decision?: string;
  status?: string;
  keyword?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
};

/** The list's filters from the search bar's values (empty ones left out). */
export function gunFilters({ robotId, decision, status, keyword, range }: FormValues): GunFilters {
  const [start, end] = range ?? [];
  return {
    ...(robotId ? { robotId } : {}),
    ...(decision ? { decision } : {}),
    ...(status ? { status } : {}),
    ...(keyword?.trim() ? { keyword: keyword.trim() } : {}),
    ...(start ? { startTime: start.toISOString() } : {}),
    ...(end ? { endTime: end.toISOString() } : {}),
  };
}

/**
 * Net-gun records (`/data/gunRecord`): the gun alarms with their permission decision and who took
 * it; an undecided one can be allowed or rejected from its details (`?alarmId=N` opens them).
 */
export function GunRecordPage() {
  const { t } = useTranslation('alarms');
  const [form] = Form.useForm<FormValues>();
  const [alarmId, setAlarmId] = useAlarmParam();
  const list = useListQuery<GunFilters, AlarmRow, AlarmSortColumn>({
    key: gunRecordsKey,
    fetch: fetchGunRecords,
    initialFilters: {},
  });
  const navigate = useNavigate();
  const columns = alarmColumns({
    t,
    onDetails: setAlarmId,
    onVideo: (alarm) => void navigate(videoAtPath(alarm.robotId, Date.parse(alarm.reportTime))),
    gun: true,
  });
  return (
    <>
      <ListPage
        search={
          <SearchBar form={form} onSearch={(values) => list.search(gunFilters(values))} onReset={list.reset}>
            <RobotFilter label={t('filters.robot')} placeholder={t('filters.all')} />
            <Form.Item name="decision" label={t('filters.decision')}>
              <Select
                allowClear
                style={{ width: 140 }}
                placeholder={t('filters.all')}
                options={[...gunDecisions, 'pending' as const].map((d) => ({ value: d, label: t(`decisions.${d}`) }))}
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
            <Form.Item name="keyword" label={t('filters.keyword')}>
              <Input allowClear placeholder={t('filters.keywordPlaceholder')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="range" label={t('filters.time')}>
              <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
            </Form.Item>
          </SearchBar>
        }
        title={t('gunTitle')}
      >
        <ListTable<AlarmRow> rowKey="alarmId" columns={columns} aria-label={t('gunTitle')} {...list.tableProps} />
      </ListPage>
      <AlarmDetails alarmId={alarmId} onClose={() => setAlarmId(null)} />
    </>
  );
}
