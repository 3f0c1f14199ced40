import { Button, Descriptions, Drawer, Empty, Flex, Spin, Table, Tag, Timeline, Typography } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import type { AlarmRow, CommandRecord, RunDetail, RunRow, RunStepRow } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/shared/list';
import { SectionTitle } from '@/shared/ui';
import { useRunDetail } from '../api/runs-api';
import { canPlayBack } from './run-columns';
import { RunPathMap } from './run-path-map';
import { reasonText, RunStatusTag, SourceTag, useDuration } from './run-tags';

const STEP_COLORS: Partial<Record<RunStepRow['step'], string>> = {
  started: 'blue',
  nodeReached: 'green',
  finished: 'green',
  failed: 'red',
  paused: 'orange',
};

/** What a step says: its name, and where in the task it happened (1-based for people). */
export function StepText({ step, jobNames }: { step: RunStepRow; jobNames: string[] }) {
  const { t } = useTranslation('runs');
  const job = step.job === null ? null : (jobNames[step.job] ?? String(step.job + 1));
  const where =
    job !== null && step.node !== null && step.round !== null
      ? t('detail.where', { job, round: step.round, node: step.node + 1 })
      : job !== null && step.round !== null
        ? t('detail.roundOf', { job, round: step.round })
        : null;
  return (
    <span data-step={step.step}>
      <strong>{t(`steps.${step.step}`)}</strong>
      {where ? ` · ${where}` : ''}
      {step.reason ? ` · ${step.reason}` : ''}
      {' · '}
      <Typography.Text type="secondary">{formatTime(step.time)}</Typography.Text>
    </span>
  );
}

function AlarmsTable({ alarms }: { alarms: AlarmRow[] }) {
  const { t } = useTranslation('runs');
  return (
    <Table<AlarmRow>
      size="small"
      rowKey="alarmId"
      pagination={false}
      dataSource={alarms}
      aria-label={t('detail.alarms')}
      locale={{ emptyText: t('detail.noAlarms') }}
      columns={[
        { title: t('detail.alarmTime'), dataIndex: 'reportTime', width: 170, render: formatTime },
        {
          title: t('detail.alarmCode'),
          key: 'code',
          render: (_, a) => (
            <span>
              <Typography.Text code>{a.code}</Typography.Text> {a.msg}
            </span>
          ),
        },
      ]}
    />
  );
}

function CommandsTable({ commands }: { commands: CommandRecord[] }) {
  const { t } = useTranslation('runs');
  const { t: tc } = useTranslation('commands');
  return (
    <Table<CommandRecord>
      size="small"
      rowKey="recordId"
      pagination={false}
      dataSource={commands}
      aria-label={t('detail.commands')}
      locale={{ emptyText: t('detail.noCommands') }}
      columns={[
        { title: t('detail.commandTime'), dataIndex: 'publishTime', width: 170, render: formatTime },
        {
          title: t('detail.command'),
          dataIndex: 'name',
          render: (v: CommandRecord['name']) => tc(`records.commandNames.${v}`),
        },
        {
          title: t('detail.commandStatus'),
          dataIndex: 'status',
          width: 120,
          render: (v: CommandRecord['status']) => <Tag>{tc(`records.statuses.${v}`)}</Tag>,
        },
      ]}
    />
  );
}

function DetailBody({ run, onPlayBack }: { run: RunDetail; onPlayBack: (run: RunRow) => void }) {
  const { t } = useTranslation('runs');
  const duration = useDuration();
  const reason = reasonText(run);
  const jobNames = run.jobs.map((j) => j.name);
  const items = [
    { key: 'task', label: t('columns.task'), children: run.taskName },
    { key: 'robot', label: t('columns.robot'), children: run.robotName ?? '—' },
    {
      key: 'source',
      label: t('columns.source'),
      children: (
        <span>
          <SourceTag source={run.source} />
          {run.scheduleId !== null ? t('detail.schedule', { id: run.scheduleId }) : null}
        </span>
      ),
    },
    { key: 'status', label: t('columns.status'), children: <RunStatusTag status={run.status} /> },
    { key: 'planned', label: t('columns.planned'), children: formatTime(run.plannedTime) },
    { key: 'started', label: t('columns.started'), children: formatTime(run.startTime) || '—' },
    { key: 'ended', label: t('columns.ended'), children: formatTime(run.endTime) || '—' },
    { key: 'duration', label: t('columns.duration'), children: duration(run.durationS) },
    {
      key: 'progress',
      label: t('columns.progress'),
      children: run.progress ? `${run.progress.reached} / ${run.progress.total}` : '—',
    },
    ...(reason ? [{ key: 'reason', label: t('detail.reason'), children: reason }] : []),
  ];
  return (
    <Flex vertical gap={20}>
      <Flex justify="flex-end">
        <Button icon={<PlayCircleOutlined />} disabled={!canPlayBack(run)} onClick={() => onPlayBack(run)}>
          {t('actions.playBack')}
        </Button>
      </Flex>
      <Descriptions size="small" bordered column={2} items={items} data-testid="run-fields" />
      <section aria-labelledby="run-path-title">
        <SectionTitle id="run-path-title" style={{ marginBottom: 8 }}>
          {t('detail.path')}
        </SectionTitle>
        <RunPathMap run={run} />
      </section>
      <section aria-labelledby="run-steps-title">
        <SectionTitle id="run-steps-title" style={{ marginBottom: 12 }}>
          {t('detail.timeline')}
        </SectionTitle>
        {run.steps.length ? (
          <Timeline
            data-testid="run-steps"
            items={run.steps.map((step, i) => ({
              key: `${step.time}-${i}`,
              color: STEP_COLORS[step.step] ?? 'gray',
              content: <StepText step={step} jobNames={jobNames} />,
            }))}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noSteps')} />
        )}
      </section>
      <section aria-labelledby="run-alarms-title">
        <SectionTitle id="run-alarms-title" style={{ marginBottom: 12 }}>
          {t('detail.alarms')}
        </SectionTitle>
        <AlarmsTable alarms={run.alarms} />
      </section>
      <section aria-labelledby="run-commands-title">
        <SectionTitle id="run-commands-title" style={{ marginBottom: 12 }}>
          {t('detail.commands')}
        </SectionTitle>
        <CommandsTable commands={run.commands} />
      </section>
    </Flex>
  );
}

/** A run's details in a drawer: its fields, path, steps, and the robot's alarms and commands meanwhile. */
export function RunDetails({
  runId,
  onClose,
  onPlayBack,
}: {
  runId: number | null;
  onClose: () => void;
  onPlayBack: (run: RunRow) => void;
}) {
  const { t } = useTranslation('runs');
  const detail = useRunDetail(runId);
  const run = detail.data;
  return (
    <Drawer
      open={runId !== null}
      onClose={onClose}
      size={760}
      title={run ? t('detail.title', { task: run.taskName }) : t('actions.details')}
      destroyOnHidden
      closable={{ 'aria-label': t('detail.close') }}
    >
      {run ? <DetailBody run={run} onPlayBack={onPlayBack} /> : <Spin />}
    </Drawer>
  );
}
