import type { RobotLive } from '@patrol/contracts';
import { describe, expect, it } from 'vitest';
import { robotsWire } from './hub.js';

const robot = (robotId: number, extra: Partial<RobotLive> = {}): RobotLive => ({
  robotId,
  serialNumber: `R-${robotId}`,
  name: `Gate "${robotId}" 东门`,
  online: true,
  lastSeenTime: '2026-11-29T08:00:00.000Z',
  stoppedForRepair: false,
  state: null,
  ...extra,
});

describe('a robots push joined from each robot JSON', () => {
  it('reads exactly as the whole message encoded at once, delta or full, with or without optional fields', () => {
    const data = [robot(1), robot(2, { presenceUnknown: true, online: false, lastSeenTime: null }), robot(3)];
    for (const full of [undefined, true, false]) {
      const message = full === undefined ? { type: 'robots', data } : { type: 'robots', data, full };
      expect(robotsWire(data, full)).toBe(JSON.stringify(message));
      expect(JSON.parse(robotsWire(data, full))).toEqual(JSON.parse(JSON.stringify(message)));
    }
    expect(robotsWire([])).toBe('{"type":"robots","data":[]}');
  });

  it('never serves an earlier state: a robot encoded once and then changed (a new object) goes out as it is now', () => {
    const first = robot(7);
    expect(JSON.parse(robotsWire([first])).data[0].online).toBe(true);
    const next = { ...first, online: false };
    expect(JSON.parse(robotsWire([first, next])).data.map((r: RobotLive) => r.online)).toEqual([true, false]);
    expect(robotsWire([next])).toBe(JSON.stringify({ type: 'robots', data: [next] }));
  });
});
