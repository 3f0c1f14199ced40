import { useState } from 'react';
import { Card, Descriptions, Empty, Flex, Form, Select, Slider, Switch, Tag } from 'antd';
import { audioPlayModes, type AudioPlayMode } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FleetBanner, useFleet } from '@/shared/fleet';
import { useMenuTitle } from '@/shared/menu';
import { PageTitle } from '@/shared/ui';
import { AudioStateTag, NowPlaying } from '../components/audio-state';
import { PlaybackOutcomes } from '../components/playback-outcomes';
import { usePlayback } from '../hooks/use-playback';

/**
 * Audio properties (`/voice/audioProperties`): one robot's volume, mute and play mode, what it
 * plays and whether it announces, read from its live state and set by a command to it.
 */
export function AudioPropertiesPage() {
  const { t } = useTranslation('voice');
  const title = useMenuTitle('audioProperties') ?? t('properties.title');
  const [params] = useSearchParams();
  const { robots, fleet, loading } = useFleet();
  const [robotId, setRobotId] = useState<number | undefined>(() => {
    const n = Number(params.get('robotId'));
    return Number.isInteger(n) && n > 0 ? n : undefined;
  });
  const robot = robotId !== undefined ? fleet.get(robotId) : undefined;
  const audio = robot?.state?.audio;
  const playback = usePlayback();
  // The slider follows the robot until the operator moves it; the command then sets the robot.
  const [draft, setDraft] = useState<number | null>(null);
  const disabled = !robot?.online || !audio || playback.pending;

  const set = (
    patch:
      | { action: 'volume'; volume: number }
      | { action: 'mute'; muted: boolean }
      | { action: 'mode'; mode: AudioPlayMode },
  ) => {
    if (robotId === undefined) return;
    void playback.run({ robotIds: [robotId], ...patch }).finally(() => setDraft(null));
  };

  return (
    <Flex vertical gap={16}>
      <Card variant="borderless">
        <PageTitle style={{ marginBottom: 16 }}>{title}</PageTitle>
        <FleetBanner />
        <Form layout="inline" style={{ marginBottom: 16 }}>
          <Form.Item label={t('audio.robot')} htmlFor="voice-properties-robot">
            <Select
              id="voice-properties-robot"
              showSearch
              optionFilterProp="label"
              style={{ width: 280 }}
              placeholder={t('intercom.chooseRobot')}
              loading={loading}
              value={robotId}
              onChange={(value) => {
                setRobotId(value);
                setDraft(null);
              }}
              options={robots.map((r) => ({
                value: r.robotId,
                label: r.online ? r.name : `${r.name} (${t('offline')})`,
              }))}
            />
          </Form.Item>
        </Form>
        {!robot ? (
          <Empty description={t('properties.chooseFirst')} />
        ) : (
          <Descriptions bordered column={1} size="middle" data-testid="voice-properties">
            <Descriptions.Item label={t('audio.state')}>
              <AudioStateTag audio={audio} online={robot.online} />
            </Descriptions.Item>
            <Descriptions.Item label={t('audio.current')}>
              <NowPlaying audio={audio} />
            </Descriptions.Item>
            <Descriptions.Item label={t('audio.volume')}>
              <Flex gap={12} align="center">
                <Slider
                  style={{ width: 240 }}
                  min={0}
                  max={100}
                  disabled={disabled}
                  value={draft ?? audio?.volume ?? 0}
                  onChange={setDraft}
                  onChangeComplete={(volume) => set({ action: 'volume', volume })}
                  ariaLabelForHandle={t('audio.volume')}
                />
                <span>{draft ?? audio?.volume ?? ''}</span>
              </Flex>
            </Descriptions.Item>
            <Descriptions.Item label={t('audio.muted')}>
              <Switch
                checked={audio?.muted ?? false}
                disabled={disabled}
                aria-label={t('audio.muted')}
                onChange={(muted) => set({ action: 'mute', muted })}
              />
            </Descriptions.Item>
            <Descriptions.Item label={t('playback.mode')}>
              <Select<AudioPlayMode>
                style={{ width: 180 }}
                aria-label={t('playback.mode')}
                disabled={disabled}
                value={audio?.mode}
                onChange={(mode) => set({ action: 'mode', mode })}
                options={audioPlayModes.map((value) => ({ value, label: t(`modes.${value}`) }))}
              />
            </Descriptions.Item>
            <Descriptions.Item label={t('audio.announcingLabel')}>
              {audio?.announcing ? <Tag color="red">{t('yes')}</Tag> : t('no')}
            </Descriptions.Item>
          </Descriptions>
        )}
        <PlaybackOutcomes tracks={playback.tracks} />
      </Card>
    </Flex>
  );
}
