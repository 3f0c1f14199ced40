import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import type { RobotCamera } from '@patrol/contracts';
import { CAMERA_FRAME_HEIGHT, CAMERA_FRAME_WIDTH, CameraFramePainter, clockText } from './camera-frame.js';

/**
 * One simulated camera: paints its frames (camera-frame.ts) and pipes them as raw RGB into ffmpeg,
 * which encodes H.264 and PUTs HLS (segments, then the playlist naming them with their
 * program date-time) to the console's embedded media routes, as a robot without a media server
 * does (docs/video.md). The credentials are the robot's serial and a media token it signs.
 */

export type SimCameraOptions = {
  serial: string;
  camera: RobotCamera;
  /** The console's HTTP base, e.g. http://127.0.0.1:8080 */
  consoleUrl: string;
  /** Signs a fresh media token (a JWT with the media audience). */
  token: () => Promise<string>;
  /** How long a token lasts, s: ffmpeg restarts with a new one before it expires. */
  tokenTtlS: number;
  onLog?: (line: string) => void;
  /** The ffmpeg to run (resolveFfmpeg() by default). */
  ffmpegPath?: string;
  /** Frames a second (10 by default). */
  fps?: number;
};

/** Back-off between restarts of an ffmpeg that exited: 1 s doubling to 30 s. */
export const CAMERA_RESTART_MIN_MS = 1000;
export const CAMERA_RESTART_MAX_MS = 30_000;
/** How far the frames may fall behind the wall clock before ffmpeg restarts (its timeline would lie). */
export const CAMERA_MAX_LAG_MS = 2000;
/** Time ffmpeg gets to start before the first frame. */
const START_LEAD_MS = 300;
/** How long `stop()` waits for ffmpeg to finish its last segment before it kills it. */
const STOP_GRACE_MS = 3000;

const running = new Set<ChildProcess>();
let exitHook = false;
/** An ffmpeg must not outlive the simulator: kill what is left when the process exits. */
function track(child: ChildProcess) {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => {
      for (const c of running) c.kill('SIGKILL');
    });
  }
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The ffmpeg to run: `FFMPEG_PATH`, else `ffmpeg` on the PATH, else the binary of the optional
 * `@ffmpeg-installer/linux-x64`; null when there is none.
 */
export function resolveFfmpeg(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.FFMPEG_PATH) return env.FFMPEG_PATH;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && executable(join(dir, 'ffmpeg'))) return join(dir, 'ffmpeg');
  }
  try {
    const pkg = createRequire(import.meta.url).resolve('@ffmpeg-installer/linux-x64/package.json');
    const binary = join(dirname(pkg), 'ffmpeg');
    return executable(binary) ? binary : null;
  } catch {
    return null;
  }
}

/** Where ffmpeg PUTs a camera's HLS: the playlist and segment URLs, credentials in the userinfo. */
export function ingestUrls(consoleUrl: string, serial: string, camera: string, token: string) {
  const base = new URL(consoleUrl);
  const auth = `${encodeURIComponent(serial)}:${encodeURIComponent(token)}@`;
  const path = `/api/media/ingest/${encodeURIComponent(serial)}/${encodeURIComponent(camera)}`;
  const origin = `${base.protocol}//${auth}${base.host}${base.pathname.replace(/\/+$/, '')}${path}`;
  return { playlist: `${origin}/index.m3u8`, segments: `${origin}/%d.ts` };
}

/** ffmpeg's arguments: raw RGB frames from stdin to HLS over HTTP PUT. */
export function ffmpegArgs(urls: { playlist: string; segments: string }, fps: number, startNumber: number): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error'],
    ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${CAMERA_FRAME_WIDTH}x${CAMERA_FRAME_HEIGHT}`, '-r', String(fps)],
    ...['-i', '-'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency'],
    ...['-g', String(fps), '-keyint_min', String(fps), '-sc_threshold', '0', '-pix_fmt', 'yuv420p'],
    ...['-f', 'hls', '-hls_time', '1', '-hls_list_size', '4', '-hls_flags', 'program_date_time+omit_endlist'],
    // Segment numbers go on from the epoch second, so a restarted ffmpeg never reuses a name.
    ...['-start_number', String(startNumber)],
    ...['-method', 'PUT', '-http_persistent', '1'],
    ...['-hls_segment_filename', urls.segments, urls.playlist],
  ];
}

/** One camera of a simulated robot: `start()` streams until `stop()`, restarting ffmpeg as needed. */
export class SimCamera {
  private readonly options: SimCameraOptions;
  private readonly painter = new CameraFramePainter();
  private readonly lines: string[];
  private readonly frameMs: number;
  private child: ChildProcess | null = null;
  private frameTimer: NodeJS.Timeout | undefined;
  private restartTimer: NodeJS.Timeout | undefined;
  private renewTimer: NodeJS.Timeout | undefined;
  private running = false;
  private backoff = CAMERA_RESTART_MIN_MS;
  /** Frames written to the current ffmpeg, and when its first was due. */
  private written = 0;
  private startedAt = 0;
  /** Frames dropped because ffmpeg had not read the previous one yet. */
  dropped = 0;
  /** How many times ffmpeg was started. */
  starts = 0;

  constructor(options: SimCameraOptions) {
    this.options = options;
    this.frameMs = 1000 / (options.fps ?? 10);
    this.lines = [options.serial, options.camera.name, ''];
  }

  get id(): string {
    return this.options.camera.id;
  }

  /** Whether an ffmpeg is running for the camera now. */
  get live(): boolean {
    return this.child !== null;
  }

  /** The id of the running ffmpeg, if any. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  private log(line: string) {
    this.options.onLog?.(`${this.options.serial} camera ${this.id}: ${line}`);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.backoff = CAMERA_RESTART_MIN_MS;
    void this.launch();
  }

  private async launch(): Promise<void> {
    if (!this.running || this.child) return;
    const ffmpeg = this.options.ffmpegPath ?? resolveFfmpeg();
    if (!ffmpeg) {
      this.log('no ffmpeg (set FFMPEG_PATH or install ffmpeg): the camera stays dark');
      this.running = false;
      return;
    }
    let token: string;
    try {
      token = await this.options.token();
    } catch (error) {
      this.log(`cannot sign its media token: ${String(error)}`);
      this.scheduleRestart();
      return;
    }
    if (!this.running || this.child) return;
    const urls = ingestUrls(this.options.consoleUrl, this.options.serial, this.id, token);
    const child = spawn(ffmpeg, ffmpegArgs(urls, 1000 / this.frameMs, Math.floor(Date.now() / 1000)), {
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    track(child);
    this.child = child;
    this.starts++;
    this.written = 0;
    // The first frame goes in on a whole second: ffmpeg stamps the playlist's first program
    // date-time with the second it starts encoding (whole seconds), so the timeline meets the clock.
    this.startedAt = Math.ceil((Date.now() + START_LEAD_MS) / 1000) * 1000;
    let errors = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      errors = (errors + chunk).slice(-2000);
    });
    // A broken pipe (ffmpeg gone) is reported by 'exit'; the error must not crash the simulator.
    child.stdin!.on('error', () => {});
    child.once('error', (error) => this.log(`ffmpeg failed to start: ${error.message}`));
    child.once('close', (code, signal) => {
      if (this.child !== child) return;
      this.child = null;
      clearTimeout(this.frameTimer);
      clearTimeout(this.renewTimer);
      if (!this.running) return;
      const last = errors.trim().split('\n').slice(-3).join(' | ');
      this.log(`ffmpeg exited (${signal ?? code})${last ? `: ${last}` : ''}; restarting`);
      this.scheduleRestart();
    });
    // A stream that ran a while is healthy again: the next failure starts the back-off afresh.
    const healthy = setTimeout(() => {
      if (this.child === child) this.backoff = CAMERA_RESTART_MIN_MS;
    }, 10_000);
    healthy.unref();
    // Renew the token before it expires: ffmpeg sends the same one with every PUT.
    const renewInMs = Math.max(10_000, this.options.tokenTtlS * 1000 - 60_000);
    this.renewTimer = setTimeout(() => this.renew(child), renewInMs);
    this.log(`streaming to ${new URL(this.options.consoleUrl).origin}`);
    this.frameTimer = setTimeout(() => this.nextFrame(child), this.startedAt - Date.now());
  }

  private scheduleRestart() {
    if (!this.running) return;
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => void this.launch(), this.backoff);
    this.backoff = Math.min(CAMERA_RESTART_MAX_MS, this.backoff * 2);
  }

  /** Ends the current ffmpeg (its last segment is sent) and starts one with a new token. */
  private renew(child: ChildProcess) {
    if (this.child !== child) return;
    this.log('renewing its media token');
    void this.end(child).then(() => {
      if (this.running) void this.launch();
    });
  }

  /**
   * Writes the frame due now, timed by the wall clock: ffmpeg reads frames as `fps` a second, so
   * the number written must follow the clock. A frame ffmpeg has not taken yet is not queued
   * behind (the new one is dropped); a missed tick is made up by writing the frames due, and a
   * lag too long to make up restarts ffmpeg, whose timeline would otherwise run late.
   */
  private nextFrame(child: ChildProcess) {
    if (this.child !== child || !this.running) return;
    const now = Date.now();
    const due = Math.floor((now - this.startedAt) / this.frameMs) + 1;
    const stdin = child.stdin!;
    if (due - this.written > CAMERA_MAX_LAG_MS / this.frameMs) {
      this.log(`frames fell ${Math.round((due - this.written) * this.frameMs)} ms behind; restarting ffmpeg`);
      this.written = due;
      void this.end(child).then(() => {
        if (this.running) void this.launch();
      });
      return;
    }
    if (due > this.written) {
      if (stdin.writableNeedDrain) {
        this.dropped++;
      } else {
        // Each frame shows its own moment on the timeline (the time code is exact).
        while (this.written < due && !stdin.writableNeedDrain) {
          const at = this.startedAt + Math.round(this.written * this.frameMs);
          this.lines[2] = clockText(at);
          // A copy: the painter's buffer is painted over by the next frame while this one may wait.
          stdin.write(Buffer.from(this.painter.paint(at, this.lines)));
          this.written++;
        }
      }
    }
    const wait = this.startedAt + this.written * this.frameMs - Date.now();
    this.frameTimer = setTimeout(() => this.nextFrame(child), Math.max(5, wait));
  }

  /** Closes ffmpeg's input so it writes its last segment; kills it if it does not end in time. */
  private end(child: ChildProcess): Promise<void> {
    if (this.child === child) this.child = null;
    clearTimeout(this.frameTimer);
    clearTimeout(this.renewTimer);
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const kill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      child.once('close', () => {
        clearTimeout(kill);
        resolve();
      });
      child.stdin!.end();
    });
  }

  /** Stops the camera: ffmpeg finishes its last segment and exits (killed if it hangs). */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (child) {
      await this.end(child);
      this.log('stopped');
    }
  }
}
