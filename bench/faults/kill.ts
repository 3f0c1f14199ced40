// 1. kill -9 mid-stream: a writer creating stations and robots streaming telemetry while the server
// is killed (SIGKILL) at random moments and started again on the same data each time. Every
// acknowledged write must be there once with its operation-log row, and the robots back online.
import { freePort, type RunningServer } from '../server-process.js';
import {
  checkWrites,
  Console,
  freshDatabase,
  startQuietFleet,
  QUICK,
  Report,
  sleep,
  start,
  Writer,
  type DatabaseKind,
} from './common.js';

export async function killNine(kind: DatabaseKind, report: Report): Promise<void> {
  const kills = QUICK ? 3 : 10;
  const db = await freshDatabase(kind);
  const mqttPort = await freePort();
  const env = { ...db.env, MQTT_PORT: String(mqttPort) };
  let server: RunningServer = await start(env);
  let api: Console | null = new Console(server.url);
  await api.signIn();
  const fleet = await startQuietFleet(server.url, `mqtt://127.0.0.1:${mqttPort}`, QUICK ? 3 : 10, `K${process.pid}`);
  const prefix = `kill-${process.pid}`;
  const writer = new Writer(prefix, () => api);
  writer.start();
  const restartMs: number[] = [];
  try {
    for (let i = 0; i < kills; i++) {
      await sleep(800 + Math.random() * (QUICK ? 2500 : 5000));
      const before = writer.acknowledged.size;
      process.kill(server.pid, 'SIGKILL');
      await server.exited;
      api = null;
      const t0 = performance.now();
      server = await start(env);
      restartMs.push(performance.now() - t0);
      const next = new Console(server.url);
      await next.signIn();
      api = next;
      report.line(`kill ${i + 1}: ${before} writes acknowledged before it, back in ${restartMs.at(-1)!.toFixed(0)} ms`);
    }
    await sleep(1500);
    await writer.stop();
    const check = await checkWrites(api!, writer, prefix);
    report.writes(check, writer);
    const serials = fleet.robots.map((r) => r.serial);
    const back = await api!.robotsOnline(serials, 20_000);
    report.line(`robots: ${serials.length} streaming telemetry, all back online after the last restart: ${back}`);
    report.expect(back, 'every robot is back online after the restarts');
    report.expect(kills === restartMs.length, `the server started again after each of ${kills} kills`);
  } finally {
    await writer.stop();
    await fleet.stop();
    await server.stop();
    await db.drop();
  }
}
