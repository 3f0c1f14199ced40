import { Button, Space, Typography } from 'antd';
import { EyeOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { AlarmRow } from '@patrol/contracts';
import type { TFunction } from 'i18next';
import { formatTime, type ListColumn } from '@/shared/list';
import { AlarmImage } from './alarm-image';
import { AlarmStatusTag, DecisionTag, EscalatedTag, KindTag, OperationText } from './alarm-tags';

type Options = {
  t: TFunction<'alarms'>;
  onDetails: (alarmId: number) => void;
  /** Opens the robot's historical video at the alarm's time. */
  onVideo?: (alarm: AlarmRow) => void;
  /** The net-gun records: the decision and who decided, instead of the kind and the escalation. */
  gun?: boolean;
};

/** The historical video page at a moment of a robot (`/data/video?robotId=&at=`). */
export const videoAtPath = (robotId: number, at: number) => `/data/video?robotId=${robotId}&at=${at}`;

/** The columns of both alarm lists. */
export function alarmColumns({ t, onDetails, onVideo, gun = false }: Options): ListColumn<AlarmRow>[] {
  const robot = (r: AlarmRow) => `${r.robotName} ${r.serialNumber}`;
  return [
    { title: t('columns.reportTime'), dataIndex: 'reportTime', sorter: true, width: 160, render: formatTime },
    {
      title: t('columns.robot'),
      key: 'robot',
      width: 170,
      render: (_, r) => (
        <span>
          {r.robotName} <Typography.Text type="secondary">{r.serialNumber}</Typography.Text>
        </span>
      ),
    },
    ...(gun
      ? []
      : [
          {
            title: t('columns.kind'),
            dataIndex: 'kind',
            width: 100,
            render: (_: unknown, r: AlarmRow) => <KindTag kind={r.kind} />,
          },
        ]),
    {
      title: t('columns.codeMsg'),
      key: 'code',
      ellipsis: true,
      maxWidth: 280,
      render: (_, r) => (
        <span>
          <Typography.Text code>{r.code}</Typography.Text> {r.msg}
        </span>
      ),
    },
    { title: t('columns.level'), dataIndex: 'level', width: 64, align: 'center' },
    ...(gun
      ? [
          {
            title: t('columns.decision'),
            dataIndex: 'gunDecision',
            width: 110,
            render: (_: unknown, r: AlarmRow) => <DecisionTag decision={r.gunDecision} />,
          },
          {
            title: t('columns.decidedBy'),
            dataIndex: 'handledBy',
            width: 120,
            render: (v: string | null, r: AlarmRow) => (r.gunDecision ? (v ?? '—') : '—'),
          },
        ]
      : []),
    {
      title: t('columns.status'),
      dataIndex: 'status',
      width: 110,
      render: (_, r) => <AlarmStatusTag status={r.status} />,
    },
    {
      title: t('columns.operation'),
      dataIndex: 'operationType',
      width: 120,
      render: (_, r) => <OperationText operation={r.operationType} />,
    },
    ...(gun
      ? []
      : [
          {
            title: t('columns.handledBy'),
            dataIndex: 'handledBy',
            width: 120,
            render: (v: string | null) => v ?? '—',
          },
        ]),
    {
      title: t('columns.escalated'),
      dataIndex: 'escalatedTime',
      width: 100,
      render: (_, r) => <EscalatedTag escalatedTime={r.escalatedTime} />,
    },
    {
      title: t('columns.image'),
      key: 'img',
      width: 84,
      render: (_, r) => (
        <AlarmImage
          alarmId={r.alarmId}
          hasImage={r.img !== null}
          description={`${robot(r)}, ${t(`kinds.${r.kind}`)}`}
          width={56}
          height={42}
        />
      ),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: onVideo ? 210 : 100,
      fixed: 'right',
      render: (_, r) => (
        <Space size={4}>
          <Button
            type="link"
            size="small"
            icon={<EyeOutlined />}
            onClick={() => onDetails(r.alarmId)}
            aria-label={t('actions.detailsOf', { alarmId: r.alarmId, robot: robot(r) })}
          >
            {t('actions.details')}
          </Button>
          {onVideo ? (
            <Button
              type="link"
              size="small"
              icon={<VideoCameraOutlined />}
              onClick={() => onVideo(r)}
              aria-label={t('actions.videoOf', { alarmId: r.alarmId, robot: robot(r) })}
            >
              {t('actions.video')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];
}
