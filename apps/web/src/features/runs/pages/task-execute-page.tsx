import { useState } from 'react';
import { DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { runSources, runStatuses, type RunRow, type RunSortColumn } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { RobotFilter } from '@/shared/fleet';
import { CreateButton, ListPage, ListTable, SearchBar, useListQuery } from '@/shared/list';
import { fetchRuns, RUNS_REFRESH_MS, runRecordsKey, runsRoot, useTaskOptions, type RunFilters } from '../api/runs-api';
import { runColumns, videoAtPath } from '../components/run-columns';
import { RunDetails } from '../components/run-details';
import { RunNowDialog } from '../components/run-now-dialog';
import { useDuration } from '../components/run-tags';

type FormValues = {
  taskId?: number;
  robotId?: number;
  source?: string;
  status?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
};

/** The list's filters from the search bar's values (empty ones left out). */
export function runFilters({ taskId, robotId, source, status, range }: FormValues): RunFilters {
  const [start, end] = range ?? [];
  return {
    ...(taskId ? { taskId } : {}),
    ...(robotId ? { robotId } : {}),
    ...(source ? { source } : {}),
    ...(status ? { status } : {}),
    ...(start ? { startTime: start.toISOString() } : {}),
    ...(end ? { endTime: end.toISOString() } : {}),
  };
}

/** Where the playback page shows a run: the robot's track from its start to its end (or now). */
export function playBackPath(run: RunRow): string {
  const query = new URLSearchParams({
    robotId: String(run.robotId),
    from: run.startTime ?? run.plannedTime,
    to: run.endTime ?? new Date().toISOString(),
    runId: String(run.runId),
  });
  return `/data/history?${query.toString()}`;
}

/** The run whose details are open, in the address (`?runId=N`), so a link or a reload keeps it open. */
function useRunParam(): [number | null, (runId: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const value = Number(params.get('runId'));
  const runId = Number.isInteger(value) && value > 0 ? value : null;
  const setRunId = (next: number | null) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === null) copy.delete('runId');
        else copy.set('runId', String(next));
        return copy;
      },
      { replace: true },
    );
  return [runId, setRunId];
}

/**
 * Task execution records (`/task/taskExecute`): every run of a task on a robot, by a schedule or
 * "Run now", with its result and reason; details show the path, the arrivals, and the alarms and
 * commands during the run; "Play back" opens the robot's track of the run.
 */
export function TaskExecutePage() {
  const { t } = useTranslation('runs');
  const [form] = Form.useForm<FormValues>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [runId, setRunId] = useRunParam();
  const [runNow, setRunNow] = useState(false);
  const tasks = useTaskOptions().data ?? [];
  const duration = useDuration();
  const list = useListQuery<RunFilters, RunRow, RunSortColumn>({
    key: runRecordsKey,
    fetch: fetchRuns,
    initialFilters: {},
    // Runs move on the robots' reports, which reach the console as no socket message (yet).
    refetchInterval: RUNS_REFRESH_MS,
  });
  const handlePlayBack = (run: RunRow) => navigate(playBackPath(run));
  const handleVideo = (run: RunRow) => navigate(videoAtPath(run.robotId!, Date.parse(run.startTime!)));
  const columns = runColumns({ t, duration, onDetails: setRunId, onPlayBack: handlePlayBack, onVideo: handleVideo });
  return (
    <>
      <ListPage
        search={
          <SearchBar form={form} onSearch={(values) => list.search(runFilters(values))} onReset={list.reset}>
            <Form.Item name="taskId" label={t('filters.task')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: 180 }}
                placeholder={t('filters.all')}
                options={tasks.map(({ value, label }) => ({ value, label }))}
              />
            </Form.Item>
            <RobotFilter label={t('filters.robot')} placeholder={t('filters.all')} />
            <Form.Item name="source" label={t('filters.source')}>
              <Select
                allowClear
                style={{ width: 120 }}
                placeholder={t('filters.all')}
                options={runSources.map((s) => ({ value: s, label: t(`sources.${s}`) }))}
              />
            </Form.Item>
            <Form.Item name="status" label={t('filters.status')}>
              <Select
                allowClear
                style={{ width: 130 }}
                placeholder={t('filters.all')}
                options={runStatuses.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
              />
            </Form.Item>
            <Form.Item name="range" label={t('filters.time')}>
              <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
            </Form.Item>
          </SearchBar>
        }
        title={t('title')}
        toolbar={<CreateButton onClick={() => setRunNow(true)}>{t('actions.runNow')}</CreateButton>}
      >
        <ListTable<RunRow> rowKey="runId" columns={columns} aria-label={t('title')} {...list.tableProps} />
      </ListPage>
      <RunNowDialog
        open={runNow}
        onClose={() => setRunNow(false)}
        onStarted={(run) => {
          void queryClient.invalidateQueries({ queryKey: runsRoot });
          setRunId(run.runId);
        }}
      />
      <RunDetails runId={runId} onClose={() => setRunId(null)} onPlayBack={handlePlayBack} />
    </>
  );
}
