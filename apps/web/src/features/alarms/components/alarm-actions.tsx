import { Alert, Button, Space } from 'antd';
import { useNavigate } from 'react-router';
import type { AlarmRow, DisposalOperation } from '@patrol/contracts';
import { disposalOperations } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useAlarmActions, type AlarmTarget } from '../hooks/use-alarm-actions';

/** The alarm as its actions name it. */
export function alarmTarget(
  alarm: Pick<AlarmRow, 'alarmId' | 'kind' | 'robotId' | 'robotName' | 'serialNumber' | 'reportTime'>,
): AlarmTarget {
  return {
    alarmId: alarm.alarmId,
    kind: alarm.kind,
    robotId: alarm.robotId,
    robotName: alarm.robotName,
    serialNumber: alarm.serialNumber,
    timestamp: Date.parse(alarm.reportTime),
  };
}

/** The live announcement page on a robot (by path: the voice area is its own feature). */
export function voiceTalkPath(robotId: number): string {
  return `/voice/intercom?robotId=${robotId}`;
}

/**
 * The operations of an alarm's details: the net-gun decision while a gun alarm is undecided, and
 * the disposal operations until the alarm is complete. Voice talk inspection opens the live
 * announcement page on the alarm's robot.
 */
export function AlarmActions({ alarm }: { alarm: AlarmRow }) {
  const { t } = useTranslation('alarms');
  const actions = useAlarmActions();
  const navigate = useNavigate();
  if (alarm.status === 'complete') return <Alert type="success" showIcon title={t('details.completeNote')} />;
  const target = alarmTarget(alarm);
  const button = (operation: DisposalOperation) => {
    if (operation === 'voiceTalk') {
      return (
        <Button key={operation} onClick={() => void navigate(voiceTalkPath(alarm.robotId))}>
          {t('operations.voiceTalk')}
        </Button>
      );
    }
    return (
      <Button
        key={operation}
        type={operation === 'complete' ? 'primary' : 'default'}
        disabled={actions.pending}
        onClick={() => actions.operate(target, operation)}
      >
        {t(`operations.${operation}`)}
      </Button>
    );
  };
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      {alarm.kind === 'gun' && alarm.gunDecision === null ? (
        <Space wrap role="group" aria-label={t('details.decision')}>
          <Button type="primary" danger disabled={actions.pending} onClick={() => actions.decideGun(target, true)}>
            {t('actions.allow')}
          </Button>
          <Button disabled={actions.pending} onClick={() => actions.decideGun(target, false)}>
            {t('actions.reject')}
          </Button>
        </Space>
      ) : null}
      <Space wrap role="group" aria-label={t('details.operations')}>
        {disposalOperations.map(button)}
      </Space>
    </Space>
  );
}
