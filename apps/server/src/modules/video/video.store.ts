import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CAMERA_ID_PATTERN, MEDIA_LIVE_STALE_MS, MEDIA_LIVE_WINDOW } from '@patrol/contracts';

const HOUR_MS = 3600_000;
/** Segments pushed but not yet named by a playlist, per camera; the oldest go beyond this. */
const PENDING_MAX = 16;

/** A stored segment: its hour folder, file name, start (epoch ms) and duration (ms). */
export type StoredSegment = { hour: string; name: string; start: number; duration: number };

export const SEGMENT_NAME = /^(\d{1,15})_(\d{1,7})\.ts$/;
export const HOUR_NAME = /^\d{10}$/;
/** A segment file name as an encoder pushes it (`12.ts`, `seg-000012.ts`). */
export const PUSHED_SEGMENT = /^[A-Za-z0-9_-]{1,64}\.ts$/;

/** The UTC hour folder of a time: YYYYMMDDHH. */
export function hourOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 13).replace(/[-T]/g, '');
}

const hourStart = (hour: string) =>
  Date.UTC(+hour.slice(0, 4), +hour.slice(4, 6) - 1, +hour.slice(6, 8), +hour.slice(8, 10));

/** One entry of a pushed HLS playlist: the segment's URI, duration (s) and PROGRAM-DATE-TIME when given. */
type PlaylistEntry = { uri: string; duration: number; dateTime: number | null };

/** The segments a pushed HLS playlist names, in order. */
export function parsePlaylist(text: string): PlaylistEntry[] {
  const out: PlaylistEntry[] = [];
  let duration: number | null = null;
  let dateTime: number | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) {
      const ms = Date.parse(line.slice(25));
      dateTime = Number.isNaN(ms) ? null : ms;
    } else if (line && !line.startsWith('#')) {
      if (duration !== null && Number.isFinite(duration) && duration > 0) out.push({ uri: line, duration, dateTime });
      duration = null;
      dateTime = null;
    }
  }
  return out;
}

/** The file name at the end of a segment URI (absolute, relative, with credentials or a query). */
const baseName = (uri: string) => uri.split(/[?#]/)[0]!.split('/').pop() ?? '';

type CameraState = {
  pending: Map<string, Buffer>;
  live: StoredSegment[];
  sequence: number;
  /** When its last segment arrived (this instance's clock). */
  lastAt: number;
};

export type VideoStoreOptions = { root: string; retentionHours: number; maxBytes: number };

/**
 * The embedded recordings (docs/video.md): segments robots push, kept on this instance's disk under
 * `<root>/<robotId>/<camera>/<UTC hour>/<startMs>_<durationMs>.ts`, the live window of each camera
 * in memory, and the sweep that keeps the retention and the disk bound.
 */
export function createVideoStore(options: VideoStoreOptions) {
  const cameras = new Map<string, CameraState>();
  /** Bytes of closed hour folders (they no longer change), by path. */
  const closedHourBytes = new Map<string, number>();
  let bytesOnDisk = 0;
  let stored = 0;

  const key = (robotId: number, camera: string) => `${robotId}/${camera}`;
  const cameraDir = (robotId: number, camera: string) => path.join(options.root, String(robotId), camera);

  function state(robotId: number, camera: string): CameraState {
    const k = key(robotId, camera);
    let s = cameras.get(k);
    if (!s) {
      s = { pending: new Map(), live: [], sequence: 0, lastAt: 0 };
      cameras.set(k, s);
    }
    return s;
  }

  /** Holds a pushed segment until a playlist names it. */
  function putSegment(robotId: number, camera: string, name: string, data: Buffer): void {
    const s = state(robotId, camera);
    s.pending.delete(name);
    s.pending.set(name, data);
    while (s.pending.size > PENDING_MAX) s.pending.delete(s.pending.keys().next().value!);
  }

  /**
   * Stores the held segments a pushed playlist names, each with its start (its PROGRAM-DATE-TIME,
   * else the previous one's end, else its arrival less its duration) and duration; answers how many.
   */
  async function putPlaylist(robotId: number, camera: string, text: string, now = Date.now()): Promise<number> {
    const s = state(robotId, camera);
    let previousEnd: number | null = null;
    let count = 0;
    for (const entry of parsePlaylist(text)) {
      const duration = Math.round(entry.duration * 1000);
      const start: number = entry.dateTime ?? previousEnd ?? now - duration;
      previousEnd = start + duration;
      const name = baseName(entry.uri);
      const data = s.pending.get(name);
      if (!data) continue;
      s.pending.delete(name);
      const segment: StoredSegment = { hour: hourOf(start), name: `${start}_${duration}.ts`, start, duration };
      const dir = path.join(cameraDir(robotId, camera), segment.hour);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, segment.name), data);
      bytesOnDisk += data.length;
      stored++;
      count++;
      s.live.push(segment);
      s.sequence++;
      if (s.live.length > MEDIA_LIVE_WINDOW) s.live.shift();
      s.lastAt = now;
    }
    return count;
  }

  /** The live window of a camera and its media sequence, or null when no segment arrived lately. */
  function live(robotId: number, camera: string, now = Date.now()) {
    const s = cameras.get(key(robotId, camera));
    if (!s || s.live.length === 0 || now - s.lastAt > MEDIA_LIVE_STALE_MS) return null;
    return { segments: [...s.live], sequence: s.sequence - s.live.length };
  }

  /** The stored segments of a camera that overlap [from, to), in time order. */
  async function list(robotId: number, camera: string, from: number, to: number): Promise<StoredSegment[]> {
    const out: StoredSegment[] = [];
    const dir = cameraDir(robotId, camera);
    // A segment that started in the previous hour may still overlap.
    for (let h = Math.floor(from / HOUR_MS) * HOUR_MS - HOUR_MS; h < to; h += HOUR_MS) {
      const hour = hourOf(h);
      let names: string[];
      try {
        names = await readdir(path.join(dir, hour));
      } catch {
        continue;
      }
      for (const name of names) {
        const m = SEGMENT_NAME.exec(name);
        if (!m) continue;
        const start = Number(m[1]);
        const duration = Number(m[2]);
        if (start < to && start + duration > from) out.push({ hour, name, start, duration });
      }
    }
    return out.sort((a, b) => a.start - b.start);
  }

  /** The path of a stored segment, or null for names that are not a segment's. */
  function segmentPath(robotId: number, camera: string, hour: string, name: string): string | null {
    if (!CAMERA_ID_PATTERN.test(camera) || !HOUR_NAME.test(hour) || !SEGMENT_NAME.test(name)) return null;
    return path.join(cameraDir(robotId, camera), hour, name);
  }

  async function entries(dir: string): Promise<string[]> {
    try {
      return await readdir(dir);
    } catch {
      return [];
    }
  }

  async function folderBytes(dir: string): Promise<number> {
    let total = 0;
    for (const name of await entries(dir)) {
      try {
        total += (await stat(path.join(dir, name))).size;
      } catch {
        // Deleted meanwhile.
      }
    }
    return total;
  }

  /**
   * Deletes the hour folders past the retention, then the oldest hours (never the current one)
   * while the total exceeds the bound; answers how many hours went. Each instance sweeps its own disk.
   */
  async function sweep(now = Date.now()): Promise<number> {
    const current = hourOf(now);
    const before = now - options.retentionHours * HOUR_MS;
    const hours: { dir: string; hour: string; bytes: number }[] = [];
    let deleted = 0;
    for (const robot of await entries(options.root)) {
      for (const camera of await entries(path.join(options.root, robot))) {
        for (const hour of await entries(path.join(options.root, robot, camera))) {
          if (!HOUR_NAME.test(hour)) continue;
          const dir = path.join(options.root, robot, camera, hour);
          if (hourStart(hour) + HOUR_MS <= before) {
            await rm(dir, { recursive: true, force: true });
            closedHourBytes.delete(dir);
            deleted++;
            continue;
          }
          let bytes = closedHourBytes.get(dir);
          if (bytes === undefined) {
            bytes = await folderBytes(dir);
            if (hour < current) closedHourBytes.set(dir, bytes);
          }
          hours.push({ dir, hour, bytes });
        }
      }
    }
    let total = hours.reduce((sum, h) => sum + h.bytes, 0);
    hours.sort((a, b) => a.hour.localeCompare(b.hour));
    for (const h of hours) {
      if (total <= options.maxBytes || h.hour >= current) break;
      await rm(h.dir, { recursive: true, force: true });
      closedHourBytes.delete(h.dir);
      total -= h.bytes;
      deleted++;
    }
    bytesOnDisk = total;
    return deleted;
  }

  /** For the service list: cameras live now, segments stored since start, bytes on disk. */
  function stats(now = Date.now()) {
    let liveStreams = 0;
    for (const s of cameras.values()) if (s.live.length > 0 && now - s.lastAt <= MEDIA_LIVE_STALE_MS) liveStreams++;
    return { liveStreams, stored, bytesOnDisk };
  }

  /** Whether the disk holds more than the bound (a sweep is due before its time). */
  const overBound = () => bytesOnDisk > options.maxBytes;

  return { putSegment, putPlaylist, live, list, segmentPath, sweep, stats, overBound };
}

export type VideoStore = ReturnType<typeof createVideoStore>;
