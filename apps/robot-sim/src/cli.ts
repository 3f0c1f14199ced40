// The fleet simulator's command line: `npm run sim -- --robots 50 --tenant demo` (see the README).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { robotCamera, type RobotCamera } from '@patrol/contracts';
import { startFleet } from './fleet.js';

const { values } = parseArgs({
  options: {
    robots: { type: 'string', default: '20' },
    api: { type: 'string', default: process.env.PATROL_API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}` },
    mqtt: { type: 'string', default: process.env.MQTT_URL ?? `mqtt://127.0.0.1:${process.env.MQTT_PORT ?? 1883}` },
    account: { type: 'string', default: process.env.PATROL_SIM_ACCOUNT ?? 'admin' },
    password: { type: 'string' },
    tenant: { type: 'string' },
    prefix: { type: 'string', default: 'SIM' },
    speed: { type: 'string', default: '1.5' },
    'alarm-chance': { type: 'string' },
    'fault-chance': { type: 'string' },
    keys: { type: 'string', default: join(process.env.DATA_DIR ?? './data', 'robot-sim-keys.json') },
    auth: { type: 'string', default: process.env.MQTT_DYNSEC === '1' ? 'derived' : 'token' },
    ca: { type: 'string' },
    idle: { type: 'boolean', default: false },
    'fail-after': { type: 'string' },
    cameras: { type: 'string' },
    'scan-every': { type: 'string' },
    'scan-points': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(`npm run sim -- [options]
  --robots N       how many robots (20)
  --tenant T       tenant id or code to register them in (the account's own tenant)
  --api URL        the console (http://127.0.0.1:$PORT or :8080)
  --mqtt URL       the broker (MQTT_URL, or mqtt://127.0.0.1:$MQTT_PORT or :1883); mqtts://host:8883 for TLS
  --ca FILE        the CA certificate (PEM) that signed the broker's TLS certificate, when it is not a public one
  --account A      console account that registers the robots (admin)
  --password P     its password (PATROL_ADMIN_PASSWORD, or the first start's initial-admin-password file)
  --prefix P       serial numbers P-0001... (SIM); existing ones are reused
  --speed M        patrol speed in m/s (1.5)
  --alarm-chance P chance per robot and second of a gun or sentiment alarm (0.002); 0 for none
  --fault-chance P chance per robot and second of a fault report of one of its modules (0.0002); 0 for none
  --keys FILE      where the robots' private keys are kept (DATA_DIR/robot-sim-keys.json)
  --auth A         token (a signed JWT; the console's broker) or derived (Mosquitto with dynamic security)
  --idle           robots wait for tasks instead of patrolling their own loops
  --fail-after N   robots fail every task run after reaching N nodes
  --cameras LIST   cameras each robot streams to the console through ffmpeg, e.g. front,rear (none)
  --scan-every S   each robot uploads a generated point cloud scan every S seconds (none)
  --scan-points N  points of those scans (200000; at most 1000000)
While it runs, type "offline SERIAL", "crash SERIAL" or "online SERIAL" to take a robot away and back,
"gun SERIAL" or "sentiment SERIAL" to have it raise an alarm, "fail SERIAL" to have it fail the task
it runs, "fault SERIAL [MODULE]" to have it report a fault (chassis, lidar, camera, battery, speaker),
"repaired SERIAL MODULE" to stop reporting it, "scan SERIAL [POINTS]" to have it upload a point cloud
scan of the yard (200000 points; at most 1000000).`);
  process.exit(0);
}

/** `front,rear` as cameras `front` "Front" and `rear` "Rear". */
function cameraList(list: string): RobotCamera[] {
  return list
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean)
    .map((id) => robotCamera.parse({ id, name: id.charAt(0).toUpperCase() + id.slice(1) }));
}

async function password(): Promise<string> {
  if (values.password) return values.password;
  if (process.env.PATROL_ADMIN_PASSWORD) return process.env.PATROL_ADMIN_PASSWORD;
  const file = join(process.env.DATA_DIR ?? './data', 'initial-admin-password');
  return (await readFile(file, 'utf8').catch(() => '')).trim();
}

const fleet = await startFleet({
  apiUrl: values.api,
  brokerUrl: values.mqtt,
  account: values.account,
  password: await password(),
  ...(values.tenant ? { tenant: values.tenant } : {}),
  robots: Number(values.robots),
  prefix: values.prefix,
  speed: Number(values.speed),
  ...(values['alarm-chance'] !== undefined ? { alarmChance: Number(values['alarm-chance']) } : {}),
  ...(values['fault-chance'] !== undefined ? { faultChance: Number(values['fault-chance']) } : {}),
  keysFile: values.keys,
  auth: values.auth === 'derived' ? 'derived' : 'token',
  ...(values.ca ? { ca: await readFile(values.ca, 'utf8') } : {}),
  ...(values.idle ? { mode: 'idle' as const } : {}),
  ...(values['fail-after'] !== undefined ? { failRunAfterNodes: Number(values['fail-after']) } : {}),
  ...(values.cameras ? { cameras: cameraList(values.cameras) } : {}),
  ...(values['scan-every'] !== undefined ? { pointCloudEveryMs: Number(values['scan-every']) * 1000 } : {}),
  ...(values['scan-points'] !== undefined ? { pointCloudPoints: Number(values['scan-points']) } : {}),
  onLog: (line) => console.log(line),
});
console.log(`${fleet.robots.length} robots connected to ${values.mqtt}, patrolling. Ctrl-C stops them.`);

const bySerial = new Map(fleet.robots.map((r) => [r.serial, r]));
createInterface({ input: process.stdin }).on('line', (line) => {
  const [verb, serial, module] = line.trim().split(/\s+/);
  const robot = serial ? bySerial.get(serial) : undefined;
  if (!robot)
    return console.log(
      'usage: offline|crash|online|gun|sentiment|fail SERIAL, fault SERIAL [MODULE], repaired SERIAL MODULE, scan SERIAL [POINTS]',
    );
  const done = (what: string) => () => console.log(`${serial} ${what}`);
  const failed = (error: unknown) => console.error(`${serial}: ${String(error)}`);
  if (verb === 'offline') robot.disconnect().then(done('offline'), failed);
  else if (verb === 'crash') robot.disconnect({ silent: true }).then(done('dropped'), failed);
  else if (verb === 'online') robot.connect().then(done('online'), failed);
  else if (verb === 'gun' || verb === 'sentiment') done(`raised ${verb} alarm ${robot.raiseAlarm(verb).id}`)();
  else if (verb === 'fault') done(`reported a fault of ${robot.reportFault(module).module ?? ''}`)();
  else if (verb === 'repaired' && module)
    done(robot.clearFault(module) ? `${module} repaired` : `${module} was not at fault`)();
  else if (verb === 'scan') {
    const points = module ? Number(module) : undefined;
    robot
      .uploadPointCloud(points ? { points } : {})
      .then(({ status }) => done(status < 300 ? 'uploaded a point cloud scan' : `scan refused (${status})`)(), failed);
  } else if (verb === 'fail')
    done(robot.failRun('failed by the operator of the simulator') ? 'failed its run' : 'runs no task')();
});

const stop = async () => {
  await fleet.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
