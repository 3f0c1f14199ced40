import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { createTaskRequest, type JobRow } from '@patrol/contracts';
import { fieldIssues } from '@/shared/form/zod-rules';
import { i18n } from '@/shared/i18n';
import { JobSequence } from '../components/job-sequence';
import { canAddJob, shiftJob, taskNodeCount, taskStation } from '../task-rules';

const job = (jobId: number, name: string, stationId: number, nodes: number, rounds = 1): JobRow => ({
  jobId,
  name,
  type: 'patrol',
  stationId,
  stationName: stationId === 1 ? 'Yard' : 'Dock',
  description: '',
  triggerName: 'Each node',
  triggerType: 'eachNode',
  actionName: 'Say',
  actionType: 'speak',
  rounds,
  speakerData: 'Hello',
  nodes: Array.from({ length: nodes }, (_, i) => ({ lng: 114 + i / 1000, lat: 22.5, mode: 0, type: 0, guide: 'Go' })),
  lengthM: 100,
  createTime: '2026-11-25T00:00:00.000Z',
  updateTime: '2026-11-25T00:00:00.000Z',
});
const jobs = [job(1, 'Fence line', 1, 3, 2), job(2, 'Gate loop', 1, 5), job(3, 'Quay walk', 2, 4)];

let shown: number[] = [];
function Harness({ start = [] }: { start?: number[] }) {
  const [jobIds, setJobIds] = useState<number[]>(start);
  const handleChange = (next: number[]) => {
    shown = next;
    setJobIds(next);
  };
  return <JobSequence value={jobIds} onChange={handleChange} jobs={jobs} />;
}

describe('tasks', () => {
  beforeEach(async () => {
    shown = [];
    await i18n.changeLanguage('en-US');
  });

  it('follows the first job for the station and refuses jobs of another one', () => {
    expect(taskStation([], jobs)).toBeNull();
    expect(canAddJob(jobs[2]!, [], jobs)).toBe(true);
    expect(taskStation([2, 1], jobs)).toEqual({ id: 1, name: 'Yard' });
    expect(canAddJob(jobs[2]!, [2], jobs)).toBe(false);
    expect(canAddJob(jobs[1]!, [2], jobs)).toBe(true);
    expect(taskNodeCount([1, 2, 1], jobs)).toBe(11);
    expect(shiftJob([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(shiftJob([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
  });

  it('needs a name, a type and at least one job (the contract)', () => {
    expect(fieldIssues(createTaskRequest, 'name', { name: ' ' })).toEqual(['tasks.nameRequired']);
    expect(fieldIssues(createTaskRequest, 'type', {})).toEqual(['tasks.typeRequired']);
    expect(fieldIssues(createTaskRequest, 'jobIds', { jobIds: [] })).toEqual(['tasks.jobsRequired']);
    expect(fieldIssues(createTaskRequest, 'description', {})).toEqual([]);
  });

  it("lists the jobs in order with their nodes and rounds, reorders them and disables another station's jobs", async () => {
    render(<Harness start={[1, 2]} />);
    const list = screen.getByRole('list', { name: 'Jobs (in order)' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Fence lineNodes: 3 · rounds: 2', '2Gate loopNodes: 5 · rounds: 1']);
    expect(screen.getByText(/Station: Yard · Nodes in all: 8/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move Gate loop up' }));
    expect(shown).toEqual([2, 1]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Fence line' }));
    expect(shown).toEqual([2]);

    // The select: the other station's job is there but disabled.
    fireEvent.mouseDown(screen.getByRole('combobox'));
    const option = (await screen.findAllByTitle('Quay walk · Another station (Dock)'))[0]!;
    expect(option.className).toContain('ant-select-item-option-disabled');
    fireEvent.click(screen.getAllByTitle('Fence line · Yard')[0]!);
    await waitFor(() => expect(shown).toEqual([2, 1]));
  });
});
