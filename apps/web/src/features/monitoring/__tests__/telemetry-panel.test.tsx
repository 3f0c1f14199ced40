import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { RobotLive, RobotTelemetry } from '@patrol/contracts';
import { i18n } from '@/shared/i18n';
import { mergeFleet } from '@/shared/fleet';
import { robotColor, ROBOT_COLORS } from '@/shared/map';
import { TelemetryPanel } from '../components/telemetry-panel';

const state: RobotTelemetry = {
  ts: 1_795_406_558_875,
  lat: 22.540716,
  lng: 114.051014,
  altitude: 11.9,
  speed: 1.58,
  acceleration: 0.02,
  direction: 90,
  battery: 8.4,
  charging: false,
  temperatures: { ambient: 25.9, body: 38.4, battery: 31 },
  humidity: 65.5,
  windSpeed: 3.2,
  windDirection: 124,
  network: { up: 2453, down: 889 },
  versions: { firmware: 'PR-2.4.1', modules: { chassis: '1.8.0', camera: '3.2.5' } },
  warning: { level: 2, color: 'red' },
  mode: 'returning',
  lights: true,
};
const robot: RobotLive = {
  robotId: 7,
  serialNumber: 'SIM-0007',
  name: 'North gate',
  online: true,
  lastSeenTime: '2026-11-23T04:02:38.877Z',
  stoppedForRepair: false,
  state,
};

describe('live robot', () => {
  beforeEach(() => i18n.changeLanguage('en-US'));

  it('shows every telemetry field with its unit, and the warning in its colour', () => {
    render(<TelemetryPanel robot={robot} />);
    for (const text of [
      'SIM-0007',
      'Returning to base',
      '22.540716, 114.051014',
      '11.9 m',
      '1.58 m/s',
      '0.02 m/s²',
      '90.0°',
      '25.9 °C',
      '38.4 °C',
      '31.0 °C',
      '65.5 %',
      '3.2 m/s',
      '124°',
      '2453 kbit/s',
      '889 kbit/s',
      'On',
      'PR-2.4.1',
      'chassis 1.8.0 · camera 3.2.5',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByText('Red warning').closest('[data-warning]')?.getAttribute('data-warning')).toBe('red');
  });

  it('says so when a robot has not reported yet', async () => {
    await i18n.changeLanguage('zh-CN');
    render(<TelemetryPanel robot={{ ...robot, online: false, state: null }} />);
    expect(screen.getByText('该机器人尚未上报数据')).toBeTruthy();
    expect(screen.getByText('离线')).toBeTruthy();
  });

  it('colours robots by warning, online and offline, and merges pushes into the fleet', () => {
    expect(robotColor(robot)).toBe(ROBOT_COLORS.red);
    expect(robotColor({ ...robot, state: { ...state, warning: { level: 1, color: 'yellow' } } })).toBe(
      ROBOT_COLORS.yellow,
    );
    expect(robotColor({ ...robot, state: { ...state, warning: { level: 0, color: null } } })).toBe(ROBOT_COLORS.online);
    // While the server has lost its broker, neither the last presence nor the warning is shown.
    expect(robotColor({ ...robot, presenceUnknown: true })).toBe(ROBOT_COLORS.unknown);
    expect(robotColor({ ...robot, online: false })).toBe(ROBOT_COLORS.offline);
    const fleet = mergeFleet(new Map(), [robot, { ...robot, robotId: 8, name: 'South' }]);
    const next = mergeFleet(fleet, [{ ...robot, online: false }]);
    expect(next.get(7)?.online).toBe(false);
    expect(next.get(8)?.name).toBe('South');
    expect(fleet.get(7)?.online).toBe(true);
  });
});
