// 5. SIGTERM under load: writes, robots streaming and console sockets watching when the server is
// asked to stop. It must say it is not ready at once, keep serving through its drain, exit 0 within
// a few seconds after it, close every console socket with 1001 "going away", and keep every write
// it acknowledged (checked after starting it again on the same data), and find its robots online again.
import {
  checkWrites,
  Console,
  freshDatabase,
  openConsoleSocket,
  startQuietFleet,
  QUICK,
  Report,
  sleep,
  start,
  Writer,
  type DatabaseKind,
} from './common.js';
import { freePort } from '../server-process.js';

/** The drain the server is given (SHUTDOWN_DRAIN_MS). */
const DRAIN_MS = 1000;
/** The longest a stop may take, drain included. */
const STOP_MS = DRAIN_MS + 5000;
/** The longest the fleet may take to be online again on the restarted server (robots back off up to 30 s). */
const ROBOTS_BACK_MS = 45_000;

export async function sigterm(kind: DatabaseKind, report: Report): Promise<void> {
  const db = await freshDatabase(kind);
  const mqttPort = await freePort();
  const env = { ...db.env, MQTT_PORT: String(mqttPort), SHUTDOWN_DRAIN_MS: String(DRAIN_MS) };
  let server = await start(env);
  let api: Console | null = new Console(server.url);
  await api.signIn();
  const fleet = await startQuietFleet(server.url, `mqtt://127.0.0.1:${mqttPort}`, QUICK ? 5 : 20, `T${process.pid}`);
  const sockets = await Promise.all(Array.from({ length: QUICK ? 4 : 10 }, () => openConsoleSocket(api!)));
  const prefix = `term-${process.pid}`;
  const writer = new Writer(prefix, () => api, 6);
  writer.start();
  try {
    await sleep(QUICK ? 3000 : 8000);
    const pushes = sockets.reduce((n, s) => n + s.messages(), 0);
    const t0 = performance.now();
    process.kill(server.pid, 'SIGTERM');
    // Not ready once the signal is taken (at once), while it still serves through the drain.
    let ready = 0;
    while (performance.now() - t0 < DRAIN_MS) {
      ready = await fetch(`${server.url}/api/health/ready`).then(
        (r) => r.status,
        () => 0,
      );
      if (ready === 503) break;
      await sleep(20);
    }
    const ms = performance.now() - t0;
    const timeout = new Promise<null>((r) => setTimeout(() => r(null), STOP_MS + 5000).unref());
    const exit = await Promise.race([server.exited, timeout]);
    const stopMs = performance.now() - t0;
    api = null;
    if (!exit) process.kill(server.pid, 'SIGKILL');
    const codes = await Promise.all(
      sockets.map((s) => Promise.race([s.closed, new Promise<number>((r) => setTimeout(() => r(-1), 2000))])),
    );
    await writer.stop();
    report.line(
      `stop under load (${fleet.robots.length} robots streaming, ${sockets.length} consoles that had ${pushes} pushes, ` +
        `${writer.acknowledged.size} writes acknowledged): exit ${exit ? (exit.code ?? exit.signal) : 'none'} in ${stopMs.toFixed(0)} ms`,
    );
    report.line(`console sockets closed with: ${codes.join(', ')}`);
    report.line(`readiness after the signal: ${ready} in ${ms.toFixed(0)} ms`);
    report.expect(ready === 503 && ms < DRAIN_MS, `readiness answers 503 during the ${DRAIN_MS} ms drain`);
    report.expect(exit?.code === 0, 'the server exits 0 on SIGTERM');
    report.expect(stopMs < STOP_MS, `the server stops within ${STOP_MS} ms`);
    report.expect(
      codes.every((c) => c === 1001),
      'every console socket got close code 1001',
    );
    server = await start(env);
    const after = new Console(server.url);
    await after.signIn();
    report.writes(await checkWrites(after, writer, prefix), writer);
    // The robots reconnect on their own to the server started again (same broker port).
    const back = performance.now();
    const online = await after.robotsOnline(
      fleet.robots.map((r) => r.serial),
      ROBOTS_BACK_MS,
    );
    report.line(
      `robots back online after the restart: ${online} in ${((performance.now() - back) / 1000).toFixed(1)} s`,
    );
    report.expect(online, `every robot is online again within ${ROBOTS_BACK_MS / 1000} s of the restart`);
  } finally {
    await writer.stop();
    for (const s of sockets) s.ws.terminate();
    await fleet.stop();
    await server.stop();
    await db.drop();
  }
}
