import type { Bus } from './bus.js';
import type { AppConfig } from './config.js';
import type { Database, Db } from './db.js';
import type { OperationIndex } from './operations.js';

/** What every module is built from. */
export type AppContext = {
  config: AppConfig;
  database: Database;
  db: Db;
  bus: Bus;
  /** operationId of every API route, for texts in the caller's language. */
  operations: OperationIndex;
};
