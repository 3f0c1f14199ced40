import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { createMemoryBus, type Bus } from '../src/platform/bus.js';
import { loadConfig, type AppConfig } from '../src/platform/config.js';
import { openDatabase, pgliteDatabase, type Database, type Db } from '../src/platform/db.js';
import { PGLITE_SETTINGS } from '../src/platform/pglite.js';
import { seed, type SeedResult } from '../src/seed.js';

/** The first administrator's password in tests (PATROL_ADMIN_PASSWORD of a test start). */
export const TEST_ADMIN_PASSWORD = 'Patrol-test-7x';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  db: Db;
  config: AppConfig;
  bus: Bus;
  seedResult: SeedResult;
  /** Closes the app and the database, and drops the PostgreSQL database if one was made. */
  close(): Promise<void>;
};

export type TestAppOptions = {
  /** PATROL_ADMIN_PASSWORD; null to let the seed generate one. */
  adminPassword?: string | null;
  /** DATA_DIR for the seed's password file; null for none. */
  dataDir?: string | null;
  /** A console build to serve; none by default. */
  webDist?: string | null;
  /** Reuse a database (a second start); it is then not closed by this app. */
  database?: Database;
  /** An external broker (e.g. the machine's Mosquitto) instead of the embedded one, with its own share group. */
  mqttUrl?: string;
  /** Credentials on the external broker, and whether it enforces robots' identities (dynamic security). */
  mqttUsername?: string;
  mqttPassword?: string;
  mqttDynsec?: boolean;
  /** The bus (e.g. Redis, to run several instances); an in-process one by default. */
  bus?: Bus;
  /** Shared-subscription group on the external broker; one of its own by default. */
  mqttShareGroup?: string;
  /** Print the server's logs (debugging). */
  logs?: boolean;
  /** SOCKET_ORIGINS: origins besides the console's own host whose pages may open the console socket. */
  socketOrigins?: string[];
  /** The embedded broker on its own thread, as the product runs it; on the test's thread by default. */
  brokerThread?: boolean;
  /** The environment the settings are read from (HOST, MQTT_HOST, MQTT_TLS_*...); none by default. */
  env?: NodeJS.ProcessEnv;
  /** FILE_STORAGE: the database by default; `disk` (under `dataDir`) for large files on PGlite. */
  fileStorage?: 'disk' | 'database';
};

/**
 * A fresh PostgreSQL database through TEST_DATABASE_URL (its database part is replaced), so test
 * files running in parallel never share data. Returns its URL and how to drop it.
 */
async function createPostgresDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `patrol_test_${process.pid}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

const startParams = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS];
let pgliteTemplate: Promise<Blob> | undefined;

/**
 * A migrated in-memory PGlite per test app, loaded from the data directory that the global setup
 * migrated once (with the server's settings), which is faster than starting PGlite and migrating.
 */
async function clonePgliteTemplate(): Promise<Database> {
  pgliteTemplate ??= (async () => {
    const dump = inject('pgliteDump');
    if (dump) return new Blob([await readFile(dump)]);
    const client = await PGlite.create({ startParams });
    await pgliteDatabase(client).migrate();
    const blob = await client.dumpDataDir('none');
    await client.close();
    return blob;
  })();
  return pgliteDatabase(await PGlite.create({ loadDataDir: await pgliteTemplate, startParams }));
}

/** Opens a migrated, empty database: PGlite in memory, or a new PostgreSQL database when TEST_DATABASE_URL is set. */
export async function openTestDatabase(): Promise<{ database: Database; url: string | null; drop(): Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL?.trim();
  if (!baseUrl) return { database: await clonePgliteTemplate(), url: null, drop: async () => undefined };
  const made = await createPostgresDatabase(baseUrl);
  const database = await openDatabase({ databaseUrl: made.url, pgliteDir: null });
  await database.migrate();
  return { database, url: made.url, drop: made.drop };
}

/** Builds the whole server in-process on a fresh, seeded database, ready for `app.inject`. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config: AppConfig = {
    ...loadConfig(options.env ?? {}),
    // Cheap hashes: the suite signs in hundreds of times. Stored hashes carry their own cost.
    scryptLogN: 10,
    mqttPort: 0,
    mqttUrl: options.mqttUrl ?? null,
    mqttUsername: options.mqttUsername ?? null,
    mqttPassword: options.mqttPassword ?? null,
    mqttDynsec: options.mqttDynsec ?? false,
    // A thread per app would cost each of the suite's hundreds of apps a second of start-up (the
    // TypeScript loader); the broker is the same aedes either way, and the thread has its own tests.
    mqttBrokerThread: options.brokerThread ?? false,
    mqttShareGroup: options.mqttShareGroup ?? `patrol-test-${randomBytes(4).toString('hex')}`,
    adminPassword: options.adminPassword === undefined ? TEST_ADMIN_PASSWORD : options.adminPassword,
    dataDir: options.dataDir ?? '/nonexistent',
    logLevel: options.logs ? 'debug' : 'silent',
    socketOrigins: options.socketOrigins ?? [],
    // The data directory of a test is not written to: files go to the test's database.
    fileStorage: options.fileStorage ?? 'database',
  };
  const owned = options.database ? null : await openTestDatabase();
  const database = options.database ?? owned!.database;
  const log = { info: () => undefined, warn: () => undefined };
  const seedResult = await seed(database.db, {
    adminPassword: config.adminPassword,
    dataDir: options.dataDir ?? null,
    scryptLogN: config.scryptLogN,
    log: options.logs ? console : log,
  });
  const bus = options.bus ?? createMemoryBus();
  const app = await buildApp({
    config,
    database,
    bus,
    logger: options.logs ? { level: 'debug' } : false,
    webDist: options.webDist ?? null,
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    bus,
    seedResult,
    close: async () => {
      await app.close();
      await bus.close();
      if (owned) {
        await database.close();
        await owned.drop();
      }
    },
  };
}
