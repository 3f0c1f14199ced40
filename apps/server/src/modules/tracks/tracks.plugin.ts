import { tracksApi } from '@patrol/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { route } from '../../platform/route.js';
import { createTrackRecorder, type TrackRecorder } from './tracks.recorder.js';
import { createTracksService, type TracksService } from './tracks.service.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Track records: queries and the retention purge (the tracks module's service). */
    tracks: TracksService;
    /** Writes every valid telemetry message as a track point, in batches. */
    trackRecorder: TrackRecorder;
  }
}

/** The retention purge runs this long after start, then once a day. */
const PURGE_FIRST_MS = 60_000;
const PURGE_EVERY_MS = 24 * 3600 * 1000;

const plugin: FastifyPluginAsync = async (app) => {
  const tracks = createTracksService(app.ctx);
  const recorder = createTrackRecorder(app.ctx.db, app.log);
  app.decorate('tracks', tracks);
  app.decorate('trackRecorder', recorder);

  // Each telemetry message reaches one instance (the external broker's shared subscription, or the
  // one embedded broker), so each point is offered once; a redelivery is skipped by the key.
  const off = app.monitoring.onTelemetry(({ robotId, tenantId }, t) => {
    recorder.offer({
      robotId,
      tenantId,
      ts: t.ts,
      lat: t.lat,
      lng: t.lng,
      speed: t.speed,
      direction: t.direction,
      mode: t.mode,
    });
  });
  recorder.start();
  // The recorder's line in the service list: what it was offered, wrote, dropped and holds.
  app.servers.addPart(() => {
    const { offered, written, dropped, buffered, failed } = recorder.stats();
    return {
      name: 'tracks',
      kind: 'recorder',
      status: 'up',
      detail: `points offered ${offered}, written ${written}, dropped ${dropped}, buffered ${buffered}, failed writes ${failed}`,
    };
  });

  const runPurge = () =>
    tracks
      .purge()
      .then((n) => n > 0 && app.log.info({ deleted: n }, 'track points past their retention deleted'))
      .catch((error: unknown) => app.log.error({ err: error }, 'track retention purge failed'));
  const timers = [setTimeout(runPurge, PURGE_FIRST_MS), setInterval(runPurge, PURGE_EVERY_MS)];
  for (const t of timers) t.unref();

  app.addHook('onClose', async () => {
    off();
    for (const t of timers) clearTimeout(t);
    await recorder.stop();
  });

  route(app, tracksApi.queryTrack, async (request) => ok(await tracks.query(requireAuth(request), request.query)));
  route(app, tracksApi.trackMarks, async (request) => ok(await tracks.marks(requireAuth(request), request.query)));
};

/** Track records: every robot's positions stored in batches, queried simplified for the map, purged by age. */
export const tracksPlugin = fp(plugin, { name: 'tracks', dependencies: ['context', 'monitoring', 'servers'] });
