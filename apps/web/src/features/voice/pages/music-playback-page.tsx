import { useState } from 'react';
import { Button, Card, Flex, Form, Segmented, Select, Slider, Space, Table, type TableColumnsType } from 'antd';
import {
  CaretRightOutlined,
  PauseOutlined,
  SoundOutlined,
  StepBackwardOutlined,
  StepForwardOutlined,
  BorderOutlined,
  PlayCircleOutlined,
  MutedOutlined,
} from '@ant-design/icons';
import {
  AUDIO_PLAYLIST_MAX,
  audioPlayModes,
  type AudioPlayMode,
  type PlaybackAction,
  type RobotLive,
} from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { FleetBanner, useFleet } from '@/shared/fleet';
import { useMenuTitle } from '@/shared/menu';
import { PageTitle, SectionTitle } from '@/shared/ui';
import { useAllFiles } from '../api/voice-api';
import { AudioStateTag, NowPlaying } from '../components/audio-state';
import { PlaybackOutcomes } from '../components/playback-outcomes';
import { usePlayback } from '../hooks/use-playback';

/**
 * Audio playback (`/voice/MusicPlayback`): robots and a playlist, a play mode, and play, pause,
 * resume, stop, next, previous, volume and mute, each a command on every chosen robot followed to
 * its replies; each robot's live audio state beside it.
 */
export function MusicPlaybackPage() {
  const { t } = useTranslation('voice');
  const title = useMenuTitle('MusicPlayback') ?? t('playback.title');
  const { robots, loading } = useFleet();
  const files = useAllFiles();
  const playback = usePlayback();
  const [robotIds, setRobotIds] = useState<number[]>([]);
  const [fileIds, setFileIds] = useState<number[]>([]);
  const [mode, setMode] = useState<AudioPlayMode>('sequence');
  const [volume, setVolume] = useState(50);
  const chosen = robotIds.length > 0;

  const act = (action: PlaybackAction, extra: { volume?: number; muted?: boolean } = {}) =>
    void playback.run({
      robotIds,
      action,
      ...(action === 'play' ? { fileIds, mode } : {}),
      ...extra,
    });

  const columns: TableColumnsType<RobotLive> = [
    { title: t('audio.robot'), dataIndex: 'name', ellipsis: true },
    {
      title: t('audio.state'),
      key: 'state',
      render: (_, robot) => <AudioStateTag audio={robot.state?.audio} online={robot.online} />,
    },
    { title: t('audio.current'), key: 'current', render: (_, robot) => <NowPlaying audio={robot.state?.audio} /> },
    {
      title: t('audio.volume'),
      key: 'volume',
      width: 90,
      render: (_, robot) => robot.state?.audio?.volume ?? '',
    },
    {
      title: t('audio.muted'),
      key: 'muted',
      width: 90,
      render: (_, robot) => (robot.state?.audio ? (robot.state.audio.muted ? t('yes') : t('no')) : ''),
    },
  ];

  const button = (action: PlaybackAction, icon: React.ReactNode, disabled = false) => (
    <Button
      key={action}
      icon={icon}
      type={action === 'play' ? 'primary' : 'default'}
      disabled={!chosen || disabled}
      loading={playback.pending}
      onClick={() => act(action)}
    >
      {t(`playback.actions.${action}`)}
    </Button>
  );

  return (
    <Flex vertical gap={16}>
      <Card variant="borderless">
        <PageTitle style={{ marginBottom: 16 }}>{title}</PageTitle>
        <FleetBanner />
        <SectionTitle id="voice-playback-robots" style={{ marginBottom: 8 }}>
          {t('playback.robots')}
        </SectionTitle>
        <Table<RobotLive>
          rowKey="robotId"
          size="small"
          aria-labelledby="voice-playback-robots"
          loading={loading}
          dataSource={robots}
          columns={columns}
          pagination={false}
          scroll={{ y: 320 }}
          rowSelection={{
            selectedRowKeys: robotIds,
            onChange: (keys) => setRobotIds(keys as number[]),
            getCheckboxProps: (robot) => ({ 'aria-label': t('playback.chooseRobot', { name: robot.name }) }),
          }}
        />
      </Card>
      <Card variant="borderless">
        <SectionTitle style={{ marginBottom: 12 }}>{t('playback.controls')}</SectionTitle>
        <Form layout="vertical">
          <Form.Item
            label={t('playback.playlist')}
            htmlFor="voice-playlist"
            extra={t('playback.playlistHint', { max: AUDIO_PLAYLIST_MAX })}
          >
            <Select
              id="voice-playlist"
              mode="multiple"
              allowClear
              optionFilterProp="label"
              placeholder={t('playback.choosePlaylist')}
              loading={files.isLoading}
              value={fileIds}
              maxCount={AUDIO_PLAYLIST_MAX}
              onChange={setFileIds}
              options={(files.data ?? []).map((file) => ({ value: file.fileId, label: file.name }))}
            />
          </Form.Item>
          <Form.Item label={t('playback.mode')}>
            <Segmented<AudioPlayMode>
              aria-label={t('playback.mode')}
              value={mode}
              onChange={setMode}
              options={audioPlayModes.map((value) => ({ value, label: t(`modes.${value}`) }))}
            />
          </Form.Item>
          <Form.Item>
            <Space wrap role="group" aria-label={t('playback.controls')}>
              {button('play', <PlayCircleOutlined />, fileIds.length === 0)}
              {button('pause', <PauseOutlined />)}
              {button('resume', <CaretRightOutlined />)}
              {button('stop', <BorderOutlined />)}
              {button('previous', <StepBackwardOutlined />)}
              {button('next', <StepForwardOutlined />)}
            </Space>
          </Form.Item>
          <Form.Item label={t('playback.volume')}>
            <Flex gap={16} align="center" wrap>
              <Slider
                style={{ width: 240 }}
                min={0}
                max={100}
                value={volume}
                onChange={setVolume}
                disabled={!chosen}
                ariaLabelForHandle={t('playback.volume')}
              />
              <Button disabled={!chosen} loading={playback.pending} onClick={() => act('volume', { volume })}>
                {t('playback.setVolume', { volume })}
              </Button>
              <Button icon={<MutedOutlined />} disabled={!chosen} onClick={() => act('mute', { muted: true })}>
                {t('playback.actions.mute')}
              </Button>
              <Button icon={<SoundOutlined />} disabled={!chosen} onClick={() => act('mute', { muted: false })}>
                {t('playback.unmute')}
              </Button>
            </Flex>
          </Form.Item>
        </Form>
        <PlaybackOutcomes tracks={playback.tracks} />
      </Card>
    </Flex>
  );
}
