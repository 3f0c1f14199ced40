import { useRef, useState } from 'react';
import { Button, Card, Empty, Flex, Spin } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SectionTitle, feedback } from '@/shared/ui';
import { fetchLiveUrl, useVideoCameras } from '../api/video-api';
import { snapshotName, takeSnapshot } from '../player/snapshot';
import type { StreamState } from '../player/stream-controller';
import { StreamStatusTag } from './stream-status-tag';
import { VideoPlayer } from './video-player';
import './video.css';

/** A robot's live picture (its first camera), for the live window of an alarm (`/lol`). */
export function LiveVideo({ robotId }: { robotId: number }) {
  const { t } = useTranslation('video');
  return (
    <Card variant="borderless" title={<SectionTitle look="inherit">{t('liveVideo')}</SectionTitle>}>
      <LivePicture robotId={robotId} />
    </Card>
  );
}

function LivePicture({ robotId }: { robotId: number }) {
  const { t } = useTranslation('video');
  const cameras = useVideoCameras();
  const robot = cameras.data?.find((r) => r.robotId === robotId);
  const camera = robot?.cameras[0];
  const [state, setState] = useState<StreamState>({ status: 'stopped' });
  const videoRef = useRef<HTMLVideoElement | null>(null);
  if (cameras.isLoading) {
    return (
      <Spin spinning>
        <div style={{ height: 200 }} />
      </Spin>
    );
  }
  if (!robot || !camera) return <Empty description={t('liveNoCamera')} />;
  const label = `${robot.robotName} ${camera.name}`;
  const source = (signal: AbortSignal) => fetchLiveUrl({ robotId, camera: camera.id }, signal);
  return (
    <Flex vertical gap={8}>
      <Flex align="center" gap={8}>
        <StreamStatusTag status={state.status} />
        <span>{label}</span>
        <Button
          size="small"
          icon={<CameraOutlined />}
          onClick={() => {
            const video = videoRef.current;
            if (!video || !takeSnapshot(video, snapshotName(robot.robotName, camera.id, Date.now()))) {
              feedback().message.warning(t('noPicture'));
            }
          }}
        >
          {t('snapshot')}
        </Button>
      </Flex>
      <div className="video-live">
        <VideoPlayer
          source={source}
          sourceKey={`${robotId}:${camera.id}`}
          label={label}
          videoRef={videoRef}
          onState={setState}
          testId="video-live-player"
        />
      </div>
    </Flex>
  );
}
