import type { FastifyInstance } from 'fastify';
import type { AudioFiles } from './voice.files.js';
import type { Intercom } from './voice.intercom.js';

/** Playback on robots: each action a robot command, followed to its replies. */
export function createPlayback(app: FastifyInstance, deps: { files: AudioFiles; intercom: Intercom }) {
  void app;
  void deps;
  return {};
}
export type Playback = ReturnType<typeof createPlayback>;

export function registerPlaybackRoutes(app: FastifyInstance, playback: Playback): void {
  void app;
  void playback;
}
