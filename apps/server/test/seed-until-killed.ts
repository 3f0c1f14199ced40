// Run by seed-killed.test.ts as a child process: sets up the embedded database in the folder given
// and kills itself (SIGKILL, nothing flushed or cleaned up) the moment the administrator's row is
// committed, as a power switch or the OOM killer would at the worst time.
import path from 'node:path';
import { openDatabase } from '../src/platform/db.js';
import { seed } from '../src/seed.js';

const dataDir = process.argv[2]!;
const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pglite') });
await database.migrate();
await seed(database.db, {
  adminPassword: null,
  dataDir,
  scryptLogN: 10,
  log: { info: () => undefined, warn: () => undefined },
  afterAdminCommitted: () => {
    process.kill(process.pid, 'SIGKILL');
  },
});
