import type { Bus } from './bus.js';
import type { AppConfig } from './config.js';
import type { Database, Db } from './db.js';

/** What every module is built from. */
export type AppContext = {
  config: AppConfig;
  database: Database;
  db: Db;
  bus: Bus;
};
