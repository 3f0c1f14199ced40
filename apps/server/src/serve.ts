import { pino } from 'pino';
import { buildApp, loggerOptions } from './app.js';
import type { AppConfig } from './platform/config.js';
import { PgliteThreadClient, type PgliteClient } from './platform/pglite-thread.js';
import { openDatabase, type Database } from './platform/db.js';
import type { Bus } from './platform/bus.js';
import { createRedisBus } from './platform/redis-bus.js';
import { seed } from './seed.js';
import { setUpInChild } from './first-start.js';
import { keepDataDirPrivate } from './platform/data-dir.js';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * Starts the server: database (migrations, first-start seed), then the API and the console. `pglite`
 * is the embedded database when `main.ts` already began to open it on its thread (an existing data
 * folder); a fresh one is set up here first, in a child process, then opened on its thread.
 */
export async function serve(config: AppConfig, pglite: Promise<PgliteClient> | null) {
  const log = pino(loggerOptions(config.logLevel, config.instanceId));
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  let bus: Bus | undefined;

  let stopping = false;
  let endDrain: (() => void) | null = null;
  const stop = async (signal: string, drainMs: number) => {
    if (endDrain) {
      log.warn(`${signal} again: ending the drain now`);
      endDrain();
      return;
    }
    if (stopping) {
      log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    // Not ready from now on (GET /api/health/ready answers 503), while requests under way finish.
    app?.readiness.stop();
    if (app && drainMs > 0) {
      // The load balancer sees the 503 at its next check and stops sending requests here; until
      // then they are still served.
      log.info(`${signal}: not ready; serving ${drainMs} ms more (SHUTDOWN_DRAIN_MS) before shutting down`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, drainMs);
        endDrain = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      endDrain = null;
    }
    log.info(`${signal}: shutting down`);
    const force = setTimeout(() => {
      log.error('shutdown took more than 10 s: exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    // A request answered while closing (one that waited on the database) leaves its keep-alive
    // connection open, and the HTTP server waits for it: such connections close as they go idle.
    setInterval(() => app?.server.closeIdleConnections(), 100).unref();
    try {
      await app?.close();
      await bus?.close();
      await database?.close();
      // The files the embedded database wrote while running join the others as the owner's only.
      if (database?.kind === 'pglite') await keepDataDirPrivate(config.dataDir);
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // SIGTERM (a service manager, an orchestrator) drains; SIGINT (Ctrl-C at a terminal) does not.
  process.on('SIGINT', () => void stop('SIGINT', 0));
  process.on('SIGTERM', () => void stop('SIGTERM', config.shutdownDrainMs));

  try {
    const pgliteDir = config.databaseUrl ? null : path.join(config.dataDir, 'pglite');
    const seedOptions = {
      adminPassword: config.adminPassword,
      dataDir: config.dataDir,
      scryptLogN: config.scryptLogN,
      recoverPassword: !config.databaseUrl,
    };
    if (pgliteDir && !pglite) {
      log.info('first start: creating the embedded database');
      await setUpInChild({ pgliteDir, seed: seedOptions }, { info: (m) => log.info(m), warn: (m) => log.warn(m) });
      await keepDataDirPrivate(config.dataDir);
    }
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir,
      pglite: pglite ?? (pgliteDir ? PgliteThreadClient.open(pgliteDir) : null),
      timeoutMs: config.databaseTimeoutMs,
    });
    log.info(
      database.kind === 'pglite'
        ? `database: embedded PGlite in ${path.join(config.dataDir, 'pglite')}`
        : 'database: PostgreSQL (DATABASE_URL)',
    );
    await database.migrate();
    // On a database set up above both find nothing left to do.
    await seed(database.db, { ...seedOptions, log });

    if (config.redisUrl) {
      bus = await createRedisBus(config.redisUrl, {
        onError: (error, topic) => log.error({ err: error, topic }, 'bus subscriber failed'),
      });
      log.info('bus: Redis (REDIS_URL)');
    }
    app = await buildApp({
      config,
      database,
      ...(bus ? { bus } : {}),
      loggerInstance: log,
      trustProxy: config.trustProxy,
      ...(config.webDist ? { webDist: config.webDist } : {}),
    });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.host) ? 'localhost' : config.host;
    log.info(`ready in ${Math.round(performance.now())} ms at http://${host}:${port}`);
  } catch (error) {
    // A data folder that cannot take the data, or a database a newer version migrated, says so in
    // one sentence (naming the folder and why; what to do).
    const known = error instanceof Error && ['DataDirError', 'NewerSchemaError'].includes(error.name);
    log.fatal({ err: error }, known ? (error as Error).message : 'start failed');
    await app?.close().catch(() => undefined);
    await bus?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    process.exit(1);
  }
}
