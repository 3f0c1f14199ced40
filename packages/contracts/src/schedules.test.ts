import { describe, expect, it } from 'vitest';
import {
  createScheduleRequest,
  nextRunTimes,
  timeZoneName,
  wallClockInstant,
  type ScheduleFields,
} from './schedules.js';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const repeat = (over: Partial<ScheduleFields> = {}): ScheduleFields => ({
  method: 'repeat',
  times: null,
  timeOfDay: '08:00',
  startDay: 1,
  endDay: 31,
  startMonth: 1,
  endMonth: 12,
  ...over,
});

describe('the rules of a schedule (spec section 5)', () => {
  const issues = (body: Record<string, unknown>) => {
    const result = createScheduleRequest.safeParse(body);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };
  const valid = {
    taskId: 1,
    priority: 5,
    method: 'repeat',
    times: null,
    timeOfDay: '08:00',
    startDay: 1,
    endDay: 31,
    startMonth: 1,
    endMonth: 12,
  };

  it('accepts a complete repeating schedule', () => {
    expect(issues(valid)).toEqual([]);
  });
  it('requires the task, the method and the times', () => {
    expect(issues({ ...valid, taskId: undefined })).toContain('taskId:schedules.taskRequired');
    expect(issues({ ...valid, method: undefined })).toContain('method:schedules.methodRequired');
    expect(issues({ ...valid, times: undefined })).toContain('times:schedules.timesRequired');
    expect(issues({ ...valid, times: 0 })).toContain('times:schedules.timesInvalid');
  });
  it('requires the time, the start and end day and month of a repeating schedule', () => {
    expect(issues({ ...valid, timeOfDay: null })).toContain('timeOfDay:schedules.timeRequired');
    expect(issues({ ...valid, timeOfDay: '24:00' })).toContain('timeOfDay:schedules.timeInvalid');
    expect(issues({ ...valid, startDay: null })).toContain('startDay:schedules.dayRequired');
    expect(issues({ ...valid, endMonth: undefined })).toContain('endMonth:schedules.monthRequired');
  });
  it('refuses a start day after the end day, and the same for months', () => {
    expect(issues({ ...valid, startDay: 20, endDay: 10 })).toEqual(['endDay:schedules.dayOrder']);
    expect(issues({ ...valid, startMonth: 7, endMonth: 3 })).toEqual(['endMonth:schedules.monthOrder']);
    expect(issues({ ...valid, startDay: 10, endDay: 10, startMonth: 3, endMonth: 3 })).toEqual([]);
  });
  it('requires a robot for immediate execution, and nothing of the calendar', () => {
    expect(issues({ taskId: 1, priority: 1, method: 'immediate', times: 1 })).toEqual([
      'robotId:schedules.robotRequired',
    ]);
    expect(issues({ taskId: 1, priority: 1, method: 'immediate', times: 1, robotId: 3 })).toEqual([]);
  });
  it('requires one existing date for a one-time schedule', () => {
    const once = { taskId: 1, priority: 5, method: 'once', times: 1, timeOfDay: '09:30' };
    expect(issues(once)).toEqual(['dates:schedules.dateRequired']);
    expect(issues({ ...once, dates: ['2026-02-30'] })).toEqual(['dates.0:schedules.dateInvalid']);
    expect(issues({ ...once, dates: ['2026-12-01', '2026-12-02'] })).toEqual(['dates:schedules.onceOneDate']);
    expect(issues({ ...once, dates: ['2026-12-01'] })).toEqual([]);
  });
  it('keeps priorities 1 to 9 and weekdays 1 to 7', () => {
    expect(issues({ ...valid, priority: 0 })).toEqual(['priority:schedules.priorityInvalid']);
    expect(issues({ ...valid, priority: 10 })).toEqual(['priority:schedules.priorityInvalid']);
    expect(issues({ ...valid, weekdays: [0] })).toEqual(['weekdays.0:schedules.weekdayInvalid']);
  });
  it('knows IANA time zones', () => {
    expect(timeZoneName.safeParse('Europe/Berlin').success).toBe(true);
    expect(timeZoneName.safeParse('Mars/Olympus').success).toBe(false);
  });
});

describe('nextRunTimes', () => {
  it('runs on the chosen weekdays in Asia/Shanghai, strictly after now', () => {
    // 2026-11-25 is a Wednesday; 08:00 in Shanghai is 00:00 UTC.
    const times = nextRunTimes(repeat({ weekdays: [1, 3] }), new Date('2026-11-25T00:00:00Z'), 'Asia/Shanghai');
    expect(iso(times)).toEqual([
      '2026-11-30T00:00:00.000Z',
      '2026-12-02T00:00:00.000Z',
      '2026-12-07T00:00:00.000Z',
      '2026-12-09T00:00:00.000Z',
      '2026-12-14T00:00:00.000Z',
    ]);
  });
  it('keeps to the day and month ranges (a 29 February when there is one)', () => {
    const times = nextRunTimes(
      repeat({ timeOfDay: '12:00', startDay: 28, endDay: 31, startMonth: 2, endMonth: 2 }),
      new Date('2026-01-01T00:00:00Z'),
      'Asia/Shanghai',
    );
    expect(iso(times)).toEqual([
      '2026-02-28T04:00:00.000Z',
      '2027-02-28T04:00:00.000Z',
      '2028-02-28T04:00:00.000Z',
      '2028-02-29T04:00:00.000Z',
      '2029-02-28T04:00:00.000Z',
    ]);
  });
  it('runs a repeating schedule only on its dates when it lists some', () => {
    const times = nextRunTimes(
      repeat({ dates: ['2026-12-24', '2026-12-01', '2027-01-05'], weekdays: [2, 4] }),
      new Date('2026-11-25T00:00:00Z'),
      'Asia/Shanghai',
    );
    // 1 December is a Tuesday, 24 December a Thursday, 5 January a Tuesday.
    expect(iso(times)).toEqual(['2026-12-01T00:00:00.000Z', '2026-12-24T00:00:00.000Z', '2027-01-05T00:00:00.000Z']);
  });
  it('runs a one-time schedule once, and not when its time has passed', () => {
    const once: ScheduleFields = { method: 'once', times: 1, timeOfDay: '09:30', dates: ['2026-12-01'] };
    expect(iso(nextRunTimes(once, new Date('2026-11-25T00:00:00Z'), 'Asia/Shanghai'))).toEqual([
      '2026-12-01T01:30:00.000Z',
    ]);
    expect(nextRunTimes(once, new Date('2026-12-01T01:30:00Z'), 'Asia/Shanghai')).toEqual([]);
  });
  it('gives no more times than the runs left', () => {
    const from = new Date('2026-11-25T00:00:00Z');
    expect(nextRunTimes(repeat({ times: 3 }), from, 'Asia/Shanghai')).toHaveLength(3);
    expect(nextRunTimes(repeat({ times: 3 }), from, 'Asia/Shanghai', 2)).toHaveLength(2);
    expect(nextRunTimes({ ...repeat({ times: 3 }), dispatchCount: 2 }, from, 'Asia/Shanghai')).toHaveLength(1);
    expect(nextRunTimes({ ...repeat({ times: 3 }), dispatchCount: 3 }, from, 'Asia/Shanghai')).toEqual([]);
    expect(nextRunTimes({ method: 'immediate', times: 1, robotId: 1 }, from, 'Asia/Shanghai')).toEqual([]);
  });

  describe('daylight saving', () => {
    it('America/New_York: a skipped time runs at the first minute after, an ambiguous one once at the first', () => {
      // 8 March 2026 02:00 EST becomes 03:00 EDT; 1 November 02:00 EDT becomes 01:00 EST.
      const daily = repeat({ timeOfDay: '02:30' });
      expect(iso(nextRunTimes(daily, new Date('2026-03-07T00:00:00Z'), 'America/New_York', 3))).toEqual([
        '2026-03-07T07:30:00.000Z', // 02:30 EST
        '2026-03-08T07:00:00.000Z', // 03:00 EDT: 02:30 does not exist
        '2026-03-09T06:30:00.000Z', // 02:30 EDT
      ]);
      const early = repeat({ timeOfDay: '01:30' });
      expect(iso(nextRunTimes(early, new Date('2026-10-31T00:00:00Z'), 'America/New_York', 3))).toEqual([
        '2026-10-31T05:30:00.000Z', // 01:30 EDT
        '2026-11-01T05:30:00.000Z', // the first 01:30 (EDT), not 06:30 (EST) as well
        '2026-11-02T06:30:00.000Z', // 01:30 EST
      ]);
    });
    it('Europe/Berlin: the same on its own days', () => {
      // 29 March 2026 02:00 CET becomes 03:00 CEST; 25 October 03:00 CEST becomes 02:00 CET.
      expect(wallClockInstant('2026-03-29', '02:15', 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:00:00.000Z');
      expect(wallClockInstant('2026-10-25', '02:30', 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z');
      const daily = repeat({ timeOfDay: '02:30' });
      expect(iso(nextRunTimes(daily, new Date('2026-10-24T12:00:00Z'), 'Europe/Berlin', 2))).toEqual([
        '2026-10-25T00:30:00.000Z',
        '2026-10-26T01:30:00.000Z',
      ]);
    });
    it('Asia/Shanghai: no change of clocks, 24 hours apart all year', () => {
      const times = nextRunTimes(repeat({ timeOfDay: '02:30' }), new Date('2026-03-07T00:00:00Z'), 'Asia/Shanghai', 3);
      expect(iso(times)).toEqual(['2026-03-07T18:30:00.000Z', '2026-03-08T18:30:00.000Z', '2026-03-09T18:30:00.000Z']);
    });
  });
});
