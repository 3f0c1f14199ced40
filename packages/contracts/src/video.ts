import { z } from 'zod';
import { INT4_MAX, rowId } from './fields.js';
import { TEXT_MAX } from './lengths.js';
import { trackTime } from './tracks.js';

/**
 * Video (docs/video.md): each robot announces its cameras; the console plays them live and from
 * the recordings, through play URLs the server builds from the tenant's URL templates and signs.
 */

/** A camera's id within its robot: a topic- and path-safe word (`front`, `ptz-1`). */
export const CAMERA_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;
/** Cameras one robot may announce. */
export const ROBOT_CAMERAS_MAX = 8;

export const robotCamera = z.object({
  id: z.string().regex(CAMERA_ID_PATTERN),
  /** What the console shows (the robot's own words, e.g. "Front"). */
  name: z.string().trim().min(1).max(32),
});
export type RobotCamera = z.infer<typeof robotCamera>;

/** How long a signed play URL (live or history) opens its stream, from its issue. */
export const PLAY_URL_TTL_MS = 5 * 60 * 1000;
/** The longest range one history query covers. */
export const VIDEO_HISTORY_RANGE_MAX_MS = 24 * 3600 * 1000;
/** The longest clip one download holds. */
export const VIDEO_CLIP_MAX_MS = 10 * 60 * 1000;
/** The speeds historical video plays at. */
export const VIDEO_SPEEDS = [0.5, 1, 2, 4, 8] as const;
/** The grids of the video monitoring panel: tiles per page. */
export const VIDEO_GRIDS = [1, 4, 9, 16] as const;
export type VideoGrid = (typeof VIDEO_GRIDS)[number];
/** The longest template a tenant may set (streaming, history and file access addresses). */
export const VIDEO_URL_TEMPLATE_MAX = TEXT_MAX.videoUrlTemplate;

/**
 * The placeholders of a tenant's URL templates: `{serial}` and `{camera}` name the stream,
 * `{token}` is the signed play token (docs/video.md), `{from}` and `{to}` (history and files only)
 * the range in epoch milliseconds, `{fromIso}` and `{toIso}` the same in ISO 8601 UTC.
 */
export const VIDEO_TEMPLATE_PLACEHOLDERS = ['serial', 'camera', 'token', 'from', 'to', 'fromIso', 'toIso'] as const;

/**
 * The embedded defaults: the console's server serves the HLS the robots push to it (simulator and
 * small sites with no media server). A tenant's empty template means "not configured".
 */
export const EMBEDDED_VIDEO_TEMPLATES = {
  streamUrl: '/api/media/live/{serial}/{camera}/index.m3u8?t={token}',
  historyUrl: '/api/media/history/{serial}/{camera}/index.m3u8?from={from}&to={to}&t={token}',
  fileUrl: '/api/media/clip/{serial}/{camera}?from={from}&to={to}&t={token}',
} as const;

/**
 * A URL template: empty (not configured), or an absolute http(s)/ws(s) URL or a path from `/`,
 * naming `{serial}` and `{token}` and only known placeholders.
 */
export const videoUrlTemplate = z
  .string()
  .trim()
  .max(VIDEO_URL_TEMPLATE_MAX, 'video.templateTooLong')
  .refine(
    (value) =>
      value === '' ||
      ((/^(https?|wss?):\/\/[^\s]+$/i.test(value) || /^\/[^\s]*$/.test(value)) &&
        value.includes('{serial}') &&
        value.includes('{token}') &&
        [...value.matchAll(/\{(\w+)\}/g)].every((m) =>
          (VIDEO_TEMPLATE_PLACEHOLDERS as readonly string[]).includes(m[1]!),
        )),
    'video.templateInvalid',
  );

/** How the console plays a URL: chosen from the URL itself (docs/video.md). */
export const playerKinds = ['hls', 'flv', 'whep'] as const;
export type PlayerKind = (typeof playerKinds)[number];

/** `.m3u8` plays with hls.js, `.flv` (HTTP or WebSocket) with mpegts.js, WHEP (`/whep`) over WebRTC. */
export function playerKindOf(url: string): PlayerKind | null {
  const path = url.split(/[?#]/)[0]!.toLowerCase();
  if (path.endsWith('.m3u8')) return 'hls';
  if (path.endsWith('.flv')) return 'flv';
  if (/\/whep(\/|$)/.test(path) || path.endsWith('/whep')) return 'whep';
  return null;
}

/** One robot of the camera tree: only robots the user may see. */
export const videoRobot = z.object({
  robotId: z.number().int(),
  robotName: z.string(),
  serialNumber: z.string(),
  online: z.boolean(),
  cameras: z.array(robotCamera),
});
export type VideoRobot = z.infer<typeof videoRobot>;
export const videoRobots = z.array(videoRobot);

export const cameraQuery = z.object({
  robotId: rowId,
  camera: z.string({ error: 'validation.required' }).regex(CAMERA_ID_PATTERN, 'video.cameraNotFound'),
});
export type CameraQuery = z.infer<typeof cameraQuery>;

/** A signed URL to play, and when it stops opening its stream. */
export const playUrl = z.object({ url: z.string(), kind: z.enum(playerKinds), expiresAt: z.number() });
export type PlayUrl = z.infer<typeof playUrl>;

const rangeChecked =
  (max: number, tooLong: string) =>
  <T extends { from: number; to: number }>(value: T, ctx: z.RefinementCtx) => {
    if (value.to <= value.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'video.rangeOrder' });
    else if (value.to - value.from > max) ctx.addIssue({ code: 'custom', path: ['to'], message: tooLong });
  };

/** `GET /video/history`: a camera's recordings between two times. */
export const historyQuery = cameraQuery
  .extend({ from: trackTime, to: trackTime })
  .superRefine(rangeChecked(VIDEO_HISTORY_RANGE_MAX_MS, 'video.rangeTooLong'));
export type HistoryQuery = z.infer<typeof historyQuery>;

/** A span of time (epoch ms) with recorded video. */
export const recordingSpan = z.object({ from: z.number(), to: z.number() });
export type RecordingSpan = z.infer<typeof recordingSpan>;

/**
 * A history play URL and where recordings exist in the range; `recordings` is null when the
 * media server does not say (an outside history URL): the timeline then shows the whole range.
 */
export const historyResult = playUrl.extend({
  from: z.number(),
  to: z.number(),
  recordings: z.array(recordingSpan).nullable(),
});
export type HistoryResult = z.infer<typeof historyResult>;

/** `GET /video/clip`: a signed download of a clip of at most VIDEO_CLIP_MAX_MS. */
export const clipQuery = cameraQuery
  .extend({ from: trackTime, to: trackTime })
  .superRefine(rangeChecked(VIDEO_CLIP_MAX_MS, 'video.clipTooLong'));
export type ClipQuery = z.infer<typeof clipQuery>;
export const clipUrl = z.object({ url: z.string(), expiresAt: z.number() });

/** One tile of the panel: the camera it shows, or empty. */
export const videoTile = z.object({
  robotId: z.number().int().min(1).max(INT4_MAX),
  camera: z.string().regex(CAMERA_ID_PATTERN),
});
export type VideoTile = z.infer<typeof videoTile>;

/** The panel's layout, remembered per user: the grid and what each tile shows (null: empty). */
export const videoLayout = z
  .object({
    grid: z.union(
      VIDEO_GRIDS.map((g) => z.literal(g)) as [z.ZodLiteral<1>, z.ZodLiteral<4>, z.ZodLiteral<9>, z.ZodLiteral<16>],
      {
        error: 'video.gridInvalid',
      },
    ),
    tiles: z.array(videoTile.nullable()).max(16),
  })
  .refine((layout) => layout.tiles.length <= layout.grid, { path: ['tiles'], message: 'video.gridInvalid' });
export type VideoLayout = z.infer<typeof videoLayout>;

/**
 * The audience of the token a robot signs to push its cameras to the embedded media routes: like its
 * MQTT password (same key, subject and key version), but only good for media.
 */
export const MEDIA_TOKEN_AUDIENCE = 'patrol-media';

/** How long a camera stays live on the embedded media routes after its last segment arrived. */
export const MEDIA_LIVE_STALE_MS = 10_000;
/** The segments a live playlist of the embedded media routes lists. */
export const MEDIA_LIVE_WINDOW = 6;
/** The largest segment or playlist a robot may push to the embedded media routes, bytes. */
export const MEDIA_PUSH_MAX_BYTES = 8 * 1024 * 1024;
