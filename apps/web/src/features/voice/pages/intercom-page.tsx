import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Card, Flex, Form, Select, Space, Steps, Switch, Typography } from 'antd';
import { AudioOutlined, PhoneOutlined } from '@ant-design/icons';
import { voiceStates, type VoiceState } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FleetBanner, useFleet } from '@/shared/fleet';
import { translateMessage } from '@/shared/i18n';
import { useMenuTitle } from '@/shared/menu';
import { PageTitle, announce } from '@/shared/ui';
import { useIntercomHolder } from '../api/voice-api';
import { AnnouncementTable } from '../components/announcement-table';
import { useIntercom } from '../hooks/use-intercom';
import type { IntercomFailure, MediaEnvironment } from '../intercom-call';

function readRobotId(value: string | null): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * Live announcement (`/voice/intercom`, `?robotId=` preselects): the operator's microphone to the
 * robot's loudspeaker over WebRTC, the robot's microphone back, each direction with its mute; the
 * announcements on record below.
 */
export function IntercomPage({ environment }: { environment?: () => MediaEnvironment }) {
  const { t } = useTranslation('voice');
  const { modal } = App.useApp();
  const title = useMenuTitle('intercom') ?? t('intercom.title');
  const [params] = useSearchParams();
  const [robotId, setRobotId] = useState<number | undefined>(() => readRobotId(params.get('robotId')));
  const { robots, fleet, loading } = useFleet();
  const intercom = useIntercom(environment);
  const { snapshot, active } = intercom;
  const robot = robotId !== undefined ? fleet.get(robotId) : undefined;
  const holder = useIntercomHolder(robotId);
  const heldBy = !active ? holder.data?.holder : null;
  const [robotMuted, setRobotMuted] = useState(false);
  const audio = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    if (audio.current) audio.current.srcObject = snapshot.remoteStream;
  }, [snapshot.remoteStream]);

  useEffect(() => {
    if (snapshot.state === 'idle') return;
    announce(t(`intercom.states.${snapshot.state}`));
  }, [snapshot.state, t]);

  const failureText = (failure: IntercomFailure) =>
    'key' in failure ? t(`intercom.errors.${failure.key}`) : failure.message;

  const askStopAudio = (id: number) =>
    modal.confirm({
      title: t('intercom.stopAudioTitle'),
      content: t('intercom.stopAudioConfirm'),
      okText: t('intercom.stopAudioOk'),
      onOk: () => intercom.start(id, true),
    });

  useEffect(() => {
    const failure = snapshot.failure;
    if (!failure) return;
    announce(failureText(failure), 'assertive');
    // The robot started playing after the page last heard of it: the server says so; ask as before.
    const robotOf = snapshot.session?.robotId ?? robotId;
    if ('message' in failure && failure.message === translateMessage('voice.audioPlaying') && robotOf !== undefined)
      askStopAudio(robotOf);
    // The failure object changes once per failure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [snapshot.failure]);

  const begin = () => {
    if (robotId === undefined) return;
    if (robot?.state?.audio?.state === 'playing') askStopAudio(robotId);
    else intercom.start(robotId);
  };

  const shown: VoiceState | null = snapshot.state === 'idle' ? null : snapshot.state;
  const failedIndex = snapshot.failedAt ? voiceStates.indexOf(snapshot.failedAt) : -1;
  const current = snapshot.failure ? failedIndex : shown ? voiceStates.indexOf(shown) : -1;

  return (
    <Flex vertical gap={16}>
      <Card variant="borderless">
        <PageTitle style={{ marginBottom: 16 }}>{title}</PageTitle>
        <FleetBanner />
        <Form layout="inline" style={{ marginBottom: 16 }}>
          <Form.Item label={t('intercom.robot')} htmlFor="voice-intercom-robot">
            <Select
              id="voice-intercom-robot"
              showSearch
              optionFilterProp="label"
              style={{ width: 280 }}
              placeholder={t('intercom.chooseRobot')}
              loading={loading}
              disabled={active}
              value={robotId}
              onChange={setRobotId}
              options={robots.map((r) => ({
                value: r.robotId,
                label: r.online ? r.name : `${r.name} (${t('offline')})`,
                disabled: !r.online,
              }))}
            />
          </Form.Item>
          <Form.Item>
            {active ? (
              <Button size="large" danger type="primary" icon={<PhoneOutlined />} onClick={intercom.hangup}>
                {t('intercom.end')}
              </Button>
            ) : (
              <Button
                size="large"
                type="primary"
                icon={<AudioOutlined />}
                disabled={robotId === undefined || !robot?.online || Boolean(heldBy)}
                onClick={begin}
              >
                {t('intercom.start')}
              </Button>
            )}
          </Form.Item>
        </Form>
        <Space orientation="vertical" style={{ width: '100%' }} size={12}>
          {robot && !robot.online ? <Alert type="warning" showIcon title={t('intercom.robotOffline')} /> : null}
          {heldBy ? <Alert type="warning" showIcon title={t('intercom.inUseBy', { name: heldBy.name })} /> : null}
          <Steps
            aria-label={t('intercom.stateLabel')}
            current={current}
            status={snapshot.failure ? 'error' : snapshot.state === 'ended' ? 'finish' : 'process'}
            items={voiceStates.map((state) => ({ title: t(`intercom.states.${state}`) }))}
          />
          <div role="status" data-testid="voice-intercom-state">
            {shown ? t('intercom.stateNow', { state: t(`intercom.states.${shown}`) }) : t('intercom.idle')}
          </div>
          {snapshot.failure ? (
            <Alert
              type="error"
              showIcon
              data-testid="voice-intercom-error"
              title={failureText(snapshot.failure)}
              description={'detail' in snapshot.failure ? snapshot.failure.detail : undefined}
            />
          ) : null}
          {snapshot.state === 'ended' && !snapshot.failure && snapshot.endReason ? (
            <Alert type="info" showIcon title={t(`endReasons.${snapshot.endReason}`)} />
          ) : null}
          {active ? (
            <Space wrap size={24}>
              <Space>
                <Switch
                  id="voice-mic-mute"
                  checked={snapshot.micMuted}
                  onChange={(muted) => intercom.setMicMuted(muted)}
                />
                <label htmlFor="voice-mic-mute">{t('intercom.muteMic')}</label>
              </Space>
              <Space>
                <Switch id="voice-robot-mute" checked={robotMuted} onChange={setRobotMuted} />
                <label htmlFor="voice-robot-mute">{t('intercom.muteRobot')}</label>
              </Space>
            </Space>
          ) : null}
          {snapshot.level ? (
            <Typography.Text data-testid="voice-robot-level">
              {t('intercom.level', {
                level: snapshot.level.level.toFixed(1),
                packets: snapshot.level.packets,
              })}
            </Typography.Text>
          ) : null}
          <audio ref={audio} autoPlay muted={robotMuted} aria-label={t('intercom.robotAudio')} />
        </Space>
      </Card>
      <Card variant="borderless">
        <AnnouncementTable />
      </Card>
    </Flex>
  );
}
