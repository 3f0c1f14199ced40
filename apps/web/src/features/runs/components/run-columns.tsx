import { Button, Space, Typography } from 'antd';
import { EyeOutlined, PlayCircleOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { RunRow } from '@patrol/contracts';
import type { TFunction } from 'i18next';
import { formatTime, type ListColumn } from '@/shared/list';
import { RunStatusCell, SourceTag } from './run-tags';

type Options = {
  t: TFunction<'runs'>;
  duration: (seconds: number | null) => string;
  onDetails: (runId: number) => void;
  onPlayBack: (run: RunRow) => void;
  /** Opens the robot's historical video at the run's start. */
  onVideo: (run: RunRow) => void;
};

/** The historical video page at a moment of a robot (`/data/video?robotId=&at=`). */
export const videoAtPath = (robotId: number, at: number) => `/data/video?robotId=${robotId}&at=${at}`;

/** Whether a run has a stretch of the robot's track to play back. */
export const canPlayBack = (run: RunRow) => run.robotId !== null && run.startTime !== null;

/** The columns of the execution records. */
export function runColumns({ t, duration, onDetails, onPlayBack, onVideo }: Options): ListColumn<RunRow>[] {
  return [
    { title: t('columns.task'), dataIndex: 'taskName', width: 160, ellipsis: true },
    {
      title: t('columns.robot'),
      key: 'robot',
      width: 150,
      render: (_, r) => r.robotName ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    { title: t('columns.source'), dataIndex: 'source', width: 90, render: (_, r) => <SourceTag source={r.source} /> },
    { title: t('columns.status'), key: 'status', width: 190, render: (_, r) => <RunStatusCell run={r} /> },
    { title: t('columns.planned'), dataIndex: 'plannedTime', sorter: true, width: 160, render: formatTime },
    {
      title: t('columns.started'),
      dataIndex: 'startTime',
      sorter: true,
      width: 160,
      render: (v: string | null) => formatTime(v) || '—',
    },
    {
      title: t('columns.ended'),
      dataIndex: 'endTime',
      sorter: true,
      width: 160,
      render: (v: string | null) => formatTime(v) || '—',
    },
    { title: t('columns.duration'), dataIndex: 'durationS', width: 110, render: (v: number | null) => duration(v) },
    {
      title: t('columns.progress'),
      key: 'progress',
      width: 110,
      render: (_, r) => (r.progress ? `${r.progress.reached} / ${r.progress.total}` : '—'),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 290,
      fixed: 'right',
      render: (_, r) => (
        <Space size={4}>
          <Button
            type="link"
            size="small"
            icon={<EyeOutlined />}
            onClick={() => onDetails(r.runId)}
            aria-label={`${t('actions.details')} ${r.taskName} ${formatTime(r.plannedTime)}`}
          >
            {t('actions.details')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<PlayCircleOutlined />}
            disabled={!canPlayBack(r)}
            onClick={() => onPlayBack(r)}
            aria-label={`${t('actions.playBack')} ${r.taskName} ${formatTime(r.plannedTime)}`}
          >
            {t('actions.playBack')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<VideoCameraOutlined />}
            disabled={!canPlayBack(r)}
            onClick={() => onVideo(r)}
            aria-label={`${t('actions.video')} ${r.taskName} ${formatTime(r.plannedTime)}`}
          >
            {t('actions.video')}
          </Button>
        </Space>
      ),
    },
  ];
}
