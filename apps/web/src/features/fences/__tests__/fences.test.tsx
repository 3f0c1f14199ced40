import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Form } from 'antd';
import { parseFenceImport, type FenceRow, type LngLat } from '@patrol/contracts';
import { i18n } from '@/shared/i18n';
import { FenceForm, type CutState, type FenceValues } from '../components/fence-form';
import { ImportProblems } from '../components/import-problems';
import { sameLayerOverlap } from '../fence-rules';

// jsdom has no ResizeObserver; antd's text areas measure themselves with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const square = (lng: number, lat: number, d: number): LngLat[] => [
  [lng - d, lat - d],
  [lng + d, lat - d],
  [lng + d, lat + d],
  [lng - d, lat + d],
];
const fence = (fenceId: number, name: string, priority: number, points: LngLat[]): FenceRow => ({
  fenceId,
  name,
  kind: 'forbidden',
  priority,
  stationId: 1,
  stationName: 'Yard',
  description: '',
  collected: false,
  points,
  layerOrder: fenceId,
  createTime: '2026-11-25T00:00:00.000Z',
  updateTime: '2026-11-25T00:00:00.000Z',
});

function Harness({
  cut = null,
  problem = null,
  nodes = null,
}: {
  cut?: CutState | null;
  problem?: string | null;
  nodes?: LngLat[] | null;
}) {
  const [form] = Form.useForm<FenceValues>();
  return (
    <FenceForm
      form={form}
      title="New fence"
      stations={[]}
      nodes={nodes}
      drawing={false}
      cut={cut}
      cutProblem={problem}
      saving={false}
      onValuesChange={() => undefined}
      onToggleDraw={() => undefined}
      onToggleCut={() => undefined}
      onPick={() => undefined}
      onKeep={() => undefined}
      onSave={() => void form.validateFields().catch(() => undefined)}
      onCancel={() => undefined}
    />
  );
}

describe('fences', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
  });

  it('finds a same-priority overlap in the station, not one of another priority or the fence itself', () => {
    const gate = fence(1, 'Gate', 1, square(114, 22.5, 0.001));
    const lane = fence(2, 'Lane', 2, square(114, 22.5, 0.001));
    const shifted = square(114.0005, 22.5, 0.001);
    expect(sameLayerOverlap({ stationId: 1, priority: 1, points: shifted }, [lane, gate])?.name).toBe('Gate');
    expect(sameLayerOverlap({ stationId: 1, priority: 3, points: shifted }, [lane, gate])).toBeNull();
    expect(sameLayerOverlap({ fenceId: 1, stationId: 1, priority: 1, points: shifted }, [gate])).toBeNull();
    // Sharing an edge is not an overlap.
    expect(sameLayerOverlap({ stationId: 1, priority: 1, points: square(114.002, 22.5, 0.001) }, [gate])).toBeNull();
  });

  it('checks the collected data with the contract: valid JSON, at least 3 nodes, no crossing edges', async () => {
    render(<Harness />);
    const data = screen.getByLabelText('Collected data (nodes)');
    fireEvent.change(data, { target: { value: '[[114, 22.5], [114.1' } });
    expect(await screen.findByText('The collected data is not valid JSON')).toBeTruthy();
    fireEvent.change(data, { target: { value: '[[114, 22.5], [114.1, 22.5]]' } });
    expect(await screen.findByText('An area needs at least 3 distinct nodes')).toBeTruthy();
    fireEvent.change(data, { target: { value: '[[114, 22.5], [114.1, 22.6], [114.1, 22.5], [114, 22.6]]' } });
    expect(await screen.findByText("The area's edges must not cross each other")).toBeTruthy();
    fireEvent.change(data, { target: { value: '[[114, 22.5], [114.1, 22.5], [114.1, 22.6]]' } });
    await waitFor(() => expect(screen.queryByText("The area's edges must not cross each other")).toBeNull());
  });

  it('asks for every required field when saving an empty fence', async () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter the fence name')).toBeTruthy();
    expect(await screen.findByText('Please enter the collected data')).toBeTruthy();
  });

  it('refuses two adjacent cut vertices and offers the parts only for a valid cut', () => {
    const nodes = square(114, 22.5, 0.001);
    const { rerender } = render(<Harness nodes={nodes} cut={{ picked: [0, 1] }} problem="fences.cutPointsAdjacent" />);
    expect(screen.getByRole('alert').textContent).toBe('The two cut points must not be adjacent');
    expect(screen.queryByRole('button', { name: 'Part 1' })).toBeNull();
    rerender(<Harness nodes={nodes} cut={{ picked: [0, 2] }} problem={null} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Part 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Part 2' })).toBeTruthy();
  });

  it('lists every bad feature of an import by number, name and problem', () => {
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'Good', priority: 1 },
          geometry: { type: 'Polygon', coordinates: [[...square(114, 22.5, 0.001), [113.999, 22.499]]] },
        },
        {
          type: 'Feature',
          properties: { name: 'Short', priority: 1 },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [114, 22.5],
                [114.1, 22.5],
              ],
            ],
          },
        },
        {
          type: 'Feature',
          properties: { name: 'Far', priority: 1 },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [200, 22.5],
                [114.1, 22.5],
                [114.1, 22.6],
              ],
            ],
          },
        },
        { type: 'Feature', properties: { priority: 1 }, geometry: { type: 'Polygon', coordinates: [] } },
      ],
    });
    const { problems, fences } = parseFenceImport(text);
    expect(fences).toHaveLength(1);
    const onClose = vi.fn();
    render(<ImportProblems problems={problems} onClose={onClose} />);
    expect(screen.getByText('Import failed: 3 fences have errors, none was imported')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Problems of the import, by feature' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['2', 'Short', 'An area needs at least 3 distinct nodes'],
      ['3', 'Far', 'Invalid coordinate: WGS84 longitude -180 to 180, latitude -90 to 90'],
      ['4', '—', 'Please enter the fence name'],
    ]);
  });
});
