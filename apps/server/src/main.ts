// The process's entry. It loads only what it needs to start the slow parts on their own, then the
// rest of the server: an existing embedded database opens on its own thread and the embedded
// broker's thread loads, on the other core, while the main thread loads the server's modules. A
// fresh data folder is set up by the start itself, in a child process.
import module from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import type { AppConfig } from './platform/config.js';
import { isFreshPglite } from './platform/pglite.js';
import { PgliteThreadClient } from './platform/pglite-thread.js';
import { prewarmBrokerThread } from './platform/broker-thread.js';
import { checkDataDir, DataDirError, keepDataDirPrivate } from './platform/data-dir.js';

// Node 22 and later keep the compiled code of the modules on disk (in the system's temporary folder,
// or NODE_COMPILE_CACHE), so later starts skip compiling them; Node 20 has no such cache.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
// The embedded database's WebAssembly starts on V8's baseline code; V8 recompiles a function with its
// optimising compiler once it has run a budget of code. PostgreSQL's start-up (reading its catalogue)
// spent the default budget of many functions used once, and their recompiling took about 0.5 s of a
// core while the server started. A budget 100 times larger keeps that for the functions queries use
// again and again. Set before the database's thread compiles the module; V8's flags are the process's.
v8.setFlagsFromString('--wasm-tiering-budget=180000000');

// The embedded database's thread starts first (not when the environment names PostgreSQL), and
// loads PGlite and compiles its WebAssembly while this thread loads the settings (zod and the
// contracts) and the server; it opens the database once the settings say where.
const pgliteThread = process.env.DATABASE_URL?.trim() ? null : PgliteThreadClient.prewarm();
const { ConfigError, loadConfig } = await import('./platform/config.js');

let config: AppConfig;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // Every wrong setting in one line (several lines can reach a busy pipe out of their order).
  const [{ default: pino }, { loggerOptions }] = await Promise.all([import('pino'), import('./platform/logging.js')]);
  const log = pino(loggerOptions('info', process.env.INSTANCE_ID?.trim() || undefined));
  const n = error.problems.length;
  log.fatal(
    { problems: error.problems },
    `not started: ${n} setting${n === 1 ? ' is' : 's are'} wrong: ${error.problems.join(' ')}`,
  );
  process.exit(1);
}
// What the server writes itself (uploads, the initial password) is its owner's only from the start.
process.umask(0o077);
try {
  // PostgreSQL keeps the data elsewhere: DATA_DIR then holds only files, and needs no reserve.
  await checkDataDir(config.dataDir, config.databaseUrl ? { minFreeBytes: 0 } : {});
  await keepDataDirPrivate(config.dataDir);
} catch (error) {
  if (!(error instanceof DataDirError)) throw error;
  const [{ default: pino }, { loggerOptions }] = await Promise.all([import('pino'), import('./platform/logging.js')]);
  pino(loggerOptions('info', config.instanceId)).fatal({ problem: error.problem }, error.message);
  process.exit(1);
}
if (!config.mqttUrl && config.mqttBrokerThread) prewarmBrokerThread();
const pgliteDir = config.databaseUrl ? null : path.join(config.dataDir, 'pglite');
const existing = pgliteDir && !isFreshPglite(pgliteDir);
const pglite = existing ? (pgliteThread?.open(pgliteDir) ?? PgliteThreadClient.open(pgliteDir)) : null;
// PostgreSQL, or a fresh folder (set up in a child process, then opened on a thread of its own).
if (!pglite) pgliteThread?.cancel();
// A failure is reported by the start, which awaits it; until then it is not unhandled.
pglite?.catch(() => undefined);
const { serve } = await import('./serve.js');
await serve(config, pglite);
