import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import type { RunRow, RunStepRow } from '@patrol/contracts';
import { i18n } from '@/shared/i18n';
import { playBackPath, runFilters } from '../pages/task-execute-page';
import { StepText } from '../components/run-details';
import { reachedNodes } from '../components/run-path-map';
import { RunStatusCell } from '../components/run-tags';

const run = (overrides: Partial<RunRow> = {}): RunRow => ({
  runId: 12,
  taskId: 3,
  taskName: 'Night round',
  robotId: 7,
  robotName: 'Gate robot',
  scheduleId: null,
  source: 'manual',
  status: 'finished',
  reason: null,
  message: null,
  plannedTime: '2026-11-25T01:00:00.000Z',
  startTime: '2026-11-25T01:00:02.000Z',
  endTime: '2026-11-25T01:10:00.000Z',
  durationS: 598,
  progress: { job: 0, round: 1, node: 1, reached: 2, total: 2 },
  ...overrides,
});
const step = (overrides: Partial<RunStepRow>): RunStepRow => ({
  step: 'nodeReached',
  job: 0,
  node: 1,
  round: 2,
  reason: null,
  lat: null,
  lng: null,
  time: '2026-11-25T01:05:00.000Z',
  ...overrides,
});

describe('execution records', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    await i18n.loadNamespaces(['runs', 'messages']);
  });

  it('sends only the filters that were set, times as ISO', () => {
    const start = dayjs('2026-11-25T00:00:00Z');
    expect(runFilters({ status: 'failed', range: [start, null] })).toEqual({
      status: 'failed',
      startTime: '2026-11-25T00:00:00.000Z',
    });
    expect(runFilters({ taskId: 3, robotId: 7, source: 'schedule' })).toEqual({
      taskId: 3,
      robotId: 7,
      source: 'schedule',
    });
    expect(runFilters({})).toEqual({});
  });

  it('plays a run back over its robot, from its start to its end', () => {
    const path = playBackPath(run());
    const [route, query] = path.split('?');
    expect(route).toBe('/data/history');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      robotId: '7',
      from: '2026-11-25T01:00:02.000Z',
      to: '2026-11-25T01:10:00.000Z',
      runId: '12',
    });
  });

  it('shows why a run was skipped or failed, in words', () => {
    render(<RunStatusCell run={run({ status: 'skipped', reason: 'runs.lowBattery' })} />);
    expect(screen.getByText('Skipped')).toBeTruthy();
    expect(screen.getByText("The robot's battery is below 20%")).toBeTruthy();
    render(<RunStatusCell run={run({ status: 'failed', reason: 'runs.robotFailed', message: 'wheel stuck' })} />);
    expect(screen.getByText('The robot reported a failure: wheel stuck')).toBeTruthy();
  });

  it('says where a step happened, counting nodes from 1, and which nodes were reached', () => {
    render(<StepText step={step({})} jobNames={['Gate loop']} />);
    expect(screen.getByText('Node reached')).toBeTruthy();
    expect(screen.getByText(/Gate loop · round 2 · node 2/)).toBeTruthy();
    const reached = reachedNodes({
      steps: [step({ node: 0 }), step({ step: 'actionDone', node: 1 }), step({ job: 1, node: 3 })],
    });
    expect([...reached].sort()).toEqual(['0:0', '1:3']);
  });
});
