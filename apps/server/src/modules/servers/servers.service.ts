import { randomBytes } from 'node:crypto';
import { access, constants } from 'node:fs/promises';
import { hostname } from 'node:os';
import {
  APP_VERSION,
  SERVER_DOWN_AFTER_MS,
  SERVER_HEARTBEAT_MS,
  type PartHealthView,
  type ServerInstance,
} from '@patrol/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { PartHealth } from './servers.tables.js';
import { listInstances, pruneInstances, upsertInstance } from './servers.repository.js';

/** Instances silent for a day are forgotten. */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * The service list: each server instance reports itself and the parts it depends on every
 * SERVER_HEARTBEAT_MS; the list reads those reports, so it shows every instance sharing the
 * database, and one that stops reporting turns down.
 */
export function createServersService(ctx: AppContext, log: FastifyBaseLogger) {
  const instanceId = `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`.slice(0, 64);
  const startedAt = new Date();
  let timer: NodeJS.Timeout | null = null;
  let pending: Promise<void> = Promise.resolve();
  /** Parts that other modules run (the MQTT broker and gateway), read at every report. */
  const moreParts: (() => PartHealth)[] = [];

  /** Adds a part that another module runs to every report of this instance. */
  function addPart(part: () => PartHealth): void {
    moreParts.push(part);
  }

  async function parts(): Promise<PartHealth[]> {
    const database = (await ctx.database.ping()) ? 'up' : 'down';
    let storage: 'up' | 'down' = 'up';
    try {
      await access(ctx.config.dataDir, constants.W_OK);
    } catch {
      storage = 'down';
    }
    return [
      { name: 'database', kind: ctx.config.databaseUrl ? 'postgresql' : 'pglite', status: database },
      { name: 'bus', kind: ctx.bus.kind, status: 'up' },
      { name: 'storage', kind: 'local', status: storage, detail: ctx.config.dataDir },
      ...moreParts.map((part) => part()),
    ];
  }

  /** One report of this instance. */
  async function beat(now = new Date()): Promise<void> {
    await upsertInstance(ctx.db, {
      id: instanceId,
      hostname: hostname().slice(0, 200),
      pid: process.pid,
      version: APP_VERSION,
      address: `http://${ctx.config.host}:${ctx.config.port}`,
      parts: await parts(),
      startedAt,
      lastSeenAt: now,
    });
    await pruneInstances(ctx.db, new Date(now.getTime() - FORGET_AFTER_MS));
  }

  function start(): void {
    const run = () => {
      pending = beat().catch((error: unknown) => log.warn({ err: error }, 'server heartbeat failed'));
    };
    run();
    timer = setInterval(run, SERVER_HEARTBEAT_MS);
    timer.unref();
  }

  /** Stops reporting; resolves once a report under way is written (before the database closes). */
  async function stop(): Promise<void> {
    if (timer) clearInterval(timer);
    timer = null;
    await pending;
  }

  async function list(now = new Date()): Promise<ServerInstance[]> {
    const rows = await listInstances(ctx.db);
    return rows.map((r) => ({
      instanceId: r.id,
      hostname: r.hostname,
      pid: r.pid,
      version: r.version,
      address: r.address,
      startedAt: r.startedAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
      uptimeSeconds: Math.max(0, Math.floor((r.lastSeenAt.getTime() - r.startedAt.getTime()) / 1000)),
      status: now.getTime() - r.lastSeenAt.getTime() > SERVER_DOWN_AFTER_MS ? 'down' : 'up',
      parts: r.parts as PartHealthView[],
      current: r.id === instanceId,
    }));
  }

  return { instanceId, addPart, beat, start, stop, list };
}

export type ServersService = ReturnType<typeof createServersService>;
