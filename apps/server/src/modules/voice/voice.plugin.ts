import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createAudioFiles, registerAudioFileRoutes, type AudioFiles } from './voice.files.js';
import { createIntercom, registerIntercomRoutes, type Intercom } from './voice.intercom.js';
import { createPlayback, registerPlaybackRoutes, type Playback } from './voice.playback.js';

declare module 'fastify' {
  // Module augmentation has to extend the framework's own interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Voice: audio files, playback on robots, live announcements (the voice module's parts). */
    voice: { files: AudioFiles; playback: Playback; intercom: Intercom };
  }
}

const plugin: FastifyPluginAsync = async (app) => {
  const intercom = createIntercom(app);
  const files = createAudioFiles(app);
  const playback = createPlayback(app, { files, intercom });
  app.decorate('voice', { files, playback, intercom });

  registerAudioFileRoutes(app, files);
  registerPlaybackRoutes(app, playback);
  registerIntercomRoutes(app, intercom);
};

/** Voice: MP3 files kept for robots, playback on robots, and live announcements over WebRTC. */
export const voicePlugin = fp(plugin, {
  name: 'voice',
  dependencies: ['context', 'gateway', 'robots', 'commands', 'monitoring', 'realtime'],
});
