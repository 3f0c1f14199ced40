import { describe, expect, it } from 'vitest';
import {
  parseRobotTopic,
  robotCommand,
  robotRunReport,
  robotTopic,
  ROBOT_MESSAGE_MAX_BYTES,
  ROBOT_PUBLISH_TOPICS,
} from './protocol.js';
import { runPageQuery, startRunRequest } from './runs.js';

const task = {
  taskId: 7,
  name: 'Night round',
  jobs: [
    {
      jobId: 3,
      name: 'Gate loop',
      rounds: 2,
      trigger: { name: 'At stops', type: 'stationNodes' },
      action: { name: 'Announce', type: 'speak' },
      speakerData: 'Please keep the gate clear',
      nodes: [
        { lng: 114.05, lat: 22.54, mode: 1, type: 0, guide: 'gate' },
        { lng: 114.051, lat: 22.541, mode: 2, type: 1, guide: 'lobby' },
      ],
    },
  ],
};

describe('the runTask command and run reports', () => {
  it('carries the whole task in one command a robot validates', () => {
    const wire = { id: 'c1', issuedAt: 1, expiresAt: 2, name: 'runTask', args: { runId: '12', task } };
    const parsed = robotCommand.parse(wire);
    expect(parsed.name).toBe('runTask');
    expect(parsed.args).toEqual({ runId: '12', task });
  });

  it('refuses a runTask without jobs or with a job without nodes', () => {
    const base = { id: 'c1', issuedAt: 1, expiresAt: 2, name: 'runTask' };
    expect(robotCommand.safeParse({ ...base, args: { runId: '1', task: { ...task, jobs: [] } } }).success).toBe(false);
    const noNodes = { ...task, jobs: [{ ...task.jobs[0], nodes: [] }] };
    expect(robotCommand.safeParse({ ...base, args: { runId: '1', task: noNodes } }).success).toBe(false);
  });

  it('has its own robot topic, parsed back, with a size limit', () => {
    expect(ROBOT_PUBLISH_TOPICS).toContain('run');
    expect(parseRobotTopic(robotTopic('SIM-1', 'run'))).toEqual({ serial: 'SIM-1', kind: 'run' });
    expect(ROBOT_MESSAGE_MAX_BYTES.run).toBeGreaterThan(0);
  });

  it('accepts every step and refuses an unknown one', () => {
    const report = { id: 'r1', runId: '12', ts: 5, step: 'nodeReached', job: 0, node: 1, round: 1 };
    expect(robotRunReport.parse(report)).toEqual(report);
    expect(robotRunReport.safeParse({ ...report, step: 'teleported' }).success).toBe(false);
    expect(robotRunReport.safeParse({ ...report, round: 0 }).success).toBe(false);
  });
});

describe('run requests', () => {
  it('needs a task and a robot to start', () => {
    const result = startRunRequest.safeParse({ taskId: 3 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('validation.required');
    expect(startRunRequest.parse({ taskId: 3, robotId: 4 })).toEqual({ taskId: 3, robotId: 4 });
  });

  it('filters the records by known sources and statuses only', () => {
    expect(runPageQuery.safeParse({ index: '1', status: 'finished', source: 'manual' }).success).toBe(true);
    expect(runPageQuery.safeParse({ index: '1', status: 'exploded' }).success).toBe(false);
  });
});
