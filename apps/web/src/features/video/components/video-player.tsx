import { useEffect, useEffectEvent, useRef, type ComponentProps, type RefObject } from 'react';
import type Hls from 'hls.js';
import { useTranslation } from 'react-i18next';
import type { StreamState } from '../player/stream-controller';
import { useVideoStream, type UrlSource } from '../player/use-video-stream';

type Props = {
  /** Fetches a fresh signed URL; null: nothing to play. */
  source: UrlSource | null;
  sourceKey: string;
  /** The accessible name of the picture (robot and camera). */
  label: string;
  live?: boolean;
  muted?: boolean;
  /** The element, for snapshots and the history page's clock. */
  videoRef?: RefObject<HTMLVideoElement | null>;
  onState?: (state: StreamState) => void;
  onHls?: (hls: Hls | null) => void;
  testId?: string;
  /** The element's media events (the history page's clock and seeks). */
  mediaEvents?: Pick<ComponentProps<'video'>, 'onTimeUpdate' | 'onLoadedMetadata' | 'onPlay' | 'onPause'>;
};

/**
 * A camera's picture: the player its URL needs (hls.js, mpegts.js, WHEP), its state shown, and
 * the reason when it does not play. Muted unless told otherwise.
 */
export function VideoPlayer({
  source,
  sourceKey,
  label,
  live = true,
  muted = true,
  videoRef,
  onState,
  onHls,
  testId,
  mediaEvents,
}: Props) {
  const { t } = useTranslation('video');
  const own = useRef<HTMLVideoElement | null>(null);
  const ref = videoRef ?? own;
  const state = useVideoStream(ref, { source, sourceKey, live, onHls });
  const report = useEffectEvent((next: StreamState) => onState?.(next));
  useEffect(() => report(state), [state]);

  const note =
    state.status === 'error'
      ? (state.message ?? t('status.error'))
      : state.status === 'offline'
        ? t('offlineNote')
        : state.status === 'stalled'
          ? t('stalledNote')
          : state.status === 'connecting'
            ? t('status.connecting')
            : null;

  return (
    <div className="video-player" data-testid={testId} data-status={state.status}>
      <video
        ref={ref}
        className="video-player__video"
        muted={muted}
        playsInline
        autoPlay
        aria-label={label}
        crossOrigin="anonymous"
        {...mediaEvents}
      />
      {note && source ? (
        <div className="video-player__note" role="status">
          {note}
        </div>
      ) : null}
    </div>
  );
}
