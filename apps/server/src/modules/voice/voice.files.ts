import type { FastifyInstance } from 'fastify';

/** Audio files: upload (MP3 by content, at most 50 MB, one per content), list, rename, delete, signed URLs. */
export function createAudioFiles(app: FastifyInstance) {
  void app;
  return {};
}
export type AudioFiles = ReturnType<typeof createAudioFiles>;

export function registerAudioFileRoutes(app: FastifyInstance, files: AudioFiles): void {
  void app;
  void files;
}
