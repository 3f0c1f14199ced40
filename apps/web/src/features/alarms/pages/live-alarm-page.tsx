import type { ComponentType } from 'react';
import { Alert, Card, Descriptions, Empty, Flex, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { AlarmRow, RobotLive } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FleetBanner, useFleet } from '@/shared/fleet';
import { formatTime } from '@/shared/list';
import { PageTitle, SectionTitle } from '@/shared/ui';
import { fetchAlarmRecords } from '../api/alarms-api';
import { AlarmImage } from '../components/alarm-image';
import { AlarmStatusTag, KindTag } from '../components/alarm-tags';

/** The alarms looked at around the pushed time: the report time is the robot's, the push's is the same. */
const AROUND_MS = 60_000;

/** The alarm of `robotId` reported closest to `timestamp` (the popup's), among those found around it. */
export function closestAlarm(rows: AlarmRow[], timestamp: number): AlarmRow | null {
  let best: AlarmRow | null = null;
  for (const row of rows) {
    const distance = Math.abs(Date.parse(row.reportTime) - timestamp);
    if (!best || distance < Math.abs(Date.parse(best.reportTime) - timestamp)) best = row;
  }
  return best;
}

function readNumber(value: string | null): number | null {
  const n = Number(value);
  return value !== null && value !== '' && Number.isInteger(n) && n > 0 ? n : null;
}

type Props = {
  name: string;
  title?: string;
  /** The robot's live telemetry (the monitoring area's panel, handed in by the app). */
  telemetry: ComponentType<{ robot: RobotLive }>;
  /** The robot's live picture (the video area's, handed in by the app). */
  video?: ComponentType<{ robotId: number }>;
};

/**
 * The live window of a sentiment alarm (`/lol?id=<robotId>&timestamp=<ms>`, opened by the popup's
 * "live"): the alarm and its image, and the robot's live state. The live picture itself comes
 * from the video area (handed in by the app).
 */
export function LiveAlarmPage({ name, title, telemetry: Telemetry, video: Video }: Props) {
  const { t } = useTranslation('alarms');
  const [params] = useSearchParams();
  const robotId = readNumber(params.get('id'));
  const timestamp = readNumber(params.get('timestamp'));
  const valid = robotId !== null && timestamp !== null;
  const alarms = useQuery({
    queryKey: ['alarms', 'live', robotId, timestamp],
    queryFn: ({ signal }) =>
      fetchAlarmRecords(
        {
          robotId: robotId!,
          startTime: new Date(timestamp! - AROUND_MS).toISOString(),
          endTime: new Date(timestamp! + AROUND_MS).toISOString(),
          index: 1,
          size: 50,
        },
        signal,
      ),
    enabled: valid,
  });
  const { fleet, loading } = useFleet();
  const robot = robotId === null ? undefined : fleet.get(robotId);
  const alarm = alarms.data ? closestAlarm(alarms.data.rows, timestamp!) : null;

  return (
    <Flex vertical gap={16} className="live-alarm-page" data-route={name}>
      <PageTitle look={4}>{title ?? t('live.title')}</PageTitle>
      {!valid ? <Alert type="warning" showIcon title={t('live.badLink')} /> : null}
      {!Video ? <Alert type="info" showIcon title={t('live.videoNote')} /> : valid ? <Video robotId={robotId} /> : null}
      <Flex gap={16} wrap align="flex-start">
        <Card
          style={{ flex: '1 1 420px' }}
          title={<SectionTitle look="inherit">{t('live.alarm')}</SectionTitle>}
          variant="borderless"
        >
          {alarms.isLoading ? (
            <Spin spinning>
              <div style={{ height: 160 }} />
            </Spin>
          ) : alarm ? (
            <Flex vertical gap={12}>
              <AlarmImage
                alarmId={alarm.alarmId}
                hasImage={alarm.img !== null}
                description={`${alarm.robotName} ${alarm.serialNumber}, ${t(`kinds.${alarm.kind}`)}`}
                width={400}
                height={300}
              />
              <Descriptions
                size="small"
                bordered
                column={1}
                items={[
                  { key: 'robot', label: t('columns.robot'), children: `${alarm.robotName} ${alarm.serialNumber}` },
                  { key: 'kind', label: t('columns.kind'), children: <KindTag kind={alarm.kind} /> },
                  { key: 'code', label: t('fields.code'), children: alarm.code },
                  { key: 'msg', label: t('fields.msg'), children: alarm.msg },
                  { key: 'time', label: t('columns.reportTime'), children: formatTime(alarm.reportTime) },
                  { key: 'status', label: t('columns.status'), children: <AlarmStatusTag status={alarm.status} /> },
                ]}
              />
            </Flex>
          ) : (
            <Empty description={t('live.noAlarm')} />
          )}
        </Card>
        <Card
          style={{ flex: '1 1 380px' }}
          title={<SectionTitle look="inherit">{t('live.robotState')}</SectionTitle>}
          variant="borderless"
        >
          <FleetBanner />
          {robot ? (
            <Telemetry robot={robot} />
          ) : loading ? (
            <Spin spinning>
              <div style={{ height: 160 }} />
            </Spin>
          ) : (
            <Empty description={t('live.noRobot')} />
          )}
        </Card>
      </Flex>
    </Flex>
  );
}
