import {
  playerKindOf,
  VIDEO_GRIDS,
  type CameraQuery,
  type ClipQuery,
  type HistoryQuery,
  type HistoryResult,
  type PlayUrl,
  type RecordingSpan,
  type VideoGrid,
  type VideoLayout,
  type VideoRobot,
} from '@patrol/contracts';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { findRobotById } from '../robots/robots.shared.js';
import { findTenant } from '../tenants/tenants.shared.js';
import { inScope, robotScope, scopeFilter } from '../user-robots/user-robots.scope.js';
import { findLayout, robotsWithCameras, saveLayout } from './video.repository.js';
import type { StoredSegment, VideoStore } from './video.store.js';
import { signPlayToken } from './video.token.js';

/** Fills a URL template's placeholders (docs/video.md), each URI-encoded. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? encodeURIComponent(String(values[name])) : whole,
  );
}

/** Whether a template points at the embedded media routes (so the recordings are known here). */
export const isEmbedded = (template: string) => template.startsWith('/api/media/');

/**
 * Spans with recorded video: neighbouring segments merge when the gap between them is shorter
 * than twice the segment's duration.
 */
export function recordingSpans(segments: StoredSegment[], from: number, to: number): RecordingSpan[] {
  const out: RecordingSpan[] = [];
  for (const s of segments) {
    const last = out.at(-1);
    const end = s.start + s.duration;
    if (last && s.start - last.to < 2 * s.duration) last.to = Math.max(last.to, end);
    else out.push({ from: s.start, to: end });
  }
  return out.map((span) => ({ from: Math.max(span.from, from), to: Math.min(span.to, to) }));
}

/** Video: the camera tree, signed play URLs from the tenant's templates, and the panel layout. */
export function createVideoService(ctx: AppContext, deps: { secret: Buffer; store: VideoStore }) {
  const ttlMs = ctx.config.videoUrlTtlS * 1000;
  const { db } = ctx;

  /** The robot when it is of the caller's tenant and the caller may see it; else 404. */
  async function visibleRobot(caller: AuthContext, robotId: number) {
    const robot = await findRobotById(db, robotId);
    if (!robot || robot.tenantId !== caller.tenantId) throw notFound('video.robotNotFound');
    if (!inScope(await robotScope(db, caller), robotId)) throw notFound('video.robotNotFound');
    return robot;
  }

  /** The robot and camera, the tenant's template of `kind`, and a play token good for VIDEO_URL_TTL_SECONDS. */
  async function prepare(
    caller: AuthContext,
    q: CameraQuery,
    kind: 'videoStreamUrl' | 'videoHistoryUrl' | 'videoFileUrl',
    missing: string,
  ) {
    const robot = await visibleRobot(caller, q.robotId);
    if (!robot.cameras.some((c) => c.id === q.camera)) throw notFound('video.cameraNotFound');
    const tenant = await findTenant(db, caller.tenantId);
    const template = tenant?.[kind] ?? '';
    if (!template) throw new AppError(409, missing);
    const expiresAt = Date.now() + ttlMs;
    const token = signPlayToken(deps.secret, {
      serial: robot.serialNumber,
      camera: q.camera,
      exp: expiresAt,
      userId: caller.userId,
    });
    return { robot, template, token, expiresAt };
  }

  const rangeValues = (from: number, to: number) => ({
    from,
    to,
    fromIso: new Date(from).toISOString(),
    toIso: new Date(to).toISOString(),
  });

  async function cameras(caller: AuthContext): Promise<VideoRobot[]> {
    const scope = scopeFilter(await robotScope(db, caller));
    return robotsWithCameras(db, caller.tenantId, scope);
  }

  async function live(caller: AuthContext, q: CameraQuery): Promise<PlayUrl> {
    const p = await prepare(caller, q, 'videoStreamUrl', 'video.noStreamUrl');
    const url = fillTemplate(p.template, { serial: p.robot.serialNumber, camera: q.camera, token: p.token });
    return { url, kind: playerKindOf(url) ?? 'hls', expiresAt: p.expiresAt };
  }

  async function history(caller: AuthContext, q: HistoryQuery): Promise<HistoryResult> {
    const p = await prepare(caller, q, 'videoHistoryUrl', 'video.noHistoryUrl');
    const url = fillTemplate(p.template, {
      serial: p.robot.serialNumber,
      camera: q.camera,
      token: p.token,
      ...rangeValues(q.from, q.to),
    });
    const recordings = isEmbedded(p.template)
      ? recordingSpans(await deps.store.list(p.robot.id, q.camera, q.from, q.to), q.from, q.to)
      : null;
    return { url, kind: playerKindOf(url) ?? 'hls', expiresAt: p.expiresAt, from: q.from, to: q.to, recordings };
  }

  async function clip(caller: AuthContext, q: ClipQuery): Promise<{ url: string; expiresAt: number }> {
    const p = await prepare(caller, q, 'videoFileUrl', 'video.noFileUrl');
    const url = fillTemplate(p.template, {
      serial: p.robot.serialNumber,
      camera: q.camera,
      token: p.token,
      ...rangeValues(q.from, q.to),
    });
    return { url, expiresAt: p.expiresAt };
  }

  /** The caller's layout; tiles of robots the caller can no longer see are empty. */
  async function layout(caller: AuthContext): Promise<VideoLayout> {
    const row = await findLayout(db, caller.userId, caller.tenantId);
    if (!row || !(VIDEO_GRIDS as readonly number[]).includes(row.grid)) return { grid: 4, tiles: [] };
    return { grid: row.grid as VideoGrid, tiles: await visibleTiles(caller, row.tiles) };
  }

  async function visibleTiles(caller: AuthContext, tiles: VideoLayout['tiles']): Promise<VideoLayout['tiles']> {
    const ids = [...new Set(tiles.flatMap((t) => (t ? [t.robotId] : [])))];
    const scope = await robotScope(db, caller);
    const visible = new Set(
      (await robotsWithCameras(db, caller.tenantId, ids)).map((r) => r.robotId).filter((id) => inScope(scope, id)),
    );
    return tiles.map((t) => (t && visible.has(t.robotId) ? { robotId: t.robotId, camera: t.camera } : null));
  }

  /** Remembers the caller's layout; tiles of robots the caller may not see are kept empty. */
  async function saveLayoutOf(caller: AuthContext, input: VideoLayout): Promise<void> {
    await saveLayout(db, caller.userId, caller.tenantId, {
      grid: input.grid,
      tiles: await visibleTiles(caller, input.tiles),
    });
  }

  return { cameras, live, history, clip, layout, saveLayout: saveLayoutOf };
}

export type VideoService = ReturnType<typeof createVideoService>;
