import { createHash } from 'node:crypto';
import type { AudioPlayMode, AudioPlayerState, AudioTrack, RobotAudioState } from '@patrol/contracts';

/**
 * The robot's audio player: `play()` downloads a playlist (each file checked against its size and
 * SHA-256), then "plays" each track for its duration in real time, in the play mode's order.
 * Nothing is decoded or heard: what the console sees is the state (`state.audio`) and the timing.
 */

export type SimAudioPlayerOptions = {
  serial: string;
  /** The console's HTTP base, against which relative track URLs resolve. */
  consoleUrl?: string;
  onLog?: (line: string) => void;
  /** Verified contents remembered (by SHA-256) so that a loop does not download again (200). */
  cacheEntries?: number;
  /** How long a download may take, ms (60 s). */
  downloadTimeoutMs?: number;
  /** A number in [0, 1) (Math.random), for the shuffle order. */
  random?: () => number;
};

/** The volume a robot starts with. */
export const DEFAULT_AUDIO_VOLUME = 60;
/** A track is never shorter than this on the player's clock (a zero-length file does not spin). */
const MIN_TRACK_MS = 50;

/** Thrown when a playlist cannot be played (download failed, content not the one announced). */
export class AudioPlayError extends Error {}

export class SimAudioPlayer {
  private readonly options: SimAudioPlayerOptions;
  volume = DEFAULT_AUDIO_VOLUME;
  muted = false;
  mode: AudioPlayMode = 'sequence';
  state: AudioPlayerState = 'idle';
  private tracks: AudioTrack[] = [];
  /** The playlist index of the current track, -1 when none. */
  private index = -1;
  /** Position reached before the last (re)start, and when that start was. */
  private positionBase = 0;
  private resumedAt = 0;
  private endTimer: NodeJS.Timeout | undefined;
  /** Indexes played, for `previous` in shuffle. */
  private history: number[] = [];
  /** Verified contents: SHA-256 → size, oldest first. */
  private readonly verified = new Map<string, number>();
  /** Bumped by every play and stop, so an older download in flight does not start playing. */
  private generation = 0;
  /** Downloads made (tests read it). */
  downloads = 0;
  /** Tracks started, in order: file ids (tests read it). */
  readonly started: number[] = [];

  constructor(options: SimAudioPlayerOptions) {
    this.options = options;
  }

  private log(line: string) {
    this.options.onLog?.(`${this.options.serial} audio: ${line}`);
  }

  /** What goes out in telemetry. */
  snapshot(announcing: boolean, now = Date.now()): RobotAudioState {
    const track = this.tracks[this.index];
    return {
      volume: this.volume,
      muted: this.muted,
      mode: this.mode,
      state: this.state,
      playlist: this.tracks.map((t) => t.fileId),
      current: track
        ? {
            fileId: track.fileId,
            name: track.name,
            positionMs: Math.round(Math.min(track.durationMs, this.position(now))),
            durationMs: track.durationMs,
          }
        : null,
      announcing,
    };
  }

  private position(now: number): number {
    return this.state === 'playing' ? this.positionBase + (now - this.resumedAt) : this.positionBase;
  }

  /** The file the player is on, if any. */
  get current(): AudioTrack | null {
    return this.tracks[this.index] ?? null;
  }

  /** Why the player cannot take this command now, or null. */
  refusal(name: string): string | null {
    switch (name) {
      case 'audioPause':
        return this.state === 'playing' ? null : 'not playing';
      case 'audioResume':
        return this.state === 'paused' ? null : 'not paused';
      case 'audioNext':
      case 'audioPrevious':
        return this.state === 'idle' ? 'nothing playing' : null;
      default:
        return null;
    }
  }

  /**
   * Downloads and checks every track, then plays the first (shuffle: a random one). Rejects with
   * an AudioPlayError saying why when a file cannot be had; a later play or stop meanwhile wins
   * (this one then rejects with "superseded").
   */
  async play(tracks: AudioTrack[], mode: AudioPlayMode): Promise<void> {
    const generation = ++this.generation;
    for (const track of tracks) {
      if (this.verified.has(track.sha256) && this.verified.get(track.sha256) === track.size) {
        // Seen again: the oldest-first order makes it the newest.
        this.verified.delete(track.sha256);
        this.verified.set(track.sha256, track.size);
        continue;
      }
      await this.download(track);
      if (generation !== this.generation) throw new AudioPlayError('superseded');
    }
    if (generation !== this.generation) throw new AudioPlayError('superseded');
    this.halt();
    this.tracks = [...tracks];
    this.mode = mode;
    this.history = [];
    this.index = -1;
    this.state = 'playing';
    this.startTrack(mode === 'shuffle' ? Math.floor(this.random() * tracks.length) : 0);
  }

  private random(): number {
    return (this.options.random ?? Math.random)();
  }

  private async download(track: AudioTrack): Promise<void> {
    let url: URL;
    try {
      url = this.options.consoleUrl ? new URL(track.url, this.options.consoleUrl) : new URL(track.url);
    } catch {
      throw new AudioPlayError(`cannot resolve the URL of "${track.name}"`);
    }
    this.downloads++;
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(this.options.downloadTimeoutMs ?? 60_000) });
    } catch (error) {
      throw new AudioPlayError(`download of "${track.name}" failed: ${error instanceof Error ? error.message : error}`);
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => {});
      throw new AudioPlayError(`download of "${track.name}" failed: HTTP ${response.status}`);
    }
    const hash = createHash('sha256');
    let size = 0;
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        size += chunk.length;
        if (size > track.size) break;
        hash.update(chunk);
      }
    } catch (error) {
      throw new AudioPlayError(`download of "${track.name}" failed: ${error instanceof Error ? error.message : error}`);
    }
    if (size !== track.size) {
      throw new AudioPlayError(`"${track.name}" is not the announced size (${track.size} bytes)`);
    }
    if (hash.digest('hex') !== track.sha256.toLowerCase()) {
      throw new AudioPlayError(`"${track.name}" does not match its SHA-256`);
    }
    this.verified.set(track.sha256, track.size);
    const max = this.options.cacheEntries ?? 200;
    while (this.verified.size > max) this.verified.delete(this.verified.keys().next().value!);
    this.log(`downloaded "${track.name}" (${size} bytes)`);
  }

  /** Puts the player on track `index` at its start, playing or paused as it was. */
  private startTrack(index: number) {
    clearTimeout(this.endTimer);
    if (this.index >= 0 && this.index !== index) this.history.push(this.index);
    if (this.history.length > 100) this.history.shift();
    this.index = index;
    this.positionBase = 0;
    this.resumedAt = Date.now();
    const track = this.tracks[index]!;
    this.started.push(track.fileId);
    this.log(`${this.state === 'paused' ? 'on' : 'playing'} "${track.name}" (${this.mode})`);
    if (this.state === 'playing') this.scheduleEnd();
  }

  private scheduleEnd() {
    clearTimeout(this.endTimer);
    const track = this.tracks[this.index]!;
    const left = Math.max(MIN_TRACK_MS, track.durationMs) - this.positionBase;
    this.endTimer = setTimeout(() => this.trackEnded(), Math.max(0, left));
  }

  /** The end of a track: the next by the mode, or the end of the playlist (sequence). */
  private trackEnded() {
    if (this.state !== 'playing') return;
    if (this.mode === 'singleLoop') return this.startTrack(this.index);
    if (this.mode === 'shuffle') return this.startTrack(this.shuffled());
    if (this.index + 1 < this.tracks.length) return this.startTrack(this.index + 1);
    this.log('end of the playlist');
    this.stop();
  }

  /** A random track other than the current one (the only one when there is one). */
  private shuffled(): number {
    if (this.tracks.length < 2) return 0;
    const pick = Math.floor(this.random() * (this.tracks.length - 1));
    return pick >= this.index ? pick + 1 : pick;
  }

  pause(): boolean {
    if (this.state !== 'playing') return false;
    this.positionBase = this.position(Date.now());
    this.state = 'paused';
    clearTimeout(this.endTimer);
    return true;
  }

  resume(): boolean {
    if (this.state !== 'paused') return false;
    this.state = 'playing';
    this.resumedAt = Date.now();
    this.scheduleEnd();
    return true;
  }

  /** Ends playback: idle, no playlist. A download in flight is dropped. */
  stop(): void {
    this.generation++;
    this.halt();
    this.tracks = [];
    this.index = -1;
    this.positionBase = 0;
    this.history = [];
  }

  /** Stops the clock of the current track (the player goes idle; the playlist is kept). */
  private halt() {
    clearTimeout(this.endTimer);
    this.state = 'idle';
  }

  /**
   * The next track: by the mode's order (shuffle: a random other one); in sequence and single
   * loop, after the last comes the first again.
   */
  next(): boolean {
    if (this.state === 'idle') return false;
    this.startTrack(this.mode === 'shuffle' ? this.shuffled() : (this.index + 1) % this.tracks.length);
    return true;
  }

  /** The previous track: the one played before in shuffle, else the one before in the list (the last before the first). */
  previous(): boolean {
    if (this.state === 'idle') return false;
    const before = this.mode === 'shuffle' ? this.history.pop() : undefined;
    const index = before ?? (this.index - 1 + this.tracks.length) % this.tracks.length;
    // Going back is not itself history.
    const keep = this.history.slice();
    this.startTrack(index);
    if (this.mode === 'shuffle') this.history = keep;
    return true;
  }

  setVolume(volume: number): void {
    this.volume = volume;
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
  }

  /** Changes the order from the next track on; the current track plays on. */
  setMode(mode: AudioPlayMode): void {
    this.mode = mode;
  }
}
