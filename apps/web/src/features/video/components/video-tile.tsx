import { memo, useRef, useState } from 'react';
import { Button, Tooltip } from 'antd';
import {
  AudioMutedOutlined,
  CameraOutlined,
  CloseOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  SoundOutlined,
} from '@ant-design/icons';
import type { VideoRobot, VideoTile as Tile } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/shared/ui';
import { fetchLiveUrl } from '../api/video-api';
import { snapshotName, takeSnapshot } from '../player/snapshot';
import type { StreamState } from '../player/stream-controller';
import { readDraggedCamera } from './camera-tree';
import { StreamStatusTag } from './stream-status-tag';
import { VideoPlayer } from './video-player';

type Props = {
  index: number;
  tile: Tile | null;
  robot: VideoRobot | undefined;
  selected: boolean;
  maximised: boolean;
  /** The handlers get the tile's index, so the panel passes the same functions to every tile. */
  onSelect: (index: number) => void;
  onDrop: (index: number, tile: Tile) => void;
  onToggleMaximise: (index: number) => void;
  onClose: (index: number) => void;
};

/**
 * One tile of the panel: a camera's live picture with its toolbar, or an empty place to drop one.
 * Memoised: a tile re-renders when its own camera, robot, selection or state change, not when
 * another tile's do.
 */
export const VideoTile = memo(function VideoTile({
  index,
  tile,
  robot,
  selected,
  maximised,
  onSelect,
  onDrop,
  onToggleMaximise,
  onClose,
}: Props) {
  const { t } = useTranslation('video');
  const [over, setOver] = useState(false);
  const [muted, setMuted] = useState(true);
  const [state, setState] = useState<StreamState>({ status: 'stopped' });
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const camera = tile && robot ? robot.cameras.find((c) => c.id === tile.camera) : undefined;
  const source =
    tile && camera ? (signal: AbortSignal) => fetchLiveUrl({ robotId: tile.robotId, camera: camera.id }, signal) : null;
  const label =
    camera && robot
      ? t('tileWith', { index: index + 1, robot: robot.robotName, camera: camera.name })
      : t('tile', { index: index + 1 });

  const snapshot = () => {
    const video = videoRef.current;
    if (!video || !robot || !camera || !takeSnapshot(video, snapshotName(robot.robotName, camera.id, Date.now()))) {
      feedback().message.warning(t('noPicture'));
    }
  };

  return (
    <section
      className={`video-tile${selected ? ' video-tile--selected' : ''}${over ? ' video-tile--over' : ''}`}
      data-testid={`video-tile-${index}`}
      data-selected={selected}
      data-maximised={maximised}
      aria-label={label}
      tabIndex={0}
      onClick={() => onSelect(index)}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onSelect(index);
      }}
      onDoubleClick={() => onToggleMaximise(index)}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const dropped = readDraggedCamera(event.dataTransfer);
        if (dropped) onDrop(index, dropped);
      }}
    >
      <div className="video-tile__bar">
        <span className="video-tile__title">{label}</span>
        {tile ? (
          <>
            <StreamStatusTag status={camera ? state.status : 'offline'} />
            <Tooltip title={muted ? t('unmute') : t('mute')}>
              <Button
                size="small"
                type="text"
                aria-label={muted ? t('unmute') : t('mute')}
                aria-pressed={!muted}
                icon={muted ? <AudioMutedOutlined /> : <SoundOutlined />}
                onClick={(event) => {
                  event.stopPropagation();
                  setMuted(!muted);
                }}
              />
            </Tooltip>
            <Tooltip title={t('snapshot')}>
              <Button
                size="small"
                type="text"
                aria-label={t('snapshot')}
                data-testid={`video-snapshot-${index}`}
                icon={<CameraOutlined />}
                onClick={(event) => {
                  event.stopPropagation();
                  snapshot();
                }}
              />
            </Tooltip>
          </>
        ) : null}
        <Tooltip title={maximised ? t('restore') : t('maximise')}>
          <Button
            size="small"
            type="text"
            aria-label={maximised ? t('restore') : t('maximise')}
            data-testid={`video-maximise-${index}`}
            icon={maximised ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={(event) => {
              event.stopPropagation();
              onToggleMaximise(index);
            }}
          />
        </Tooltip>
        {tile ? (
          <Tooltip title={t('closeTile')}>
            <Button
              size="small"
              type="text"
              aria-label={t('closeTile')}
              icon={<CloseOutlined />}
              onClick={(event) => {
                event.stopPropagation();
                onClose(index);
              }}
            />
          </Tooltip>
        ) : null}
      </div>
      <div className="video-tile__body">
        {tile && camera && robot ? (
          <VideoPlayer
            source={source}
            sourceKey={`${tile.robotId}:${tile.camera}`}
            label={label}
            muted={muted}
            videoRef={videoRef}
            onState={setState}
            testId={`video-player-${index}`}
          />
        ) : (
          <div className="video-tile__empty">{tile ? t('unavailable') : t('emptyTile')}</div>
        )}
      </div>
    </section>
  );
});
