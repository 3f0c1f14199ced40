import type { FastifyBaseLogger } from 'fastify';
import {
  COMMAND_TTL_MS,
  fleetStopApi,
  robotOnline,
  type AnyCommandBody,
  type FleetStopStatus,
  type RobotLive,
} from '@patrol/contracts';
import { API_PREFIX, type AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import type { RealtimeHub } from '../../platform/hub.js';
import type { MqttGateway } from '../../platform/mqtt.js';
import type { AccessService } from '../access/access.service.js';
import type { CommandsService } from '../commands/commands.service.js';
import type { MonitoringService } from '../monitoring/monitoring.service.js';
import { robotScope } from '../user-robots/user-robots.scope.js';
import {
  claimReconnect,
  countHeldRobots,
  endFleetStop,
  findFleetStop,
  holdRobots,
  isRobotHeld,
  releaseRobots,
  startFleetStop,
  type FleetStopRow,
} from './fleet-stop.repository.js';

/** The route whose grant lets a user stop and resume the fleet. */
export const STOP_ROUTE = {
  method: fleetStopApi.stopFleet.method,
  url: `${API_PREFIX}${fleetStopApi.stopFleet.path}`,
} as const;

/**
 * Presence messages without a timestamp are told apart by this window: instances that receive the
 * same message within it send `fleetStop` once.
 */
const UNSTAMPED_ONLINE_WINDOW_MS = 10_000;

/** A robot still reporting `stopped` with no stop holding it is sent `fleetResume` at most this often. */
export const STRAY_RESUME_INTERVAL_MS = COMMAND_TTL_MS;
/** How often a robot reporting `stopped` is looked up in the stops (its telemetry comes every second or so). */
const STRAY_CHECK_INTERVAL_MS = 5000;

const FLEET_STOP: AnyCommandBody & { args: object } = { name: 'fleetStop', args: {} };
const FLEET_RESUME: AnyCommandBody & { args: object } = { name: 'fleetResume', args: {} };

/**
 * Stopping the whole fleet of a tenant: the stop is recorded with the robots it holds, each online
 * one is sent `fleetStop` through the commands module, an offline one gets it when it reconnects
 * while the stop is in force, and every console of the tenant is told at once. Resuming sends
 * `fleetResume` to the held robots that are online; a robot that still reports `stopped` later with
 * no stop holding it (offline at the resume) is sent `fleetResume` then.
 */
export function createFleetStopService(
  ctx: AppContext,
  deps: {
    commands: Pick<CommandsService, 'dispatch'>;
    monitoring: Pick<MonitoringService, 'fleetOf' | 'robotIn' | 'resolveSerial'>;
    access: Pick<AccessService, 'mayCall'>;
    hub: RealtimeHub;
    gateway: MqttGateway;
    log: FastifyBaseLogger;
  },
) {
  const { db } = ctx;
  /** When this instance last sent a stray robot `fleetResume`, and last looked whether a stop holds it. */
  const strayResumes = new Map<number, number>();
  const strayChecks = new Map<number, number>();

  async function statusOf(tenantId: number, row: FleetStopRow | undefined, mayControl: boolean) {
    const active = row?.active ?? false;
    return {
      active,
      stoppedBy: active ? (row?.stoppedByName ?? null) : null,
      stoppedTime: active ? (row?.stoppedAt?.toISOString() ?? null) : null,
      robots: active ? await countHeldRobots(db, tenantId) : 0,
      mayControl,
    } satisfies FleetStopStatus;
  }

  const mayControl = (caller: AuthContext) => deps.access.mayCall(caller, STOP_ROUTE.method, STOP_ROUTE.url);

  /** Every console of the tenant gets the new status; `mayControl` is each console's own (from its GET). */
  async function announce(tenantId: number, row: FleetStopRow | undefined) {
    const data = await statusOf(tenantId, row, false);
    await deps.hub.publishToTopic(tenantId, 'robots', { type: 'fleetStop', data });
  }

  /** Sends one command to each robot; one robot's failure never keeps the others from theirs. */
  async function sendEach(
    tenantId: number,
    robots: RobotLive[],
    command: AnyCommandBody & { args: object },
    operator: { id: number | null; name: string | null },
  ) {
    await Promise.all(
      robots.map(async (robot) => {
        try {
          await deps.commands.dispatch(
            tenantId,
            { id: robot.robotId, name: robot.name, serialNumber: robot.serialNumber, online: robot.online },
            command,
            operator,
          );
        } catch (error) {
          deps.log.warn({ err: error, robotId: robot.robotId, command: command.name }, 'fleet command not sent');
        }
      }),
    );
  }

  async function status(caller: AuthContext): Promise<FleetStopStatus> {
    return statusOf(caller.tenantId, await findFleetStop(db, caller.tenantId), await mayControl(caller));
  }

  /**
   * Stops every robot of the acting tenant in the caller's robot scope. With a stop in force already,
   * the robots of the caller's scope it did not hold yet join it (and get `fleetStop`); who stopped
   * the fleet and when stay those of the first stop.
   */
  async function stop(caller: AuthContext): Promise<FleetStopStatus> {
    const tenantId = caller.tenantId;
    const operator = { id: caller.userId, name: caller.username };
    const robots = deps.monitoring.fleetOf(tenantId, await robotScope(db, caller));
    const { row, added } = await db.transaction(async (tx) => {
      const started = await startFleetStop(tx, tenantId, operator, new Date());
      return {
        row: started.row,
        added: new Set(
          await holdRobots(
            tx,
            tenantId,
            robots.map((r) => r.robotId),
          ),
        ),
      };
    });
    const online = robots.filter((r) => added.has(r.robotId) && r.online);
    await sendEach(tenantId, online, FLEET_STOP, operator);
    await announce(tenantId, row);
    return statusOf(tenantId, row, await mayControl(caller));
  }

  /**
   * Ends the stop in force: every held robot that is online is sent `fleetResume`, whoever's scope it
   * is in (the stop is the tenant's). Without a stop in force nothing is sent.
   */
  async function resume(caller: AuthContext): Promise<FleetStopStatus> {
    const tenantId = caller.tenantId;
    const operator = { id: caller.userId, name: caller.username };
    const { row, released } = await db.transaction(async (tx) => {
      const ended = await endFleetStop(tx, tenantId, operator, new Date());
      return { row: ended, released: ended ? await releaseRobots(tx, tenantId) : [] };
    });
    if (!row) return status(caller);
    const now = Date.now();
    const online = released.flatMap((id) => {
      const robot = deps.monitoring.robotIn(tenantId, id);
      return robot?.online ? [robot] : [];
    });
    for (const robot of online) strayResumes.set(robot.robotId, now);
    await sendEach(tenantId, online, FLEET_RESUME, operator);
    await announce(tenantId, row);
    return statusOf(tenantId, row, await mayControl(caller));
  }

  /**
   * A held robot came online while the stop is in force: it is sent `fleetStop`. Every instance
   * receives presence messages; the one that claims this reconnect in the database sends it.
   */
  async function onOnline(serial: string, payload: unknown) {
    const parsed = robotOnline.safeParse(payload);
    if (!parsed.success || !parsed.data.online) return;
    const entry = await deps.monitoring.resolveSerial(serial);
    if (!entry) return;
    const { tenantId, robot } = entry;
    const key = parsed.data.ts ?? Math.floor(Date.now() / UNSTAMPED_ONLINE_WINDOW_MS) * UNSTAMPED_ONLINE_WINDOW_MS;
    if (!(await claimReconnect(db, tenantId, robot.robotId, key))) return;
    const row = await findFleetStop(db, tenantId);
    await sendEach(tenantId, [{ ...robot, online: true }], FLEET_STOP, {
      id: row?.stoppedById ?? null,
      name: row?.stoppedByName ?? null,
    });
  }

  /**
   * A robot reports `stopped` while no stop holds it (it was offline when the fleet was resumed): it
   * is sent `fleetResume`. State messages reach one instance each; a robot is answered at most every
   * STRAY_RESUME_INTERVAL_MS by an instance, and looked up at most every STRAY_CHECK_INTERVAL_MS.
   */
  async function onState(serial: string, payload: unknown) {
    if ((payload as { mode?: unknown } | null)?.mode !== 'stopped') return;
    const entry = await deps.monitoring.resolveSerial(serial);
    if (!entry) return;
    const { tenantId, robot } = entry;
    const now = Date.now();
    if (now - (strayResumes.get(robot.robotId) ?? 0) < STRAY_RESUME_INTERVAL_MS) return;
    if (now - (strayChecks.get(robot.robotId) ?? 0) < STRAY_CHECK_INTERVAL_MS) return;
    strayChecks.set(robot.robotId, now);
    const row = await findFleetStop(db, tenantId);
    if (row?.active && (await isRobotHeld(db, tenantId, robot.robotId))) return;
    strayResumes.set(robot.robotId, now);
    await sendEach(tenantId, [{ ...robot, online: true }], FLEET_RESUME, {
      id: row?.resumedById ?? null,
      name: row?.resumedByName ?? null,
    });
  }

  function start() {
    deps.gateway.on('online', onOnline);
    deps.gateway.on('state', onState);
  }

  return { status, stop, resume, start };
}

export type FleetStopService = ReturnType<typeof createFleetStopService>;
