import type Hls from 'hls.js';
// hls.js's ES build cannot start its worker by itself: it is served as a file of the build.
import hlsWorkerUrl from 'hls.js/dist/hls.worker.js?url';
import type { PlayerKind } from '@patrol/contracts';
import type { Attached, StreamFailure } from './stream-controller';
import { attachWhep } from './whep';

export type AttachOptions = {
  live: boolean;
  /**
   * A fresh signed URL of the same stream (live only). Play tokens expire while a live stream is
   * still read; halfway to each expiry the player takes a new token and carries it in every later
   * request (playlist and segments), so the picture goes on without reopening.
   */
  refresh?: (signal: AbortSignal) => Promise<{ url: string; expiresAt?: number }>;
  /** When the URL attached expires (epoch ms). */
  expiresAt?: number;
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

/** The query parameter of a play token (docs/video.md). */
const TOKEN_PARAM = 't';
/** A token is renewed this long after it was taken when its expiry is not known. */
const RENEW_DEFAULT_MS = 60_000;

/**
 * Keeps the token of a live stream fresh: a new one halfway to each expiry, put in place of the
 * old one in every request hls.js opens. A failed renewal is tried again in 5 s; if the token runs
 * out anyway, the stream fails and the controller opens it again.
 */
export function renewToken(
  url: string,
  expiresAt: number | undefined,
  refresh: (signal: AbortSignal) => Promise<{ url: string; expiresAt?: number }>,
  now: () => number = Date.now,
) {
  let token = new URL(url, window.location.href).searchParams.get(TOKEN_PARAM);
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const schedule = (until: number | undefined) => {
    const wait = until === undefined ? RENEW_DEFAULT_MS : Math.max(1000, (until - now()) / 2);
    timer = setTimeout(() => {
      refresh(abort.signal)
        .then((fresh) => {
          token = new URL(fresh.url, window.location.href).searchParams.get(TOKEN_PARAM) ?? token;
          schedule(fresh.expiresAt);
        })
        .catch(() => {
          if (!abort.signal.aborted) schedule(now() + 10_000);
        });
    }, wait);
  };
  if (token) schedule(expiresAt);
  return {
    /** The URL a request goes to: its token replaced by the freshest. */
    current(requestUrl: string): string {
      if (!token) return requestUrl;
      const target = new URL(requestUrl, window.location.href);
      if (!target.searchParams.has(TOKEN_PARAM)) return requestUrl;
      target.searchParams.set(TOKEN_PARAM, token);
      return target.toString();
    },
    open(xhr: XMLHttpRequest, requestUrl: string) {
      const target = this.current(requestUrl);
      if (target !== requestUrl) xhr.open('GET', target, true);
    },
    stop() {
      abort.abort();
      if (timer) clearTimeout(timer);
    },
  };
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
  const renewal = options.live && options.refresh ? renewToken(url, options.expiresAt, options.refresh) : null;
  const hls = new HlsPlayer({
    // Demuxing and remuxing the segments in a worker (one for every player of the page) keeps
    // them off the main thread, which a grid of 16 tiles would otherwise fill.
    enableWorker: true,
    workerPath: hlsWorkerUrl,
    manifestLoadingMaxRetry: 1,
    ...(options.live ? { liveSyncDurationCount: 2 } : {}),
    ...(renewal ? { xhrSetup: (xhr: XMLHttpRequest, requestUrl: string) => renewal.open(xhr, requestUrl) } : {}),
  });
  hls.on(HlsPlayer.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    const code = data.response?.code;
    fail({ offline: code === 404, message: code === 404 ? undefined : data.details });
  });
  hls.on(HlsPlayer.Events.MANIFEST_PARSED, (_event, data) => {
    // One rendition (a robot's camera): nothing to choose, so no bandwidth estimate at every step.
    if (data.levels.length === 1) hls.loadLevel = 0;
    playQuietly(video);
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  options.onHls?.(hls);
  return {
    detach: () => {
      renewal?.stop();
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
