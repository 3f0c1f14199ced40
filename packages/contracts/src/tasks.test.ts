import { describe, expect, it } from 'vitest';
import { createTaskRequest, TASK_JOBS_MAX, taskListQuery, taskPageQuery } from './tasks.js';

describe('task contracts', () => {
  it('reads enabledOnly from a query: "false" and "0" are false', () => {
    expect(taskListQuery.parse({ enabledOnly: 'true' })).toEqual({ enabledOnly: true });
    expect(taskListQuery.parse({ enabledOnly: '1' })).toEqual({ enabledOnly: true });
    expect(taskListQuery.parse({ enabledOnly: 'false' })).toEqual({ enabledOnly: false });
    expect(taskListQuery.parse({ enabledOnly: '0' })).toEqual({ enabledOnly: false });
    expect(taskListQuery.parse({})).toEqual({});
    expect(taskListQuery.safeParse({ enabledOnly: 'maybe' }).success).toBe(false);
  });

  it('requires a name, a type and one to TASK_JOBS_MAX jobs; a job may repeat', () => {
    const ok = createTaskRequest.parse({ name: ' Night ', type: 'routine', jobIds: [3, 3, '4'] });
    expect(ok).toEqual({ name: 'Night', type: 'routine', description: '', jobIds: [3, 3, 4] });
    const keys = (input: unknown) =>
      createTaskRequest.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(keys({})).toEqual(['name:tasks.nameRequired', 'type:tasks.typeRequired', 'jobIds:tasks.jobsRequired']);
    expect(keys({ name: 'x', type: 'routine', jobIds: [] })).toEqual(['jobIds:tasks.jobsRequired']);
    expect(keys({ name: 'x', type: 'routine', jobIds: Array(TASK_JOBS_MAX + 1).fill(1) })).toEqual([
      'jobIds:tasks.jobsTooMany',
    ]);
  });

  it('filters the page by status 0 or 1 only', () => {
    expect(taskPageQuery.parse({ index: '1', status: '0' }).status).toBe(0);
    expect(taskPageQuery.safeParse({ index: '1', status: '2' }).success).toBe(false);
  });
});
