import { describe, expect, it } from 'vitest';
import { NEW_SCHEDULE, previewRuns, requestOf } from '../components/schedule-values';

const NOW = new Date('2026-11-25T00:00:00Z');

describe('the schedule form', () => {
  it('sends only the fields of the method', () => {
    const once = requestOf({
      ...NEW_SCHEDULE,
      taskId: 3,
      method: 'once',
      timeOfDay: '09:30',
      dates: ['2026-12-01'],
      weekdays: [1],
    });
    expect(once).toMatchObject({
      method: 'once',
      times: 1,
      weekdays: [],
      startDay: null,
      endMonth: null,
      dates: ['2026-12-01'],
    });
    const immediate = requestOf({ ...NEW_SCHEDULE, taskId: 3, method: 'immediate', robotId: 7, timeOfDay: '09:30' });
    expect(immediate).toMatchObject({ method: 'immediate', robotId: 7, timeOfDay: null, dates: [] });
    expect(requestOf({ ...NEW_SCHEDULE, timesMode: 'limited', times: 4 }).times).toBe(4);
    expect(requestOf({ ...NEW_SCHEDULE, timesMode: 'unlimited', times: 4 }).times).toBeNull();
  });

  it('previews the next five runs in the tenant zone while it is filled in', () => {
    expect(previewRuns(NEW_SCHEDULE, NOW, 'Asia/Shanghai')).toEqual({ kind: 'incomplete' });
    const preview = previewRuns({ ...NEW_SCHEDULE, timeOfDay: '08:00', weekdays: [1] }, NOW, 'Asia/Shanghai');
    expect(preview.kind === 'times' && preview.times.map((d) => d.toISOString())).toEqual([
      '2026-11-30T00:00:00.000Z',
      '2026-12-07T00:00:00.000Z',
      '2026-12-14T00:00:00.000Z',
      '2026-12-21T00:00:00.000Z',
      '2026-12-28T00:00:00.000Z',
    ]);
    expect(
      previewRuns({ ...NEW_SCHEDULE, startDay: 20, endDay: 10, timeOfDay: '08:00' }, NOW, 'Asia/Shanghai'),
    ).toEqual({
      kind: 'incomplete',
    });
    expect(
      previewRuns({ ...NEW_SCHEDULE, method: 'once', timeOfDay: '08:00', dates: ['2020-01-01'] }, NOW, 'Asia/Shanghai'),
    ).toEqual({ kind: 'none' });
    expect(previewRuns({ ...NEW_SCHEDULE, method: 'immediate' }, NOW, 'Asia/Shanghai')).toEqual({
      kind: 'immediate',
    });
  });
});

describe('run times', () => {
  it('are written in the tenant zone, whatever the browser zone', async () => {
    const { formatRunTime } = await import('../components/format-run');
    expect(formatRunTime('2026-11-30T00:00:00Z', 'Asia/Shanghai', 'en-US')).toBe('2026-11-30 Mon 08:00');
    expect(formatRunTime('2026-11-30T00:00:00Z', 'America/New_York', 'en-US')).toBe('2026-11-29 Sun 19:00');
    expect(formatRunTime('2026-11-30T00:00:00Z', 'Asia/Shanghai', 'zh-CN')).toBe('2026-11-30 周一 08:00');
  });
});
