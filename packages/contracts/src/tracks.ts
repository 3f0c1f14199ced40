import { z } from 'zod';
import { rowId } from './fields.js';

/** The longest time range one track query covers. */
export const TRACK_RANGE_MAX_MS = 7 * 24 * 3600 * 1000;
/** The map zooms a track query accepts (the spec's tile zoom range). */
export const TRACK_ZOOM = { min: 0, max: 29 } as const;
/** Speed (m/s) at or below which a robot counts as stopped: such points survive the downsampling. */
export const TRACK_STOP_SPEED = 0.05;
/** The speeds a playback offers. */
export const PLAYBACK_SPEEDS = [1, 2, 4, 8, 16] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

/** The years a track time may name (a PostgreSQL timestamp reaches as far). */
const TIME_MAX_MS = Date.UTC(9999, 11, 31);

/**
 * A point in time in a track query or a playback link: epoch milliseconds (`1764000000000`) or an
 * ISO 8601 string (`2026-11-25T08:00:00Z`), read as epoch milliseconds.
 */
export const trackTime = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .transform((text, ctx) => {
    const ms = /^\d{1,16}$/.test(text) ? Number(text) : Date.parse(text);
    if (!Number.isFinite(ms) || ms < 0 || ms > TIME_MAX_MS) {
      ctx.addIssue({ code: 'custom', message: 'tracks.timeInvalid' });
      return z.NEVER;
    }
    return ms;
  });

const rangeChecked = <T extends { from: number; to: number }>(value: T, ctx: z.RefinementCtx) => {
  if (value.to <= value.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'tracks.rangeOrder' });
  else if (value.to - value.from > TRACK_RANGE_MAX_MS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'tracks.rangeTooLong' });
};

/** `GET /task-server/track/query`: a robot's track between two times, for a map at `zoom`. */
export const trackQuery = z
  .object({
    robotId: rowId,
    from: trackTime,
    to: trackTime,
    zoom: z.coerce
      .number({ error: 'validation.invalid' })
      .int('validation.invalid')
      .min(TRACK_ZOOM.min, 'validation.outOfRange')
      .max(TRACK_ZOOM.max, 'validation.outOfRange')
      .optional(),
  })
  .superRefine(rangeChecked);
export type TrackQuery = z.infer<typeof trackQuery>;

/** One drawn point: `[ts (epoch ms), lng, lat, speed (m/s)]`. */
export const trackPoint = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type TrackPoint = z.infer<typeof trackPoint>;

/** A track as drawn: the kept points, in time order, and how many were stored in the range. */
export const trackResult = z.object({
  robotId: z.number().int(),
  from: z.number(),
  to: z.number(),
  /** The zoom the points were simplified for (the map's default zoom when the query named none). */
  zoom: z.number().int(),
  rawCount: z.number().int(),
  points: z.array(trackPoint),
});
export type TrackResult = z.infer<typeof trackResult>;

/** `GET /task-server/track/marks`: the robot's alarms and commands between two times. */
export const trackMarksQuery = z.object({ robotId: rowId, from: trackTime, to: trackTime }).superRefine(rangeChecked);
export type TrackMarksQuery = z.infer<typeof trackMarksQuery>;

export const trackMarkKinds = ['alarm', 'command'] as const;
export type TrackMarkKind = (typeof trackMarkKinds)[number];

/** A moment on a playback's timeline: an alarm the robot raised or a command it was sent. */
export const trackMark = z.object({
  /** Epoch ms: when the robot saw the alarm, or when the command was sent. */
  ts: z.number(),
  kind: z.enum(trackMarkKinds),
  /** The alarm's message, or the command's name. */
  label: z.string(),
  /** The alarm's or the command record's id. */
  id: z.number().int(),
});
export type TrackMark = z.infer<typeof trackMark>;
export const trackMarks = z.array(trackMark);
