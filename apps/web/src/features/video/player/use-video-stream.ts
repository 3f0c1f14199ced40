import { useEffect, useEffectEvent, useState, type RefObject } from 'react';
import type Hls from 'hls.js';
import type { PlayerKind } from '@patrol/contracts';
import { attachStream } from './engines';
import { StreamController, type StreamState } from './stream-controller';

export type UrlSource = (signal: AbortSignal) => Promise<{ url: string; kind: PlayerKind; expiresAt?: number }>;

type Options = {
  /** Fetches a fresh signed URL; null: nothing to play. */
  source: UrlSource | null;
  /** The stream starts again when this changes (another camera, another range). */
  sourceKey: string;
  live: boolean;
  onHls?: (hls: Hls | null) => void;
};

/**
 * Plays a signed stream in `videoRef`'s element, with the state a user sees; stops (and frees the
 * player) while the tab is hidden, and starts again, with a fresh URL, when it is shown.
 */
export function useVideoStream(videoRef: RefObject<HTMLVideoElement | null>, options: Options): StreamState {
  const [state, setState] = useState<StreamState>({ status: 'stopped' });
  const fetchUrl = useEffectEvent((signal: AbortSignal) => options.source!(signal));
  const isLive = useEffectEvent(() => options.live);
  const reportHls = useEffectEvent((hls: Hls | null) => options.onHls?.(hls));
  const hasSource = options.source !== null;

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !hasSource) {
      setState({ status: 'stopped' });
      return;
    }
    // When the URL last fetched expires: a live stream renews its token before then.
    let expiresAt: number | undefined;
    const controller = new StreamController(
      {
        fetchUrl: async (signal) => {
          const target = await fetchUrl(signal);
          expiresAt = target.expiresAt;
          return target;
        },
        attach: (url, kind, fail) =>
          attachStream(video, url, kind, fail, {
            live: isLive(),
            onHls: (hls) => reportHls(hls),
            expiresAt,
            ...(isLive() ? { refresh: (signal: AbortSignal) => fetchUrl(signal) } : {}),
          }),
        isPaused: () => !isLive() && video.paused,
      },
      setState,
    );
    const onProgress = () => controller.progress();
    const onVisibility = () => {
      if (document.hidden) controller.stop();
      else controller.start();
    };
    video.addEventListener('timeupdate', onProgress);
    document.addEventListener('visibilitychange', onVisibility);
    if (!document.hidden) controller.start();
    return () => {
      video.removeEventListener('timeupdate', onProgress);
      document.removeEventListener('visibilitychange', onVisibility);
      controller.stop();
    };
  }, [videoRef, hasSource, options.sourceKey]);

  return state;
}
