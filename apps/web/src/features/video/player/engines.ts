import type Hls from 'hls.js';
import type { PlayerKind } from '@patrol/contracts';
import type { Attached, StreamFailure } from './stream-controller';
import { attachWhep } from './whep';

export type AttachOptions = {
  live: boolean;
  /** The hls.js instance, for the history page's wall-clock mapping. */
  onHls?: (hls: Hls | null) => void;
};

function playQuietly(video: HTMLVideoElement) {
  void video.play().catch(() => undefined);
}

/** Empties the element, so it holds no stream and no decoder. */
export function emptyVideo(video: HTMLVideoElement) {
  video.pause();
  video.removeAttribute('src');
  video.srcObject = null;
  video.load();
}

async function attachHls(
  video: HTMLVideoElement,
  url: string,
  fail: (failure: StreamFailure) => void,
  options: AttachOptions,
): Promise<Attached> {
  const { default: HlsPlayer } = await import('hls.js');
  if (!HlsPlayer.isSupported()) {
    // Safari plays HLS itself.
    video.src = url;
    playQuietly(video);
    const onError = () => fail({ offline: false, message: video.error?.message });
    video.addEventListener('error', onError);
    return {
      detach: () => {
        video.removeEventListener('error', onError);
        emptyVideo(video);
      },
    };
  }
  const hls = new HlsPlayer(
    options.live ? { liveSyncDurationCount: 2, manifestLoadingMaxRetry: 1 } : { manifestLoadingMaxRetry: 1 },
  );
  hls.on(HlsPlayer.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    const code = data.response?.code;
    fail({ offline: code === 404, message: code === 404 ? undefined : data.details });
  });
  hls.on(HlsPlayer.Events.MANIFEST_PARSED, () => playQuietly(video));
  hls.loadSource(url);
  hls.attachMedia(video);
  options.onHls?.(hls);
  return {
    detach: () => {
      options.onHls?.(null);
      hls.destroy();
      emptyVideo(video);
    },
  };
}

async function attachFlv(
  video: HTMLVideoElement,
  url: string,
  fail: (failure: StreamFailure) => void,
  options: AttachOptions,
): Promise<Attached> {
  const { default: mpegts } = await import('mpegts.js');
  const player = mpegts.createPlayer(
    { type: 'flv', isLive: options.live, url },
    { enableStashBuffer: !options.live, liveBufferLatencyChasing: options.live },
  );
  player.on(mpegts.Events.ERROR, (_type: string, _detail: string, info: { code?: number; msg?: string }) => {
    fail({ offline: info?.code === 404, message: info?.code === 404 ? undefined : info?.msg });
  });
  player.attachMediaElement(video);
  player.load();
  playQuietly(video);
  return {
    detach: () => {
      player.pause();
      player.unload();
      player.detachMediaElement();
      player.destroy();
      emptyVideo(video);
    },
  };
}

/** Plays `url` in `video` with the player its kind needs: hls.js, mpegts.js or WHEP. */
export function attachStream(
  video: HTMLVideoElement,
  url: string,
  kind: PlayerKind,
  fail: (failure: StreamFailure) => void,
  options: AttachOptions,
): Promise<Attached> {
  if (kind === 'hls') return attachHls(video, url, fail, options);
  if (kind === 'flv') return attachFlv(video, url, fail, options);
  return attachWhep(video, url, fail);
}
