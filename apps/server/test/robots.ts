import { randomBytes } from 'node:crypto';
import { DEFAULT_MAP_CENTER, type RobotKeyResponse } from '@patrol/contracts';
import { makeRoute, SimRobot, type SimRobotOptions } from '@patrol/robot-sim';
import type { TestApp } from './create-test-app.js';
import { as } from './factories.js';

export type RegisteredRobot = { robotId: number; serial: string; privateKey: string; keyVersion: number };

/** A serial number no other test (or earlier run on a shared broker) uses. */
export const uniqueSerial = (prefix = 'T') => `${prefix}-${randomBytes(5).toString('hex')}`;

/** Registers a robot through the API and returns what the robot needs to connect. */
export async function registerRobot(
  t: TestApp,
  token: string,
  serial = uniqueSerial(),
  headers: Record<string, string> = {},
): Promise<RegisteredRobot> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/robot-server/robot/create',
    headers: as(token, headers),
    payload: { productId: 'PR-1000', serialNumber: serial, name: `Robot ${serial}`.slice(0, 50) },
  });
  if (res.statusCode !== 200) throw new Error(`create robot: ${res.statusCode} ${res.body}`);
  const data = res.json().data as RobotKeyResponse;
  return { robotId: data.robot.robotId, serial, privateKey: data.privateKey, keyVersion: data.robot.keyVersion };
}

/** A simulated robot for a registered one, reporting every 200 ms, without random events. */
export function simRobot(t: TestApp, robot: RegisteredRobot, options: Partial<SimRobotOptions> = {}): SimRobot {
  return new SimRobot({
    serial: robot.serial,
    privateKey: robot.privateKey,
    keyVersion: robot.keyVersion,
    brokerUrl: t.app.robotBrokerUrl()!,
    route: makeRoute(DEFAULT_MAP_CENTER, 0),
    telemetryMs: 200,
    eventChance: 0,
    uploadChance: 0,
    ...options,
  });
}

/** Polls until `probe` returns something truthy (or throws its last error after `ms`). */
export async function until<T>(probe: () => Promise<T> | T, ms = 8000, what = 'condition'): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
