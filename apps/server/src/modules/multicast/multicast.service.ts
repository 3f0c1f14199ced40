import type { FastifyBaseLogger } from 'fastify';
import {
  robotOnline,
  robotTopic,
  type MulticastRow,
  type MulticastSortColumn,
  type Page,
  type SortRequest,
  type RobotConfig,
  type FenceKind,
  type LngLat,
} from '@patrol/contracts';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { MqttGateway } from '../../platform/mqtt.js';
import { pageWindow } from '../../platform/paging.js';
import type { MonitoringService } from '../monitoring/monitoring.service.js';
import { fencesOfStations } from '../fences/fences.shared.js';
import { findRobotsByIds, findTenantRobots } from '../robots/robots.shared.js';
import { findStation } from '../stations/stations.shared.js';
import {
  configOfRobot,
  deleteMulticast,
  findMulticast,
  insertMulticast,
  pageMulticast,
  robotsInOtherConfigs,
  robotsOfConfigs,
  setConfigRobots,
  updateMulticast,
  type MulticastDbRow,
} from './multicast.repository.js';

type Input = {
  name: string;
  enabled: boolean;
  ip: string;
  telecontrolPort: number;
  telemetryPort: number;
  videoPort: number;
  robotIds: number[];
};

type StationPart = Pick<RobotConfig, 'station' | 'fences'>;

/** The multicast part of a robot's config: its config's settings when enabled, else null. */
export function multicastPart(config: MulticastDbRow | undefined): RobotConfig['multicast'] {
  return config && config.enabled
    ? {
        name: config.name,
        ip: config.ip,
        telecontrolPort: config.telecontrolPort,
        telemetryPort: config.telemetryPort,
        videoPort: config.videoPort,
      }
    : null;
}

/**
 * The station part of a robot's config: its station and the station's fences, top layer first;
 * `station: null` and no fences when it has none (so a retained config of an old station is replaced).
 */
export function stationPart(
  station: { id: number; name: string; area: LngLat[] } | undefined,
  fences: { id: number; name: string; kind: FenceKind; priority: number; points: LngLat[] }[],
): StationPart {
  if (!station) return { station: null, fences: [] };
  return {
    station: { stationId: station.id, name: station.name, area: station.area },
    fences: fences.map((f) => ({ fenceId: f.id, name: f.name, kind: f.kind, priority: f.priority, points: f.points })),
  };
}

/**
 * What a robot is told on its `config` topic, composed from its parts: the console's public key
 * (which signs fire authorisations), its multicast settings (or null), its station and fences.
 */
export function configMessage(parts: {
  consoleKey?: string | undefined;
  multicast: RobotConfig['multicast'];
  station?: StationPart;
}): RobotConfig {
  return {
    ts: Date.now(),
    ...(parts.consoleKey ? { consoleKey: parts.consoleKey } : {}),
    ...(parts.station ?? {}),
    multicast: parts.multicast,
  };
}

/**
 * Multicast configs of a tenant and their robots, and every robot's config topic (`push`, which
 * stations and fences call too). Every change is pushed to the robots it concerns
 * (retained on their `config` topic), and every robot gets its config (with the console's key)
 * whenever it comes online, member of a multicast config or not.
 */
export function createMulticastService(
  ctx: AppContext,
  deps: { gateway: MqttGateway; monitoring: MonitoringService; log: FastifyBaseLogger; consoleKey?: string },
) {
  const { db } = ctx;
  let unsubscribe: (() => void) | undefined;

  /** Publishes each robot's current config; a broker that is away gets it at the robot's next connect. */
  async function push(robotIds: number[]) {
    const { gateway } = deps;
    if (!gateway.connected() || robotIds.length === 0) return;
    for (const robot of await findRobotsByIds(db, [...new Set(robotIds)])) {
      const station = robot.stationId === null ? undefined : await findStation(db, robot.tenantId, robot.stationId);
      const fences = station ? await fencesOfStations(db, robot.tenantId, [station.id]) : [];
      const message = configMessage({
        consoleKey: deps.consoleKey,
        multicast: multicastPart(await configOfRobot(db, robot.id)),
        station: stationPart(station, fences),
      });
      await gateway
        .publish(robotTopic(robot.serialNumber, 'config'), message, { qos: 1, retain: true })
        .catch((error: unknown) => deps.log.warn({ err: error, robot: robot.serialNumber }, 'config push failed'));
    }
  }

  async function configOf(caller: AuthContext, id: number) {
    const row = await findMulticast(db, caller.tenantId, id);
    if (!row) throw notFound();
    return row;
  }

  async function toRows(tenantId: number, rows: MulticastDbRow[]): Promise<MulticastRow[]> {
    const members = await robotsOfConfigs(
      db,
      tenantId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      multicastId: r.id,
      name: r.name,
      enabled: r.enabled,
      ip: r.ip,
      telecontrolPort: r.telecontrolPort,
      telemetryPort: r.telemetryPort,
      videoPort: r.videoPort,
      robots: members
        .filter((m) => m.configId === r.id)
        .map(({ robotId, name, serialNumber }) => ({ robotId, name, serialNumber })),
      createTime: r.createdAt.toISOString(),
      updateTime: r.updatedAt.toISOString(),
    }));
  }

  async function checkRobots(caller: AuthContext, robotIds: number[], configId?: number) {
    const found = await findTenantRobots(db, caller.tenantId, robotIds);
    if (found.length !== robotIds.length) {
      throw new AppError(422, 'robots.notFound', undefined, [{ path: 'robotIds', key: 'robots.notFound' }]);
    }
    if ((await robotsInOtherConfigs(db, caller.tenantId, robotIds, configId)).length) {
      throw new AppError(409, 'multicast.robotTaken', undefined, [{ path: 'robotIds', key: 'multicast.robotTaken' }]);
    }
  }

  async function page(
    caller: AuthContext,
    query: {
      index: number;
      size?: number | undefined;
      keyword?: string | undefined;
    } & SortRequest<MulticastSortColumn>,
  ): Promise<Page<MulticastRow>> {
    const { rows, total } = await pageMulticast(db, caller.tenantId, query.keyword, query, pageWindow(query));
    return { rows: await toRows(caller.tenantId, rows), total };
  }

  async function create(caller: AuthContext, input: Input): Promise<MulticastRow> {
    const { robotIds: wanted, ...values } = input;
    const robotIds = [...new Set(wanted)];
    await checkRobots(caller, robotIds);
    const row = await db.transaction(async (tx) => {
      const made = await insertMulticast(tx, caller.tenantId, values);
      await setConfigRobots(tx, caller.tenantId, made.id, robotIds);
      return made;
    });
    await push(robotIds);
    return (await toRows(caller.tenantId, [row]))[0]!;
  }

  async function update(caller: AuthContext, input: Input & { multicastId: number }): Promise<MulticastRow> {
    const { multicastId, robotIds: wanted, ...values } = input;
    await configOf(caller, multicastId);
    const robotIds = [...new Set(wanted)];
    await checkRobots(caller, robotIds, multicastId);
    const before = (await robotsOfConfigs(db, caller.tenantId, [multicastId])).map((m) => m.robotId);
    await db.transaction(async (tx) => {
      await updateMulticast(tx, caller.tenantId, multicastId, values);
      await setConfigRobots(tx, caller.tenantId, multicastId, robotIds);
    });
    await push([...new Set([...before, ...robotIds])]);
    return (await toRows(caller.tenantId, [await configOf(caller, multicastId)]))[0]!;
  }

  async function remove(caller: AuthContext, multicastId: number) {
    await configOf(caller, multicastId);
    const before = (await robotsOfConfigs(db, caller.tenantId, [multicastId])).map((m) => m.robotId);
    await deleteMulticast(db, caller.tenantId, multicastId);
    await push(before);
  }

  function start() {
    // A robot moved to another tenant (or deleted) is told its config at once.
    unsubscribe = ctx.bus.subscribe('robots.changed', ({ robotIds }) => {
      push(robotIds).catch((error: unknown) => deps.log.warn({ err: error }, 'config push failed'));
    });
    deps.gateway.on('online', async (serial, payload) => {
      const parsed = robotOnline.safeParse(payload);
      if (!parsed.success || !parsed.data.online) return;
      const robot = await deps.monitoring.resolveSerial(serial);
      if (robot) await push([robot.robot.robotId]);
    });
  }

  function stop() {
    unsubscribe?.();
  }

  return { page, create, update, remove, push, start, stop };
}

export type MulticastService = ReturnType<typeof createMulticastService>;
