// The main thread's side of the lean robot fleet (load-generator.ts, in a worker thread): start it,
// register its robots through the console's API, and the telemetry every robot repeats. Shared by
// the fleet, tracks and soak benches.
import { DEFAULT_MAP_CENTER } from '@patrol/contracts';
import { makeRoute, SimRobot, type ConsoleApi } from '@patrol/robot-sim';
import type { LoadReply, LoadRobot, LoadRun, LoadSetup } from './load-generator.js';
import { startTsWorker } from './worker.js';

/** The load generator in its worker thread, connected to `setup.url` as every robot. */
export async function startLoad(setup: LoadSetup) {
  const { worker, next } = startTsWorker<LoadReply>(
    new URL('./load-generator.ts', import.meta.url),
    setup,
    'load generator',
  );
  const ready = (await next()) as Extract<LoadReply, { type: 'ready' }>;
  return {
    ...ready,
    run: async (run: Omit<LoadRun, 'type'>) => {
      const done = next();
      worker.postMessage({ type: 'run', ...run } satisfies LoadRun);
      return ((await done) as Extract<LoadReply, { type: 'done' }>).published;
    },
    stop: async () => {
      worker.postMessage({ type: 'stop' });
      await new Promise((r) => worker.once('exit', r));
    },
  };
}

/**
 * Registers `count` robots (`<prefix>-00001` …) through the console's API, 16 at a time, and makes
 * each its MQTT token for `brokerUrl`.
 */
export async function registerLoadRobots(
  api: ConsoleApi,
  brokerUrl: string,
  count: number,
  prefix: string,
): Promise<(LoadRobot & { robotId: number })[]> {
  const out: (LoadRobot & { robotId: number })[] = [];
  for (let i = 0; i < count; i += 16) {
    const made = await Promise.all(
      Array.from({ length: Math.min(16, count - i) }, async (_, k) => {
        const serial = `${prefix}-${String(i + k + 1).padStart(5, '0')}`;
        const { privateKey, robot } = await api.createRobot({
          productId: 'PR-1000',
          serialNumber: serial,
          name: serial,
        });
        const sim = new SimRobot({
          serial,
          privateKey,
          keyVersion: robot.keyVersion,
          brokerUrl,
          route: makeRoute(DEFAULT_MAP_CENTER, 0),
        });
        return { serial, token: await sim.token(), robotId: robot.robotId };
      }),
    );
    out.push(...made);
  }
  return out;
}

/** One valid telemetry message, which the load generator repeats with a new time. */
export const loadTelemetry = () =>
  new SimRobot({
    serial: 'LOAD',
    privateKey: '',
    keyVersion: 1,
    brokerUrl: '',
    route: makeRoute(DEFAULT_MAP_CENTER, 0),
  }).telemetry() as unknown as Record<string, unknown>;
