import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DEFAULT_MAP_CENTER, type RobotCamera } from '@patrol/contracts';
import { ConsoleApi } from './console-api.js';
import { SimRobot, type PointCloudUploadOptions, type PointCloudUploadResult, type SimRobotOptions } from './robot.js';
import { makeRoute, type LatLng } from './route.js';

export type FleetOptions = {
  /** The console, e.g. http://127.0.0.1:8080 */
  apiUrl: string;
  /** Where robots connect, e.g. mqtt://127.0.0.1:1883 */
  brokerUrl: string;
  /** A console account that may register robots in the tenant. */
  account: string;
  password: string;
  /** Tenant id or code; the account's own tenant when absent. */
  tenant?: string | number;
  robots: number;
  /** Serial numbers are `<prefix>-0001`...; robots with these serials are reused. */
  prefix?: string;
  productId?: string;
  /** Where the private keys are kept between runs (JSON, serial → key); null keeps them in memory. */
  keysFile?: string | null;
  center?: LatLng;
  /** Scales the patrol loops (1 = about 80 x 50 m). */
  routeSize?: number;
  onLog?: (line: string) => void;
  /**
   * The cameras each robot announces and streams to the console at `apiUrl` (none by default);
   * each one runs an ffmpeg while its robot is connected.
   */
  cameras?: RobotCamera[];
} & Partial<
  Pick<
    SimRobotOptions,
    | 'speed'
    | 'telemetryMs'
    | 'eventChance'
    | 'uploadChance'
    | 'alarmChance'
    | 'faultChance'
    | 'auth'
    | 'ca'
    | 'mode'
    | 'actionMs'
    | 'waitMs'
    | 'failRunAfterNodes'
    | 'pointCloudEveryMs'
    | 'pointCloudPoints'
  >
>;

export type Fleet = {
  robots: SimRobot[];
  tenantId: number | null;
  stop(): Promise<void>;
  /**
   * Deletes the fleet's robots from the console after completing their open alarms (their records
   * stay); call after `stop`.
   */
  remove(): Promise<void>;
  /** Has the robot with this serial upload a scan now (SimRobot.uploadPointCloud). */
  uploadPointCloud(serial: string, options?: PointCloudUploadOptions): Promise<PointCloudUploadResult>;
};

type KeyFile = Record<string, { privateKey: string; keyVersion: number }>;

async function readKeys(file: string | null): Promise<KeyFile> {
  if (!file) return {};
  try {
    return JSON.parse(await readFile(file, 'utf8')) as KeyFile;
  } catch {
    return {};
  }
}

/**
 * Registers (or reuses) `robots` robots in the tenant through the console's API, then connects each
 * with its own key and starts its patrol. Robots whose key is unknown here get a new one (rotation).
 */
export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const prefix = options.prefix ?? 'SIM';
  const keysFile = options.keysFile === undefined ? './data/robot-sim-keys.json' : options.keysFile;
  const api = new ConsoleApi(options.apiUrl);
  await api.signIn(options.account, options.password);
  const tenantId = options.tenant === undefined ? null : await api.useTenant(options.tenant);
  const keys = await readKeys(keysFile);
  const existing = new Map((await api.robots(`${prefix}-`)).map((r) => [r.serialNumber, r]));

  const robots: SimRobot[] = [];
  const robotIds: number[] = [];
  for (let i = 0; i < options.robots; i++) {
    const serial = `${prefix}-${String(i + 1).padStart(4, '0')}`;
    const known = existing.get(serial);
    let key = keys[serial];
    if (!known) {
      const made = await api.createRobot({
        productId: options.productId ?? 'PR-1000',
        serialNumber: serial,
        name: `${prefix} ${String(i + 1).padStart(3, '0')}`,
      });
      key = { privateKey: made.privateKey, keyVersion: made.robot.keyVersion };
      robotIds.push(made.robot.robotId);
    } else {
      if (!key || key.keyVersion !== known.keyVersion) {
        const rotated = await api.rotateKey(known.robotId);
        key = { privateKey: rotated.privateKey, keyVersion: rotated.robot.keyVersion };
      }
      robotIds.push(known.robotId);
    }
    keys[serial] = key;
    robots.push(
      new SimRobot({
        serial,
        privateKey: key.privateKey,
        keyVersion: key.keyVersion,
        brokerUrl: options.brokerUrl,
        route: makeRoute(options.center ?? DEFAULT_MAP_CENTER, i, options.routeSize),
        ...(options.speed !== undefined ? { speed: options.speed } : {}),
        ...(options.telemetryMs !== undefined ? { telemetryMs: options.telemetryMs } : {}),
        ...(options.eventChance !== undefined ? { eventChance: options.eventChance } : {}),
        ...(options.uploadChance !== undefined ? { uploadChance: options.uploadChance } : {}),
        ...(options.alarmChance !== undefined ? { alarmChance: options.alarmChance } : {}),
        ...(options.faultChance !== undefined ? { faultChance: options.faultChance } : {}),
        ...(options.onLog ? { onLog: options.onLog } : {}),
        ...(options.auth ? { auth: options.auth } : {}),
        ...(options.ca ? { ca: options.ca } : {}),
        ...(options.mode ? { mode: options.mode } : {}),
        ...(options.actionMs !== undefined ? { actionMs: options.actionMs } : {}),
        ...(options.waitMs !== undefined ? { waitMs: options.waitMs } : {}),
        ...(options.failRunAfterNodes !== undefined ? { failRunAfterNodes: options.failRunAfterNodes } : {}),
        ...(options.pointCloudEveryMs !== undefined ? { pointCloudEveryMs: options.pointCloudEveryMs } : {}),
        ...(options.pointCloudPoints !== undefined ? { pointCloudPoints: options.pointCloudPoints } : {}),
        // The console's base: cameras push there, and relative audio file URLs resolve against it.
        consoleUrl: options.apiUrl,
        ...(options.cameras?.length ? { cameras: options.cameras } : {}),
      }),
    );
  }
  if (keysFile) {
    await mkdir(dirname(keysFile), { recursive: true });
    await writeFile(keysFile, JSON.stringify(keys, null, 2), { mode: 0o600 });
  }

  // Connect in small groups so a big fleet does not hit the broker all at once.
  for (let i = 0; i < robots.length; i += 50) {
    await Promise.all(robots.slice(i, i + 50).map((r) => r.connect()));
  }
  return {
    robots,
    tenantId,
    stop: async () => {
      await Promise.all(robots.map((r) => r.disconnect()));
    },
    uploadPointCloud: (serial, upload) => {
      const robot = robots.find((r) => r.serial === serial);
      if (!robot) return Promise.reject(new Error(`no robot ${serial} in the fleet`));
      return robot.uploadPointCloud(upload);
    },
    remove: async () => {
      for (const robotId of robotIds) {
        await api.completeOpenAlarms(robotId);
        await api.deleteRobot(robotId);
      }
    },
  };
}
