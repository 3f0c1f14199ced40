import path from 'node:path';
import { robotOnline, videoApi } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { route } from '../../platform/route.js';
import { registerMediaRoutes } from './video.media.js';
import { saveCameras } from './video.repository.js';
import { createVideoService, type VideoService } from './video.service.js';
import { createVideoStore, type VideoStore } from './video.store.js';
import { loadMediaSecret } from './video.token.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Video: camera tree, play URLs, layouts (the video module's service). */
    video: VideoService;
    /** The embedded recordings on this instance's disk. */
    videoStore: VideoStore;
  }
}

/** The retention sweep runs at start and this often. */
const SWEEP_EVERY_MS = 5 * 60_000;

const plugin: FastifyPluginAsync = async (app) => {
  const { config, db } = app.ctx;
  const secret = await loadMediaSecret(db, config.mediaSecret);
  const store = createVideoStore({
    root: path.join(config.dataDir, 'media'),
    retentionHours: config.videoRetentionHours,
    maxBytes: config.videoMaxMb * 1024 * 1024,
  });
  const video = createVideoService(app.ctx, { secret, store });
  app.decorate('video', video);
  app.decorate('videoStore', store);

  let closed = false;
  // The cameras a robot announces in its online message, kept for the camera tree and the checks.
  app.gateway.on('online', async (serial, payload) => {
    if (closed) return;
    const parsed = robotOnline.safeParse(payload);
    if (!parsed.success || !parsed.data.online) return;
    await saveCameras(db, serial, parsed.data.cameras ?? []);
  });

  let sweeping: Promise<void> | null = null;
  const sweep = () => {
    sweeping ??= store
      .sweep()
      .then((n) => {
        if (n > 0) app.log.info({ hours: n }, 'embedded video past its retention or the disk bound deleted');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'video retention sweep failed'))
      .finally(() => {
        sweeping = null;
      });
    return sweeping;
  };
  app.addHook('onReady', async () => {
    void sweep();
  });
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await sweeping;
  });

  app.servers.addPart(() => {
    const { liveStreams, stored, bytesOnDisk } = store.stats();
    return {
      name: 'video',
      kind: 'media',
      status: 'up',
      detail: `streams live ${liveStreams}, segments stored ${stored}, bytes on disk ${bytesOnDisk}`,
    };
  });

  registerMediaRoutes(app, {
    secret,
    store,
    robots: app.robots,
    ttlMs: config.videoUrlTtlS * 1000,
    onOverBound: () => void sweep(),
  });

  route(app, videoApi.videoCameras, async (request) => ok(await video.cameras(requireAuth(request))));
  route(app, videoApi.videoLive, async (request) => ok(await video.live(requireAuth(request), request.query)));
  route(app, videoApi.videoHistory, async (request) => ok(await video.history(requireAuth(request), request.query)));
  route(app, videoApi.videoClip, async (request) => ok(await video.clip(requireAuth(request), request.query)));
  route(app, videoApi.videoLayout, async (request) => ok(await video.layout(requireAuth(request))));
  route(app, videoApi.saveVideoLayout, async (request) => {
    await video.saveLayout(requireAuth(request), request.body);
    // The descriptor names no data yet: the answer's data is null, as the response schema expects.
    return ok(null as never);
  });
};

/** Video: cameras, signed play URLs, the embedded media routes and recordings, and the panel layouts. */
export const videoPlugin = fp(plugin, {
  name: 'video',
  dependencies: ['context', 'gateway', 'robots', 'servers'],
});
