// `npm run demo`: the console on its embedded defaults with 20 simulated robots patrolling in a
// demo tenant, so a new user sees a live fleet within a minute. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_MAP_CENTER } from '@patrol/contracts';
import { ConsoleApi } from './console-api.js';
import { demoSite } from './demo-site.js';
import { startFleet } from './fleet.js';
import { withSitePlan, writeSitePlan } from './site-map.js';

const port = Number(process.env.PORT ?? 8080);
const mqttPort = Number(process.env.MQTT_PORT ?? 1883);
const dataDir = process.env.DATA_DIR ?? './data';
const robots = Number(process.env.DEMO_ROBOTS ?? 20);
// Each demo robot streams one camera to the console (an ffmpeg each); DEMO_VIDEO=0 turns video off.
const video = process.env.DEMO_VIDEO !== '0';
const DEMO = { code: 'demo', name: 'Demo', adminAccount: 'demo', adminPassword: 'Demo-patrol-26', adminName: 'Demo' };

// The compiled server, built by `npm run demo` just before.
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  env: { ...process.env, PORT: String(port), MQTT_PORT: String(mqttPort) },
  stdio: 'inherit',
});
server.once('exit', (code) => process.exit(code ?? 1));

const api = `http://127.0.0.1:${port}`;
for (;;) {
  const res = await fetch(`${api}/api/health`).catch(() => null);
  if (res?.ok) break;
  await new Promise((r) => setTimeout(r, 250));
}

const password =
  process.env.PATROL_ADMIN_PASSWORD ??
  (await readFile(join(dataDir, 'initial-admin-password'), 'utf8').catch(() => '')).trim();
if (!password) {
  console.error('demo: set PATROL_ADMIN_PASSWORD (the administrator password of this data directory)');
  server.kill('SIGTERM');
} else {
  const admin = new ConsoleApi(api);
  await admin.signIn('admin', password);
  await admin.ensureTenant(DEMO);
  // The site plan of the patrol area, first of the base layers: the map shows a site with no internet.
  await writeSitePlan(dataDir);
  await admin.updateConfig('leafletConfig', withSitePlan(await admin.configValue('leafletConfig')));
  const fleet = await startFleet({
    apiUrl: api,
    brokerUrl: `mqtt://127.0.0.1:${mqttPort}`,
    account: 'admin',
    password,
    tenant: DEMO.code,
    robots,
    prefix: 'DEMO',
    keysFile: join(dataDir, 'demo-robot-keys.json'),
    ...(video ? { cameras: [{ id: 'front', name: 'Front' }] } : {}),
    // A 200,000-point scan (3 MB) from each robot about once an hour (DEMO_SCAN_EVERY_S; 0 for none).
    pointCloudEveryMs: Number(process.env.DEMO_SCAN_EVERY_S ?? 3600) * 1000,
    onLog: (line) => {
      // The cameras say when they cannot stream (no ffmpeg, the console refusing them).
      if (/ camera /.test(line) && !/ streaming to | stopped$/.test(line)) console.log(line);
    },
  });
  // The last robot stands by for tasks (a robot patrolling its own loop is busy and takes none), so
  // a job and a task made in the console can be run on it at once or on a schedule.
  const standby = fleet.robots.length > 1 ? fleet.robots[fleet.robots.length - 1] : undefined;
  if (standby) standby.mode = 'idle';
  // The demo site: a station holding the fleet, a pond robot 1 keeps out of, a lawn robot 2 slows on.
  await admin.useTenant(DEMO.code);
  const site = demoSite(DEFAULT_MAP_CENTER, robots);
  const station = await admin.ensureStation('Demo campus', site.area);
  const ids = (await admin.robots('DEMO-')).map((r) => r.robotId);
  if (ids.length) await admin.assignStation(ids, station.stationId);
  if (station.fenceCount === 0) {
    for (const fence of site.fences) await admin.createFence({ ...fence, stationId: station.stationId });
  }
  console.log(
    `demo: ${fleet.robots.length} robots in tenant "${DEMO.name}"` +
      (standby ? `, ${standby.serial} standing by for tasks` : '') +
      `. Open http://localhost:${port} and ` +
      `sign in as ${DEMO.adminAccount} / ${DEMO.adminPassword} (or as admin and switch to the tenant).`,
  );
  // One alarm of each kind early on, whatever the dice say, so the alarm screens have something
  // to show within the first 20 seconds; random ones follow (about two a minute for 20 robots).
  const firstAlarms = [
    setTimeout(() => fleet.robots[0]?.raiseAlarm('gun'), 12_000),
    setTimeout(() => fleet.robots[1 % fleet.robots.length]?.raiseAlarm('sentiment'), 18_000),
  ];
  const stop = async () => {
    for (const timer of firstAlarms) clearTimeout(timer);
    await fleet.stop();
    server.kill('SIGTERM');
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}
