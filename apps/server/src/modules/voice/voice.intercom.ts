import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  robotOnline,
  robotTopic,
  robotVoiceReply,
  translate,
  voiceApi,
  VOICE_HEARTBEAT_MS,
  VOICE_OFFER_TIMEOUT_MS,
  voiceSessionId,
  type AnnouncementRow,
  type Page,
  type RobotVoiceRequest,
  type VoiceEndReason,
  type VoiceHolder,
  type VoiceSession,
  type VoiceSignal,
} from '@patrol/contracts';
import type { AuthContext } from '../../platform/auth.js';
import { requireAuth } from '../../platform/auth.js';
import type { BusEvents } from '../../platform/bus.js';
import { ok } from '../../platform/envelope.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { SocketConnection } from '../../platform/hub.js';
import { pageWindow } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { findRobot, findRobotById } from '../robots/robots.shared.js';
import { inScope, robotScope, scopeFilter } from '../user-robots/user-robots.scope.js';
import {
  bindSession,
  endSession,
  endStaleSessions,
  findSession,
  findSessionOfUser,
  insertSession,
  markConnected,
  openSessionOfRobot,
  pageSessions,
  refreshHeartbeats,
  type Staleness,
  type VoiceSessionRow,
} from './voice.sessions.repository.js';

/** Timings of the announcements (the contract's, unless shortened). */
export type IntercomTimings = {
  /** A session not bound by its console's offer within this is over. */
  offerTimeoutMs: number;
  /** The robot's answer must arrive within this after the offer. */
  answerTimeoutMs: number;
  /** Bound sessions are refreshed this often; one silent for 3 × this is over. */
  heartbeatMs: number;
};

/** A session bound to a console socket of this instance. */
type Bound = { row: VoiceSessionRow; conn: SocketConnection; answerTimer?: NodeJS.Timeout | undefined };
type EndMessage = NonNullable<BusEvents['voice.signal']['messageKey']>;

const toAnnouncement = (row: VoiceSessionRow): AnnouncementRow => ({
  sessionId: row.id,
  robotId: row.robotId,
  robotName: row.robotName,
  serialNumber: row.serialNumber,
  operatorName: row.operatorName,
  startTime: row.startedAt.toISOString(),
  connectedTime: row.connectedAt?.toISOString() ?? null,
  endTime: row.endedAt?.toISOString() ?? null,
  endReason: (row.endReason as VoiceEndReason | null) ?? null,
});

/**
 * Live announcements: one holder per robot, the offer and answer relayed between the console
 * socket and the robot's voice topics, each session on record.
 *
 * A session is a row of `voice_sessions`: opened by `start` (the partial unique index on open rows
 * is the lock), bound by the offer to the console socket that sent it, kept alive by the heartbeat
 * of the instance holding that socket, and ended exactly once (the UPDATE that finds it open),
 * whoever ends it: the operator, the socket closing, the robot, a time-out, or a sweep of stale
 * sessions. Signals for the operator's consoles travel on the bus, so a robot's reply received by
 * any instance reaches the console socket held by another.
 */
export function createIntercom(app: FastifyInstance, timings: Partial<IntercomTimings> = {}) {
  const { db, config, bus } = app.ctx;
  const offerTimeoutMs = timings.offerTimeoutMs ?? VOICE_OFFER_TIMEOUT_MS;
  const answerTimeoutMs = timings.answerTimeoutMs ?? config.voiceAnswerTimeoutMs;
  const heartbeatMs = timings.heartbeatMs ?? VOICE_HEARTBEAT_MS;
  const limits: Staleness = { offerMs: offerTimeoutMs, heartbeatMs: 3 * heartbeatMs };

  /** Sessions bound to this instance's sockets. */
  const bound = new Map<string, Bound>();
  /** Sessions started here and not yet bound: each ends if no offer binds it in time. */
  const offerTimers = new Map<string, NodeJS.Timeout>();
  /** Work started by socket closes and robot messages, awaited when the app closes. */
  const inFlight = new Set<Promise<unknown>>();
  let closing = false;

  const track = (work: Promise<unknown>, what: string) => {
    const p = work.catch((error: unknown) => app.log.error({ err: error }, what));
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };

  const signal = (userId: number, data: VoiceSignal, messageKey?: EndMessage) =>
    bus.publish('voice.signal', { userId, signal: data, messageKey });

  /** Drops this instance's timers and binding of a session. */
  function forget(sessionId: string) {
    clearTimeout(offerTimers.get(sessionId));
    offerTimers.delete(sessionId);
    const held = bound.get(sessionId);
    if (held) clearTimeout(held.answerTimer);
    bound.delete(sessionId);
  }

  const unsubscribe = bus.subscribe('voice.signal', ({ userId, signal: data, messageKey }) => {
    if (data.event === 'answer') {
      const held = bound.get(data.sessionId);
      if (held) clearTimeout(held.answerTimer);
    }
    if (data.event === 'ended') forget(data.sessionId);
    // Each console gets the signal in its own language.
    for (const conn of app.hub.connectionsOf(userId)) {
      if (conn.socket.readyState !== conn.socket.OPEN) continue;
      const message =
        data.event === 'ended' && messageKey
          ? { ...data, message: translate(conn.lang, messageKey.key, messageKey.params ?? {}).slice(0, 500) }
          : data;
      conn.socket.send(JSON.stringify({ type: 'voice', data: message }));
    }
  });

  /** Tells the robot and the operator's consoles that an ended session is over. */
  async function announceEnd(row: VoiceSessionRow, reason: VoiceEndReason, messageKey?: EndMessage) {
    forget(row.id);
    const hangup: RobotVoiceRequest = { type: 'hangup', sessionId: row.id, reason, ts: Date.now() };
    await app.gateway
      .publish(robotTopic(row.serialNumber, 'voice'), hangup, { qos: 1 })
      .catch((error: unknown) => app.log.warn({ err: error, sessionId: row.id }, 'voice: hangup not published'));
    await signal(row.userId, { sessionId: row.id, event: 'ended', reason }, messageKey);
    app.log.info({ sessionId: row.id, robotId: row.robotId, reason }, 'voice: announcement ended');
  }

  /** Ends an open session once; false when it was over already. */
  async function end(
    tenantId: number,
    sessionId: string,
    reason: VoiceEndReason,
    messageKey?: EndMessage,
    options: { onlyUnbound?: boolean } = {},
  ): Promise<boolean> {
    const row = await endSession(db, tenantId, sessionId, reason, options);
    if (!row) return false;
    await announceEnd(row, reason, messageKey);
    return true;
  }

  /** The robot of the tenant that the caller may see, or 404. */
  async function visibleRobot(caller: AuthContext, robotId: number) {
    const robot = await findRobot(db, caller.tenantId, robotId);
    if (!robot || !inScope(await robotScope(db, caller), robot.id)) throw notFound('voice.robotNotFound');
    return robot;
  }

  /** The open session on a robot that is still alive; a stale one is ended ('closed') on the way. */
  async function liveSession(tenantId: number, robotId: number): Promise<VoiceSessionRow | null> {
    const open = await openSessionOfRobot(db, tenantId, robotId, limits);
    if (!open) return null;
    if (!open.stale) return open.session;
    await end(tenantId, open.session.id, 'closed');
    return null;
  }

  const inUseBy = (row: VoiceSessionRow) => new AppError(409, 'voice.inUseBy', { name: row.operatorName });

  /**
   * Inserts the session; when another start won the robot at the same instant (on this instance or
   * another), "in use by" the winner. A winner gone again by then (ended at once) leaves the robot
   * free: the insert is tried once more.
   */
  async function open(
    caller: AuthContext,
    robot: { id: number; name: string; serialNumber: string },
  ): Promise<VoiceSessionRow> {
    for (let attempt = 0; ; attempt++) {
      const row = await insertSession(db, {
        id: randomUUID(),
        tenantId: caller.tenantId,
        robotId: robot.id,
        robotName: robot.name,
        serialNumber: robot.serialNumber,
        userId: caller.userId,
        operatorName: caller.username,
      });
      if (row) return row;
      const winner = await liveSession(caller.tenantId, robot.id);
      if (winner) throw inUseBy(winner);
      if (attempt >= 1) throw new AppError(409, 'voice.inUseBy', { name: '' });
    }
  }

  async function start(
    caller: AuthContext,
    input: { robotId: number; stopAudio?: boolean | undefined },
  ): Promise<VoiceSession> {
    const robot = await visibleRobot(caller, input.robotId);
    const live = app.monitoring.robotIn(caller.tenantId, robot.id);
    if (!(live?.online ?? robot.online)) throw new AppError(409, 'voice.robotOffline');
    // Another operator's session, or the caller's own in another tab: the robot is taken.
    const holder = await liveSession(caller.tenantId, robot.id);
    if (holder) throw inUseBy(holder);
    if (live?.state?.audio?.state === 'playing') {
      if (input.stopAudio !== true) throw new AppError(409, 'voice.audioPlaying');
      await app.commands.dispatch(
        caller.tenantId,
        robot,
        { name: 'audioStop', args: {} },
        { id: caller.userId, name: caller.username },
      );
    }
    const row = await open(caller, robot);
    const timer = setTimeout(() => {
      offerTimers.delete(row.id);
      track(end(row.tenantId, row.id, 'closed', undefined, { onlyUnbound: true }), 'voice: offer time-out failed');
    }, offerTimeoutMs);
    timer.unref();
    offerTimers.set(row.id, timer);
    app.log.info({ sessionId: row.id, robotId: robot.id, userId: caller.userId }, 'voice: announcement started');
    return {
      sessionId: row.id,
      robotId: row.robotId,
      robotName: row.robotName,
      serialNumber: row.serialNumber,
      iceServers: config.voiceIceServers,
      startTime: row.startedAt.toISOString(),
    };
  }

  /** `POST end`: the caller's own open session, else 404. */
  async function endByOperator(caller: AuthContext, sessionId: string): Promise<void> {
    const row = await findSession(db, caller.tenantId, sessionId);
    if (!row || row.userId !== caller.userId || row.endedAt) throw notFound('voice.sessionNotFound');
    if (!(await end(row.tenantId, row.id, 'ended'))) throw notFound('voice.sessionNotFound');
  }

  /** The browser's offer: binds the session to this socket and hands the offer to the robot. */
  async function onOffer(conn: SocketConnection, sessionId: string, sdp: string) {
    const session = await findSessionOfUser(db, conn.userId, sessionId);
    if (!session) return;
    if (session.endedAt) {
      const reason = (session.endReason as VoiceEndReason | null) ?? 'closed';
      conn.socket.send(JSON.stringify({ type: 'voice', data: { sessionId, event: 'ended', reason } }));
      return;
    }
    const row = await bindSession(db, conn.userId, sessionId);
    if (!row) return; // bound already (a repeated offer)
    clearTimeout(offerTimers.get(row.id));
    offerTimers.delete(row.id);
    const held: Bound = { row, conn };
    bound.set(row.id, held);
    if (closing || conn.socket.readyState !== conn.socket.OPEN) {
      await end(row.tenantId, row.id, 'closed');
      return;
    }
    const offer: RobotVoiceRequest = {
      type: 'offer',
      sessionId: row.id,
      sdp,
      iceServers: config.voiceIceServers,
      operatorName: row.operatorName.slice(0, 100),
      ts: Date.now(),
    };
    held.answerTimer = setTimeout(() => {
      track(end(row.tenantId, row.id, 'failed', { key: 'voice.answerTimeout' }), 'voice: answer time-out failed');
    }, answerTimeoutMs);
    held.answerTimer.unref();
    try {
      await app.gateway.publish(robotTopic(row.serialNumber, 'voice'), offer, { qos: 1 });
    } catch (error) {
      app.log.warn({ err: error, sessionId: row.id }, 'voice: offer not published');
      await end(row.tenantId, row.id, 'failed', { key: 'voice.answerTimeout' });
    }
  }

  async function onHangup(conn: SocketConnection, sessionId: string) {
    const session = await findSessionOfUser(db, conn.userId, sessionId);
    if (!session || session.endedAt) return;
    await end(session.tenantId, session.id, 'ended');
  }

  /** The holder's socket closed: its sessions on this instance are over. */
  function onSocketClosed(conn: SocketConnection) {
    if (closing) return;
    for (const held of [...bound.values()]) {
      if (held.conn !== conn) continue;
      track(end(held.row.tenantId, held.row.id, 'closed'), 'voice: ending a closed socket’s session failed');
    }
  }

  /** What the robot says about a session: relayed to the holder's consoles, or the end of it. */
  async function onRobotReply(serial: string, payload: unknown) {
    const parsed = robotVoiceReply.safeParse(payload);
    if (!parsed.success) {
      app.log.warn({ serial }, 'voice reply dropped: invalid');
      return;
    }
    const reply = parsed.data;
    const robot = await app.monitoring.resolveSerial(serial);
    if (!robot) return;
    // A robot's session id is any short text on the wire; ours are UUIDs.
    if (!voiceSessionId.safeParse(reply.sessionId).success) return;
    const session = await findSession(db, robot.tenantId, reply.sessionId);
    // Only a session of this robot: a robot speaks for its own announcements.
    if (!session || session.robotId !== robot.robot.robotId) return;
    if (session.endedAt) {
      // The robot holds on to a session that is over: it is told again.
      if (reply.type === 'answer' || reply.type === 'connected') {
        const reason = (session.endReason as VoiceEndReason | null) ?? 'closed';
        await app.gateway.publish(
          robotTopic(serial, 'voice'),
          { type: 'hangup', sessionId: session.id, reason, ts: Date.now() } satisfies RobotVoiceRequest,
          { qos: 1 },
        );
      }
      return;
    }
    switch (reply.type) {
      case 'answer':
        await signal(session.userId, { sessionId: session.id, event: 'answer', sdp: reply.sdp });
        return;
      case 'connected':
        if (await markConnected(db, session.tenantId, session.id))
          await signal(session.userId, { sessionId: session.id, event: 'connected' });
        return;
      case 'level':
        await signal(session.userId, {
          sessionId: session.id,
          event: 'level',
          level: reply.level,
          packets: reply.packets,
        });
        return;
      case 'hangup':
        await end(session.tenantId, session.id, 'robot');
        return;
      case 'error':
        await end(session.tenantId, session.id, 'failed', {
          key: 'voice.robotRefused',
          params: { message: reply.message },
        });
        return;
    }
  }

  /** Ends the open session on a robot, if any; true if one ended. */
  async function endOnRobot(robotId: number, reason: VoiceEndReason): Promise<boolean> {
    const robot = await findRobotById(db, robotId);
    if (!robot) return false;
    const open = await openSessionOfRobot(db, robot.tenantId, robotId, limits);
    if (!open) return false;
    return end(robot.tenantId, open.session.id, reason);
  }

  async function onOnline(serial: string, payload: unknown) {
    const parsed = robotOnline.safeParse(payload);
    if (!parsed.success || parsed.data.online) return;
    const robot = await app.monitoring.resolveSerial(serial);
    if (!robot) return;
    await endOnRobot(robot.robot.robotId, 'robot');
  }

  /** Refreshes the sessions of this instance's sockets and ends the stale ones of every instance. */
  async function beat() {
    await refreshHeartbeats(db, [...bound.keys()]);
    for (const row of await endStaleSessions(db, limits, 'closed')) await announceEnd(row, 'closed');
  }

  app.realtime.onClientMessage('voiceOffer', (conn, message) => onOffer(conn, message.sessionId, message.sdp));
  app.realtime.onClientMessage('voiceHangup', (conn, message) => onHangup(conn, message.sessionId));
  const offClose = app.realtime.onClose(onSocketClosed);
  app.gateway.on('voice/reply', onRobotReply);
  app.gateway.on('online', onOnline);
  let beating: Promise<void> | null = null;
  const heartbeat = setInterval(() => {
    beating ??= beat()
      .catch((error: unknown) => app.log.error({ err: error }, 'voice: heartbeat failed'))
      .finally(() => (beating = null));
  }, heartbeatMs);
  heartbeat.unref();

  // Before the gateway and the database close: this instance's sessions are over.
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(heartbeat);
    offClose();
    unsubscribe();
    await beating;
    await Promise.all(inFlight);
    for (const held of [...bound.values()]) {
      await end(held.row.tenantId, held.row.id, 'closed').catch((error: unknown) =>
        app.log.error({ err: error }, 'voice: ending a session at close failed'),
      );
    }
    for (const timer of offerTimers.values()) clearTimeout(timer);
    offerTimers.clear();
  });

  return {
    start,
    endByOperator,
    /** The open session on a robot, if any. */
    async activeOn(robotId: number): Promise<{ sessionId: string; userId: number; operatorName: string } | null> {
      const robot = await findRobotById(db, robotId);
      if (!robot) return null;
      const row = await liveSession(robot.tenantId, robotId);
      return row ? { sessionId: row.id, userId: row.userId, operatorName: row.operatorName } : null;
    },
    /** Ends the open session on a robot, if any (e.g. audio playback took the loudspeaker); true if one ended. */
    endOnRobot,
    /** Who holds a robot's announcement now. */
    async holder(caller: AuthContext, robotId: number): Promise<VoiceHolder> {
      const robot = await visibleRobot(caller, robotId);
      const row = await liveSession(caller.tenantId, robot.id);
      return {
        holder: row ? { userId: row.userId, name: row.operatorName, since: row.startedAt.toISOString() } : null,
      };
    },
    /** The tenant's announcements on the robots the caller may see. */
    async page(
      caller: AuthContext,
      query: Parameters<typeof pageSessions>[2] & { index: number; size?: number | undefined },
    ): Promise<Page<AnnouncementRow>> {
      const robotIds = scopeFilter(await robotScope(db, caller));
      const { rows, total } = await pageSessions(db, caller.tenantId, { ...query, robotIds }, pageWindow(query));
      return { rows: rows.map(toAnnouncement), total };
    },
    /** Runs the heartbeat and the sweep now (tests). */
    beat,
  };
}
export type Intercom = ReturnType<typeof createIntercom>;

export function registerIntercomRoutes(app: FastifyInstance, intercom: Intercom): void {
  route(app, voiceApi.startIntercom, async (request) => ok(await intercom.start(requireAuth(request), request.body)));
  route(app, voiceApi.endIntercom, async (request) => {
    await intercom.endByOperator(requireAuth(request), request.body.sessionId);
    return ok(null as never);
  });
  route(app, voiceApi.intercomHolder, async (request) =>
    ok(await intercom.holder(requireAuth(request), request.query.robotId)),
  );
  route(app, voiceApi.pageAnnouncements, async (request) =>
    ok(await intercom.page(requireAuth(request), request.query)),
  );
}
