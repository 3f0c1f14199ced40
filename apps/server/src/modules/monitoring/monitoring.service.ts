import { setImmediate } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import {
  ROBOT_PUSH_MIN_INTERVAL_MS,
  robotEvent,
  robotOnline,
  type RobotLive,
  type RobotTelemetry,
  type SocketServerMessage,
} from '@patrol/contracts';
import type { AuthContext } from '../../platform/auth.js';
import { inScope, robotScope, type RobotScope } from '../user-robots/user-robots.scope.js';
import { API_PREFIX } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { inOrderBy } from '../../platform/in-order.js';
import type { MqttGateway } from '../../platform/mqtt.js';
import type { RealtimeHub, SocketConnection } from '../../platform/hub.js';
import { createPacer, type Clock } from './monitoring.pacer.js';
import { telemetrySchema } from './monitoring.telemetry.js';
import type { AccessService } from '../access/access.service.js';
import {
  findRobotById,
  findRobotBySerial,
  listAllRobots,
  saveLatestStates,
  setRobotOnline,
  type RobotDbRow,
} from '../robots/robots.shared.js';

/** How often the latest telemetry received by this instance is written to the database. */
export const STATE_FLUSH_INTERVAL_MS = 2000;
/**
 * Robots per statement of that write. PGlite runs a statement on the event loop, and one statement
 * for a whole fleet held every live push up for as long as it ran; between two statements the
 * event loop takes its turn.
 */
const STATE_FLUSH_CHUNK = 50;
/**
 * How long after the broker is back robots' presence may take to arrive again (the retained `online`
 * messages, or robots reconnecting and saying so); a robot still unheard of then is offline.
 */
export const PRESENCE_SETTLE_MS = 10_000;
/** The route whose grant lets a console watch the fleet live (REST snapshot and socket topic). */
export const LIVE_ROUTE = { method: 'GET', url: `${API_PREFIX}/robot-server/monitor/live` } as const;

export type LiveEntry = { tenantId: number; robot: RobotLive };
/** Told of each valid telemetry message of a known robot, on the telemetry path: it must not block or throw. */
export type TelemetryListener = (robot: { robotId: number; tenantId: number }, telemetry: RobotTelemetry) => void;

const toLive = (row: RobotDbRow): LiveEntry => ({
  tenantId: row.tenantId,
  robot: {
    robotId: row.id,
    serialNumber: row.serialNumber,
    name: row.name,
    online: row.online,
    lastSeenTime: row.lastSeenAt?.toISOString() ?? null,
    stoppedForRepair: row.stoppedForRepair,
    state: row.lastState ?? null,
    presenceUnknown: false,
  },
});

/**
 * The live fleet: the latest state and presence of every robot, kept in memory on every instance.
 * Telemetry received from the broker is coalesced (latest per robot) and published on the bus: at
 * once when the pipeline is idle, at most every ROBOT_PUSH_MIN_INTERVAL_MS under load; every instance
 * applies the batch and sends each tenant's watching consoles one message with the robots that changed.
 */
export function createMonitoringService(
  ctx: AppContext,
  deps: {
    hub: RealtimeHub;
    gateway: MqttGateway;
    log: FastifyBaseLogger;
    access: Pick<AccessService, 'resolveMember' | 'mayCall'>;
    clock?: Clock;
    /** PRESENCE_SETTLE_MS unless given. */
    presenceSettleMs?: number;
  },
) {
  const { db, bus } = ctx;
  const live = new Map<number, LiveEntry>();
  const bySerial = new Map<string, number>();
  const pending = new Map<number, LiveEntry>();
  const unsaved = new Map<number, { state: unknown; lat: number; lng: number; seenAt: Date }>();
  let dropped = 0;
  let received = 0;
  /** Dropped telemetry by reason, for the metrics: not a valid state, or of no robot known. */
  const drops = { invalid: 0, unknown: 0 };
  const telemetryListeners = new Set<TelemetryListener>();
  let running = false;
  let flushing: Promise<void> | null = null;
  const timers: NodeJS.Timeout[] = [];
  // Without a link to the broker nobody's presence is known; once it is back, each robot's is again
  // as soon as its presence or telemetry arrives, and robots still unheard of are offline after a while.
  let linkDown = false;
  let settle: NodeJS.Timeout | undefined;
  const presenceSettleMs = deps.presenceSettleMs ?? PRESENCE_SETTLE_MS;
  const pacer = createPacer(
    () => {
      pushPending().catch((error: unknown) => deps.log.error({ err: error }, 'robot state push failed'));
    },
    ROBOT_PUSH_MIN_INTERVAL_MS,
    deps.clock,
  );
  // A robot's presence is stored one write at a time, in the order it was said: a slow write (the
  // last will) never lands after a newer one (the robot back online) and leaves the list offline.
  const presenceWrites = inOrderBy(deps.log, 'robot presence write failed');
  const storePresence = (robotId: number, online: boolean, at: Date) =>
    presenceWrites(String(robotId), () => setRobotOnline(db, robotId, online, at));
  /** A robot changed: its state goes out with the next paced push. */
  const changed = (entry: LiveEntry) => {
    pending.set(entry.robot.robotId, entry);
    if (running) pacer.request();
  };

  const put = (entry: LiveEntry) => {
    const before = live.get(entry.robot.robotId);
    if (before && before.robot.serialNumber !== entry.robot.serialNumber) bySerial.delete(before.robot.serialNumber);
    live.set(entry.robot.robotId, entry);
    bySerial.set(entry.robot.serialNumber, entry.robot.robotId);
  };
  const forget = (robotId: number) => {
    const before = live.get(robotId);
    if (before) bySerial.delete(before.robot.serialNumber);
    live.delete(robotId);
    pending.delete(robotId);
  };

  /** The robot behind a serial when this instance knows it already. */
  function cached(serial: string): LiveEntry | undefined {
    const id = bySerial.get(serial);
    return id === undefined ? undefined : live.get(id);
  }

  /** The robot behind a serial on the wire; one registered on another instance is read from the database. */
  async function resolveSerial(serial: string): Promise<LiveEntry | undefined> {
    const id = bySerial.get(serial);
    if (id !== undefined) return live.get(id);
    const row = await findRobotBySerial(db, serial);
    if (!row) return undefined;
    const entry = toLive(row);
    put(entry);
    return entry;
  }

  async function onState(serial: string, payload: unknown) {
    received++;
    const parsed = telemetrySchema.safeParse(payload);
    if (!parsed.success) {
      dropped++;
      drops.invalid++;
      deps.log.warn({ serial, issues: parsed.error.issues.slice(0, 3) }, 'telemetry dropped: invalid');
      return;
    }
    // Known robots are handled without waiting, so messages apply in the order they arrived (a
    // state that arrived before the last will must not put the robot back online after it).
    const entry = cached(serial) ?? (await resolveSerial(serial));
    if (!entry) {
      dropped++;
      drops.unknown++;
      deps.log.warn({ serial }, 'telemetry dropped: unknown robot');
      return;
    }
    const seenAt = new Date();
    const next: LiveEntry = {
      tenantId: entry.tenantId,
      robot: {
        ...entry.robot,
        online: true,
        lastSeenTime: seenAt.toISOString(),
        state: parsed.data,
        presenceUnknown: false,
      },
    };
    put(next);
    changed(next);
    deps.hub.encodeAhead(next.tenantId, next.robot);
    unsaved.set(next.robot.robotId, { state: parsed.data, lat: parsed.data.lat, lng: parsed.data.lng, seenAt });
    for (const listener of telemetryListeners) {
      try {
        listener({ robotId: next.robot.robotId, tenantId: next.tenantId }, parsed.data);
      } catch (error) {
        deps.log.error({ err: error }, 'telemetry listener failed');
      }
    }
  }

  async function onOnline(serial: string, payload: unknown) {
    const parsed = robotOnline.safeParse(payload);
    if (!parsed.success) {
      deps.log.warn({ serial }, 'presence dropped: invalid');
      return;
    }
    const entry = cached(serial) ?? (await resolveSerial(serial));
    if (!entry) return;
    const at = new Date();
    const next: LiveEntry = {
      tenantId: entry.tenantId,
      robot: { ...entry.robot, online: parsed.data.online, lastSeenTime: at.toISOString(), presenceUnknown: false },
    };
    put(next);
    changed(next);
    await storePresence(next.robot.robotId, parsed.data.online, at);
  }

  /**
   * Plain events are checked and logged here; `gun` and `sentiment` events are alarms (the alarms
   * module), `fault` events open work orders (the work orders module).
   */
  async function onEvent(serial: string, payload: unknown) {
    const parsed = robotEvent.safeParse(payload);
    if (!parsed.success) {
      deps.log.warn({ serial }, 'event dropped: invalid');
      return;
    }
    const kind = parsed.data.kind;
    if (kind === 'gun' || kind === 'sentiment' || kind === 'fault') return;
    const entry = await resolveSerial(serial);
    if (!entry) return;
    deps.log.info({ serial, tenantId: entry.tenantId, event: parsed.data }, 'robot event');
  }

  /**
   * Applies robots that changed: `wire` for states and presence received from the broker (a batch
   * of `fleet.states`), else entries read again from the database (`reload`).
   */
  function applyBatch(items: LiveEntry[], wire = true) {
    const byTenant = new Map<number, RobotLive[]>();
    for (const received of items) {
      // Instances report what they received; one may report later what another has superseded
      // (a state received just before the last will that another instance took). Time never goes back.
      const before = live.get(received.robot.robotId);
      const same = before !== undefined && before.tenantId === received.tenantId;
      const was = before?.robot.lastSeenTime;
      const now = received.robot.lastSeenTime;
      if (wire && same && was && now && now < was) continue;
      // The wire tells presence and state only: what the robot is (its name, whether a work order
      // stopped it) is what this instance read last, never an older copy a batch was built from.
      // This instance's own states come back as they were made (and as they were encoded).
      const item: LiveEntry =
        wire &&
        same &&
        (received.robot.name !== before.robot.name ||
          received.robot.serialNumber !== before.robot.serialNumber ||
          received.robot.stoppedForRepair !== before.robot.stoppedForRepair)
          ? {
              tenantId: received.tenantId,
              robot: {
                ...received.robot,
                name: before.robot.name,
                serialNumber: before.robot.serialNumber,
                stoppedForRepair: before.robot.stoppedForRepair,
              },
            }
          : received;
      put(item);
      let list = byTenant.get(item.tenantId);
      if (!list) byTenant.set(item.tenantId, (list = []));
      list.push(item.robot);
    }
    for (const [tenantId, robots] of byTenant) {
      deps.hub.deliverToTopic(tenantId, 'robots', { type: 'robots', data: robots });
    }
  }

  async function pushPending() {
    if (pending.size === 0) return;
    const items = [...pending.values()];
    pending.clear();
    await bus.publish('fleet.states', { items });
  }

  /** Writes the latest states received; one write at a time, so an older state never lands after a newer one. */
  async function flushStates() {
    while (flushing) await flushing.catch(() => undefined);
    if (unsaved.size === 0) return;
    const items = [...unsaved].map(([id, v]) => ({ id, ...v }));
    unsaved.clear();
    flushing = (async () => {
      for (let i = 0; i < items.length; i += STATE_FLUSH_CHUNK) {
        if (i > 0) await setImmediate();
        await saveLatestStates(db, items.slice(i, i + STATE_FLUSH_CHUNK));
      }
    })().finally(() => (flushing = null));
    await flushing;
  }

  async function reload(robotIds: number[]) {
    const items: LiveEntry[] = [];
    const gone = new Map<number, number[]>();
    const leave = (tenantId: number, robotId: number) => gone.set(tenantId, [...(gone.get(tenantId) ?? []), robotId]);
    for (const id of robotIds) {
      const row = await findRobotById(db, id);
      const before = live.get(id);
      if (before && (!row || row.tenantId !== before.tenantId)) leave(before.tenantId, id);
      if (!row) {
        forget(id);
        continue;
      }
      const entry = toLive(row);
      // This instance may hold newer telemetry than the database.
      if (before && before.tenantId === entry.tenantId) {
        entry.robot.state = before.robot.state ?? entry.robot.state;
        entry.robot.online = before.robot.online;
        entry.robot.lastSeenTime = before.robot.lastSeenTime ?? entry.robot.lastSeenTime;
        entry.robot.presenceUnknown = before.robot.presenceUnknown ?? false;
      }
      put(entry);
      items.push(entry);
    }
    for (const [tenantId, ids] of gone) deps.hub.deliverToTopic(tenantId, 'robots', { type: 'robotsGone', data: ids });
    if (items.length) applyBatch(items, false);
  }

  const unsubscribe = [
    bus.subscribe('fleet.states', ({ items }) => applyBatch(items)),
    bus.subscribe('robots.visibility', ({ userIds }) => {
      refreshVisibility(userIds).catch((error: unknown) => deps.log.error({ err: error }, 'visibility refresh failed'));
    }),
    bus.subscribe('robots.changed', ({ robotIds }) => {
      reload(robotIds).catch((error: unknown) => deps.log.error({ err: error }, 'robot reload failed'));
    }),
  ];

  /** The broker's link is lost (every robot's presence unknown) or back (each robot's is heard again). */
  function onLink(up: boolean) {
    clearTimeout(settle);
    settle = undefined;
    if (!up) {
      linkDown = true;
      for (const entry of live.values()) {
        if (entry.robot.presenceUnknown) continue;
        const next = { tenantId: entry.tenantId, robot: { ...entry.robot, presenceUnknown: true } };
        put(next);
        changed(next);
      }
      return;
    }
    linkDown = false;
    settle = setTimeout(() => {
      settle = undefined;
      settlePresence().catch((error: unknown) => deps.log.error({ err: error }, 'robot presence settle failed'));
    }, presenceSettleMs);
    settle.unref();
  }

  /** Robots not heard of since the broker came back are offline. */
  async function settlePresence() {
    if (linkDown) return;
    const at = new Date();
    for (const entry of [...live.values()]) {
      if (!entry.robot.presenceUnknown) continue;
      const next = { tenantId: entry.tenantId, robot: { ...entry.robot, online: false, presenceUnknown: false } };
      put(next);
      changed(next);
      if (entry.robot.online) await storePresence(next.robot.robotId, false, at);
    }
  }

  /** Loads the fleet and starts listening on the broker. */
  async function start() {
    linkDown = !deps.gateway.connected();
    for (const row of await listAllRobots(db)) {
      const entry = toLive(row);
      entry.robot.presenceUnknown = linkDown;
      put(entry);
    }
    running = true;
    deps.gateway.onLink(onLink);
    deps.gateway.on('state', onState);
    deps.gateway.on('online', onOnline);
    deps.gateway.on('event', onEvent);
    const every = (ms: number, task: () => Promise<void>, what: string) => {
      const timer = setInterval(() => {
        task().catch((error: unknown) => deps.log.error({ err: error }, what));
      }, ms);
      timer.unref();
      timers.push(timer);
    };
    every(STATE_FLUSH_INTERVAL_MS, flushStates, 'robot state flush failed');
  }

  async function stop() {
    running = false;
    clearTimeout(settle);
    pacer.cancel();
    for (const timer of timers) clearInterval(timer);
    timers.length = 0;
    for (const off of unsubscribe) off();
    await flushStates().catch((error: unknown) => deps.log.error({ err: error }, 'robot state flush failed'));
  }

  /** Every robot of a tenant (in the scope, when given) with its latest state. */
  function fleetOf(tenantId: number, scope: RobotScope = null): RobotLive[] {
    const out: RobotLive[] = [];
    for (const entry of live.values()) {
      if (entry.tenantId === tenantId && inScope(scope, entry.robot.robotId)) out.push(entry.robot);
    }
    return out.sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The fleet as the caller may see it. */
  async function liveFor(caller: AuthContext): Promise<RobotLive[]> {
    return fleetOf(caller.tenantId, await robotScope(db, caller));
  }

  /** The robot's live entry when it belongs to the tenant. */
  function robotIn(tenantId: number, robotId: number): RobotLive | undefined {
    const entry = live.get(robotId);
    return entry && entry.tenantId === tenantId ? entry.robot : undefined;
  }

  /**
   * A topic's authorizer for consoles: may this console watch `requested` (or its own tenant)?
   * Resolved like an API call to `route`: the acting tenant (another one only for platform
   * administrators), then the route's grant; the robots it may see are set on the connection.
   */
  function watchAuthorizer(route: { method: string; url: string }) {
    return async (conn: SocketConnection, requested: number | undefined): Promise<number | null> => {
      const member = await deps.access
        .resolveMember({ userId: conn.userId, homeTenantId: conn.homeTenantId }, requested ?? null)
        .catch(() => null);
      if (!member) return null;
      const granted = await deps.access.mayCall(
        { homeTenantId: conn.homeTenantId, roles: member.roles },
        route.method,
        route.url,
      );
      if (!granted) return null;
      conn.visibleRobots = await robotScope(db, {
        tenantId: member.tenantId,
        userId: conn.userId,
        platformAdmin: member.platformAdmin,
        roles: member.roles,
      });
      return member.tenantId;
    };
  }

  /** May this console watch the live fleet? As a request to the live fleet route. */
  const authorizeWatch = watchAuthorizer(LIVE_ROUTE);

  function snapshot(tenantId: number, conn: SocketConnection): SocketServerMessage {
    return { type: 'robots', data: fleetOf(tenantId, conn.visibleRobots), full: true };
  }

  /** A user's assigned robots changed: their watching consoles get their new fleet. */
  async function refreshVisibility(userIds: number[]) {
    for (const userId of userIds) {
      for (const conn of deps.hub.connectionsOf(userId)) {
        const watched = conn.topics.get('robots');
        if (watched === undefined) continue;
        const tenantId = await authorizeWatch(conn, watched);
        if (tenantId === null) {
          conn.topics.delete('robots');
          continue;
        }
        if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(JSON.stringify(snapshot(tenantId, conn)));
      }
    }
  }

  return {
    start,
    stop,
    resolveSerial,
    fleetOf,
    liveFor,
    robotIn,
    authorizeWatch,
    watchAuthorizer,
    snapshot,
    stats: () => ({
      received,
      dropped,
      droppedInvalid: drops.invalid,
      droppedUnknown: drops.unknown,
      robots: live.size,
    }),
    /** Robots online (presence known) per tenant, every tenant with a robot listed (the metrics). */
    onlineByTenant(): Map<number, number> {
      const out = new Map<number, number>();
      for (const { tenantId, robot } of live.values()) {
        out.set(tenantId, (out.get(tenantId) ?? 0) + (robot.online && !robot.presenceUnknown ? 1 : 0));
      }
      return out;
    },
    /** Adds a listener of every valid telemetry message (the track recorder); answers its removal. */
    onTelemetry(listener: TelemetryListener): () => void {
      telemetryListeners.add(listener);
      return () => telemetryListeners.delete(listener);
    },
    /** Pushes what is pending now (tests and shutdown). */
    pushPending,
    flushStates,
  };
}

export type MonitoringService = ReturnType<typeof createMonitoringService>;
