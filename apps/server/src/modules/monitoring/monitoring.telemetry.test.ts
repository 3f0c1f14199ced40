import { describe, expect, it } from 'vitest';
import { robotTelemetry, type RobotTelemetry } from '@patrol/contracts';
import { telemetrySchema } from './monitoring.telemetry.js';

const valid: RobotTelemetry = {
  ts: 1_795_521_578_422,
  lat: 22.54,
  lng: 114.05,
  altitude: 12.1,
  speed: 1.2,
  acceleration: -0.3,
  direction: 359.9,
  battery: 89.6,
  charging: false,
  temperatures: { ambient: 26.3, body: 38.7, battery: 30.8 },
  humidity: 63.5,
  windSpeed: 2.3,
  windDirection: 133,
  network: { up: 2673, down: 705 },
  versions: { firmware: 'PR-2.4.1', modules: { chassis: '1.8.0', camera: '3.2.5' } },
  warning: { level: 1, color: 'yellow' },
  mode: 'patrolling',
  lights: true,
};

/** The message with one field (a dotted path) replaced, or removed when `value` is undefined. */
function withField(path: string, value: unknown): unknown {
  const copy = structuredClone(valid) as unknown as Record<string, unknown>;
  const keys = path.split('.');
  let target = copy;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  if (value === undefined) delete target[keys.at(-1)!];
  else target[keys.at(-1)!] = value;
  return copy;
}

describe('the compiled telemetry check', () => {
  it('gives what the contract gives for a valid message, unknown fields left out', () => {
    expect(telemetrySchema.parse(valid)).toEqual(robotTelemetry.parse(valid));
    const extra = { ...valid, extra: 1, temperatures: { ...valid.temperatures, extra: 2 } };
    expect(telemetrySchema.parse(extra)).toEqual(robotTelemetry.parse(extra));
    expect(telemetrySchema.parse(extra)).not.toHaveProperty('extra');
  });

  it('refuses what the contract refuses, with the same issues', () => {
    const cases: [string, unknown][] = [
      ['ts', -1],
      ['ts', 1.5],
      ['ts', '1795521578422'],
      ['lat', 90.1],
      ['lng', -180.1],
      ['direction', 360],
      ['battery', null],
      ['charging', 'false'],
      ['temperatures.body', 151],
      ['network.up', -1],
      ['versions.firmware', ''],
      ['versions.modules.camera', 'x'.repeat(65)],
      ['versions.modules', []],
      ['warning.level', 3],
      ['warning.color', 'green'],
      ['mode', 'dancing'],
      ['lights', undefined],
      ['temperatures', undefined],
    ];
    for (const [path, value] of cases) {
      const message = withField(path, value);
      const expected = robotTelemetry.safeParse(message);
      const got = telemetrySchema.safeParse(message);
      expect(expected.success, path).toBe(false);
      expect(got.success, path).toBe(false);
      expect(got.error?.issues, path).toEqual(expected.error?.issues);
    }
    for (const message of [null, [], 'state', {}]) {
      expect(telemetrySchema.safeParse(message).success).toBe(false);
    }
  });
});
