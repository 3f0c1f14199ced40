import {
  translate,
  voiceApi,
  type AnyCommandBody,
  type Language,
  type PlaybackOutcome,
  type PlaybackRequest,
  type PlaybackResult,
} from '@patrol/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth, type AuthContext } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { AppError, notFound } from '../../platform/errors.js';
import { requestLanguage } from '../../platform/i18n.js';
import { route } from '../../platform/route.js';
import { findRobot } from '../robots/robots.shared.js';
import { inScope, robotScope } from '../user-robots/user-robots.scope.js';
import type { AudioFiles } from './voice.files.js';
import type { Intercom } from './voice.intercom.js';

type Command = AnyCommandBody & { args: object };

/** Playback on robots: each action a robot command, followed to its replies. */
export function createPlayback(app: FastifyInstance, deps: { files: AudioFiles; intercom: Intercom }) {
  const { db } = app.ctx;

  /** The robot command of an action (the playlist's signed URLs made for this tenant). */
  async function commandOf(tenantId: number, req: PlaybackRequest): Promise<Command> {
    switch (req.action) {
      case 'play':
        return {
          name: 'audioPlay',
          args: { tracks: await deps.files.tracks(tenantId, req.fileIds ?? []), mode: req.mode! },
        };
      case 'pause':
        return { name: 'audioPause', args: {} };
      case 'resume':
        return { name: 'audioResume', args: {} };
      case 'stop':
        return { name: 'audioStop', args: {} };
      case 'next':
        return { name: 'audioNext', args: {} };
      case 'previous':
        return { name: 'audioPrevious', args: {} };
      case 'volume':
        return { name: 'audioVolume', args: { volume: req.volume! } };
      case 'mute':
        return { name: 'audioMute', args: { muted: req.muted! } };
      case 'mode':
        return { name: 'audioMode', args: { mode: req.mode! } };
    }
  }

  /**
   * One action on the chosen robots. Every robot must be the tenant's and in the caller's robot
   * scope (404 for the whole request, nothing sent); a robot in a live announcement refuses the
   * whole request (409) unless the caller confirmed ending it. Each robot then gets its command
   * through the commands module (recorded, followed to its replies); an offline robot's outcome
   * says so while the others' commands go out.
   */
  async function run(caller: AuthContext, req: PlaybackRequest, lang: Language): Promise<PlaybackResult> {
    const scope = await robotScope(db, caller);
    const robots = [];
    for (const robotId of req.robotIds) {
      const robot = await findRobot(db, caller.tenantId, Number(robotId));
      if (!robot || !inScope(scope, robot.id)) throw notFound('voice.robotNotFound');
      robots.push(robot);
    }
    const command = await commandOf(caller.tenantId, req);

    // Only what sounds takes the loudspeaker from an announcement.
    if (req.action === 'play' || req.action === 'resume') {
      const announcing = [];
      for (const robot of robots) if (await deps.intercom.activeOn(robot.id)) announcing.push(robot);
      if (announcing.length > 0 && req.stopAnnouncement !== true) throw new AppError(409, 'voice.announcing');
      for (const robot of announcing) await deps.intercom.endOnRobot(robot.id, 'audio');
    }

    const operator = { id: caller.userId, name: caller.username };
    const outcomes = await Promise.all(
      robots.map(async (robot): Promise<PlaybackOutcome> => {
        const base = { robotId: robot.id, robotName: robot.name };
        try {
          const sent = await app.commands.dispatch(caller.tenantId, robot, command, operator);
          return { ...base, recordId: sent.recordId, commandId: sent.commandId, error: null };
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const key = error.key === 'commands.robotOffline' ? 'voice.robotOfflinePlayback' : error.key;
          return { ...base, recordId: null, commandId: null, error: translate(lang, key, error.params) };
        }
      }),
    );
    return { outcomes };
  }

  return { run };
}
export type Playback = ReturnType<typeof createPlayback>;

export function registerPlaybackRoutes(app: FastifyInstance, playback: Playback): void {
  route(app, voiceApi.playback, async (request) =>
    ok(await playback.run(requireAuth(request), request.body, requestLanguage(request))),
  );
}
