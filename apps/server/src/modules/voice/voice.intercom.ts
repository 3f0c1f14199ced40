import type { FastifyInstance } from 'fastify';

/**
 * Live announcements: one holder per robot, the offer and answer relayed between the console
 * socket and the robot's voice topics, each session on record.
 */
export function createIntercom(app: FastifyInstance) {
  void app;
  return {
    /** The open session on a robot, if any. */
    async activeOn(_robotId: number): Promise<{ sessionId: string; userId: number; operatorName: string } | null> {
      return null;
    },
    /** Ends the open session on a robot, if any (e.g. audio playback took the loudspeaker); true if one ended. */
    async endOnRobot(_robotId: number, _reason: 'audio' | 'robot'): Promise<boolean> {
      return false;
    },
  };
}
export type Intercom = ReturnType<typeof createIntercom>;

export function registerIntercomRoutes(app: FastifyInstance, intercom: Intercom): void {
  void app;
  void intercom;
}
