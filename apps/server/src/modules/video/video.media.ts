import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  CAMERA_ID_PATTERN,
  MEDIA_PUSH_MAX_BYTES,
  VIDEO_CLIP_MAX_MS,
  VIDEO_HISTORY_RANGE_MAX_MS,
} from '@patrol/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, forbidden, notFound, unauthorized } from '../../platform/errors.js';
import { findRobotBySerial } from '../robots/robots.shared.js';
import type { RobotsService } from '../robots/robots.service.js';
import { PUSHED_SEGMENT, type StoredSegment, type VideoStore } from './video.store.js';
import { signPlayToken, verifyPlayToken, type PlayClaims } from './video.token.js';

export const MEDIA_PREFIX = '/api/media';
/** How long a robot's verified push token is taken without checking it again. */
const PUSH_CHECK_MS = 30_000;

export type MediaDeps = {
  secret: Buffer;
  store: VideoStore;
  robots: Pick<RobotsService, 'verifyMediaToken'>;
  /** How long a play token lasts (VIDEO_URL_TTL_SECONDS). */
  ttlMs: number;
  /** A sweep is due (the disk holds more than the bound). */
  onOverBound: () => void;
};

const streamParams = z.object({
  serial: z.string().min(1).max(64),
  camera: z.string().regex(CAMERA_ID_PATTERN),
});
const tokenQuery = z.object({ t: z.string().max(1000).optional() });
const rangeQuery = tokenQuery.extend({
  from: z.coerce.number().int().nonnegative(),
  to: z.coerce.number().int().nonnegative(),
});
/** Open to anyone (each request proves itself), and no resource of the API. */
const PUBLIC = { access: 'public' as const, resource: false as const };

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError(400, 'errors.badRequest');
  return result.data;
}

/** The `Basic` credentials of a request, or null. */
function basicAuth(header: string | undefined): { user: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header?.trim() ?? '');
  if (!match) return null;
  const text = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  return colon < 0 ? null : { user: text.slice(0, colon), password: text.slice(colon + 1) };
}

/** `{serial}/{camera}` and `{serial}_{camera}` readings of a media server's stream path. */
export function pathReadings(path: string): { serial: string; camera: string }[] {
  const p = path.replace(/^\/+|\/+$/g, '');
  const out: { serial: string; camera: string }[] = [];
  const slash = p.indexOf('/');
  if (slash > 0) out.push({ serial: p.slice(0, slash), camera: p.slice(slash + 1) });
  else
    for (let i = p.indexOf('_'); i > 0; i = p.indexOf('_', i + 1))
      out.push({ serial: p.slice(0, i), camera: p.slice(i + 1) });
  return out.filter((r) => CAMERA_ID_PATTERN.test(r.camera));
}

const segmentUri = (serial: string, camera: string, s: StoredSegment, token: string) =>
  `../../../segment/${serial}/${camera}/${s.hour}/${s.name}?t=${encodeURIComponent(token)}`;

function playlistHead(segments: StoredSegment[], extra: string[]): string[] {
  const target = Math.max(1, ...segments.map((s) => Math.ceil(s.duration / 1000)));
  return ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${target}`, ...extra];
}

const extinf = (s: StoredSegment) => `#EXTINF:${(s.duration / 1000).toFixed(3)},`;
const dateTime = (s: StoredSegment) => `#EXT-X-PROGRAM-DATE-TIME:${new Date(s.start).toISOString()}`;

/**
 * The embedded media routes (docs/video.md): robots push HLS here, players read the live and
 * recorded streams with a play token `t`, media servers ask whether to let a stream be read or
 * published. Plain HTTP, not the JSON API; open to anyone, each request proving itself.
 */
export function registerMediaRoutes(app: FastifyInstance, deps: MediaDeps) {
  const { store, secret, ttlMs } = deps;
  const pushChecks = new Map<string, { robotId: number; until: number }>();
  const robotIds = new Map<string, { robotId: number; until: number }>();

  /** The robot that pushes with this Basic password, from a cache of recent checks. */
  async function pusher(serial: string, password: string): Promise<number | null> {
    const key = `${serial}\u0000${password}`;
    const now = Date.now();
    const known = pushChecks.get(key);
    if (known && known.until > now) return known.robotId;
    const verified = await deps.robots.verifyMediaToken(serial, password);
    if (!verified) return null;
    if (pushChecks.size > 1000) pushChecks.clear();
    pushChecks.set(key, { robotId: verified.robot.id, until: Math.min(now + PUSH_CHECK_MS, verified.exp * 1000) });
    return verified.robot.id;
  }

  async function robotIdOf(serial: string): Promise<number> {
    const now = Date.now();
    const known = robotIds.get(serial);
    if (known && known.until > now) return known.robotId;
    const robot = await findRobotBySerial(app.ctx.db, serial);
    if (!robot) throw notFound();
    if (robotIds.size > 1000) robotIds.clear();
    robotIds.set(serial, { robotId: robot.id, until: now + 60_000 });
    return robot.id;
  }

  /** The play token of a read, for this serial and camera only; 403 when missing, forged or expired. */
  function claimsFor(token: string | undefined, serial: string, camera: string): PlayClaims {
    const claims = token ? verifyPlayToken(secret, token) : null;
    if (!claims || claims.serial !== serial || claims.camera !== camera) throw forbidden('video.linkExpired');
    return claims;
  }

  // A robot's push: the segments and the playlist that names them, with Basic credentials.
  void app.register(async (push) => {
    push.removeAllContentTypeParsers();
    push.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MEDIA_PUSH_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    push.put(
      `${MEDIA_PREFIX}/ingest/:serial/:camera/:file`,
      {
        config: PUBLIC,
        bodyLimit: MEDIA_PUSH_MAX_BYTES,
        schema: {
          operationId: 'pushVideo',
          summary: "A robot's HLS push: segments (*.ts) and the playlist (index.m3u8) that names them",
          tags: ['media'],
          hide: true,
        },
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const { serial, camera } = parse(streamParams, request.params);
        const file = (request.params as { file: string }).file;
        const credentials = basicAuth(request.headers.authorization);
        const robotId = credentials && credentials.user === serial ? await pusher(serial, credentials.password) : null;
        if (robotId === null) {
          void reply.header('www-authenticate', 'Basic realm="media"');
          throw unauthorized();
        }
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (file === 'index.m3u8') {
          await store.putPlaylist(robotId, camera, body.toString('utf8'));
          if (store.overBound()) deps.onOverBound();
        } else if (PUSHED_SEGMENT.test(file)) store.putSegment(robotId, camera, file, body);
        else throw notFound();
        return reply.code(204).send();
      },
    );
  });

  app.get(
    `${MEDIA_PREFIX}/live/:serial/:camera/index.m3u8`,
    {
      config: PUBLIC,
      schema: { operationId: 'mediaLive', summary: "A camera's live HLS playlist", tags: ['media'], hide: true },
    },
    async (request, reply) => {
      const { serial, camera } = parse(streamParams, request.params);
      const { t } = parse(tokenQuery, request.query);
      claimsFor(t, serial, camera);
      const window = store.live(await robotIdOf(serial), camera);
      if (!window) throw notFound();
      const lines = playlistHead(window.segments, [`#EXT-X-MEDIA-SEQUENCE:${window.sequence}`]);
      for (const s of window.segments) lines.push(dateTime(s), extinf(s), segmentUri(serial, camera, s, t!));
      return reply
        .header('cache-control', 'no-store')
        .type('application/vnd.apple.mpegurl')
        .send(`${lines.join('\n')}\n`);
    },
  );

  app.get(
    `${MEDIA_PREFIX}/history/:serial/:camera/index.m3u8`,
    {
      config: PUBLIC,
      schema: {
        operationId: 'mediaHistory',
        summary: "A camera's recordings as an HLS VOD playlist",
        tags: ['media'],
        hide: true,
      },
    },
    async (request, reply) => {
      const { serial, camera } = parse(streamParams, request.params);
      const { t, from, to } = parse(rangeQuery, request.query);
      const claims = claimsFor(t, serial, camera);
      if (to <= from || to - from > VIDEO_HISTORY_RANGE_MAX_MS) throw new AppError(400, 'video.rangeTooLong');
      const segments = await store.list(await robotIdOf(serial), camera, from, to);
      // The segments of a recording are read while it plays: their links last as long as the range
      // takes at half speed (beyond the playlist's own link).
      const segmentToken = signPlayToken(secret, { ...claims, exp: Date.now() + ttlMs + 2 * (to - from) });
      const lines = playlistHead(segments, ['#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-MEDIA-SEQUENCE:0']);
      let previousEnd: number | null = null;
      for (const s of segments) {
        if (previousEnd !== null && s.start - previousEnd > Math.max(500, s.duration / 2))
          lines.push('#EXT-X-DISCONTINUITY');
        lines.push(dateTime(s), extinf(s), segmentUri(serial, camera, s, segmentToken));
        previousEnd = s.start + s.duration;
      }
      lines.push('#EXT-X-ENDLIST');
      return reply
        .header('cache-control', 'no-store')
        .type('application/vnd.apple.mpegurl')
        .send(`${lines.join('\n')}\n`);
    },
  );

  app.get(
    `${MEDIA_PREFIX}/segment/:serial/:camera/:hour/:name`,
    {
      config: PUBLIC,
      schema: { operationId: 'mediaSegment', summary: 'One stored segment (MPEG-TS)', tags: ['media'], hide: true },
    },
    async (request, reply) => {
      const { serial, camera } = parse(streamParams, request.params);
      const { hour, name } = request.params as { hour: string; name: string };
      const { t } = parse(tokenQuery, request.query);
      claimsFor(t, serial, camera);
      const file = store.segmentPath(await robotIdOf(serial), camera, hour, name);
      if (!file) throw notFound();
      const handle = await open(file, 'r').catch(() => null);
      if (!handle) throw notFound();
      const stream = handle.createReadStream();
      return reply.header('cache-control', 'private, max-age=86400').type('video/mp2t').send(stream);
    },
  );

  app.get(
    `${MEDIA_PREFIX}/clip/:serial/:camera`,
    {
      config: PUBLIC,
      schema: {
        operationId: 'mediaClip',
        summary: 'A recorded clip, downloaded as one MPEG-TS file',
        tags: ['media'],
        hide: true,
      },
    },
    async (request, reply) => {
      const { serial, camera } = parse(streamParams, request.params);
      const { t, from, to } = parse(rangeQuery, request.query);
      claimsFor(t, serial, camera);
      if (to <= from || to - from > VIDEO_CLIP_MAX_MS) throw new AppError(400, 'video.clipTooLong');
      const robotId = await robotIdOf(serial);
      const segments = await store.list(robotId, camera, from, to);
      if (segments.length === 0) throw notFound();
      const paths = segments.map((s) => store.segmentPath(robotId, camera, s.hour, s.name)!);
      // MPEG-TS concatenates byte for byte; a segment deleted meanwhile is skipped.
      async function* bytes() {
        for (const p of paths) {
          try {
            for await (const chunk of createReadStream(p)) yield chunk as Buffer;
          } catch {
            continue;
          }
        }
      }
      return reply
        .header('content-disposition', `attachment; filename="${serial}-${camera}-${from}.ts"`)
        .type('video/mp2t')
        .send(Readable.from(bytes()));
    },
  );

  const mediamtxBody = z.object({
    user: z.string().optional().default(''),
    password: z.string().optional().default(''),
    action: z.string().optional().default(''),
    path: z.string().optional().default(''),
    query: z.string().optional().default(''),
  });

  /** Whether a play token in a query string opens one of the readings of a stream path. */
  function playAllowed(query: string, readings: { serial: string; camera: string }[]): boolean {
    const token = new URLSearchParams(query.replace(/^\?/, '')).get('t');
    const claims = token ? verifyPlayToken(secret, token) : null;
    return !!claims && readings.some((r) => r.serial === claims.serial && r.camera === claims.camera);
  }

  app.post(
    `${MEDIA_PREFIX}/auth/mediamtx`,
    {
      config: PUBLIC,
      schema: {
        operationId: 'mediamtxAuth',
        summary: "MediaMTX's HTTP authentication hook",
        tags: ['media'],
        hide: true,
      },
    },
    async (request, reply) => {
      const body = mediamtxBody.safeParse(request.body ?? {});
      let allowed = false;
      if (body.success) {
        const { user, password, action, path, query } = body.data;
        const readings = pathReadings(path);
        if (action === 'publish') {
          for (const r of readings) {
            if ((user && user !== r.serial) || !password) continue;
            if (await deps.robots.verifyMediaToken(r.serial, password)) {
              allowed = true;
              break;
            }
          }
        } else if (action === 'read' || action === 'playback') allowed = playAllowed(query, readings);
      }
      return reply.code(allowed ? 200 : 401).send(allowed ? 'ok' : 'denied');
    },
  );

  const zlmBody = z.object({
    app: z.string().optional().default(''),
    stream: z.string().optional().default(''),
    params: z.string().optional().default(''),
  });

  app.post(
    `${MEDIA_PREFIX}/auth/zlmediakit`,
    {
      config: PUBLIC,
      schema: { operationId: 'zlmediakitAuth', summary: "ZLMediaKit's on_play hook", tags: ['media'], hide: true },
    },
    async (request) => {
      const body = zlmBody.safeParse(request.body ?? {});
      if (body.success) {
        const { app: zlmApp, stream, params } = body.data;
        const readings = [...pathReadings(`${zlmApp}/${stream}`), ...pathReadings(stream)];
        if (playAllowed(params, readings)) return { code: 0, msg: 'success' };
      }
      return { code: -1, msg: 'video.linkExpired' };
    },
  );
}
