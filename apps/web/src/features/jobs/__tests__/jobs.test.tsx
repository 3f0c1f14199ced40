import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import L from 'leaflet';
import {
  createJobRequest,
  formatPathNodes,
  parsePathNodes,
  type FenceRow,
  type LngLat,
  type PathNode,
  type StationRow,
} from '@patrol/contracts';
import type { MapConfig } from '@/shared/api';
import { fieldIssues } from '@/shared/form/zod-rules';
import { i18n, translateMessage } from '@/shared/i18n';
import { forgetViews } from '@/shared/map';
import { ImportProblems } from '../components/import-problems';
import { PathEditor } from '../components/path-editor';
import { addNode, changeNode, moveNode, refusedSegment, removeNode, shiftNode } from '../path-rules';

// jsdom has no ResizeObserver; antd's inputs measure themselves with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const config: MapConfig = { tileUrl: null, mapOptions: {}, tileOptions: {}, coordinateSystem: 'WGS84', baseLayers: [] };
const square = (lng: number, lat: number, d: number): LngLat[] => [
  [lng - d, lat - d],
  [lng + d, lat - d],
  [lng + d, lat + d],
  [lng - d, lat + d],
];
const station: StationRow = {
  stationId: 7,
  name: 'Yard',
  area: square(114, 22.5, 0.01),
  robotCount: 0,
  fenceCount: 1,
  createTime: '2026-11-25T00:00:00.000Z',
  updateTime: '2026-11-25T00:00:00.000Z',
};
const pond: FenceRow = {
  fenceId: 3,
  name: 'Pond',
  kind: 'forbidden',
  priority: 1,
  stationId: 7,
  stationName: 'Yard',
  description: '',
  collected: false,
  points: square(114.005, 22.5, 0.001),
  layerOrder: 1,
  createTime: '2026-11-25T00:00:00.000Z',
  updateTime: '2026-11-25T00:00:00.000Z',
};
const node = (lng: number, lat: number, guide = 'Go on'): PathNode => ({ lng, lat, mode: 0, type: 0, guide });

let map: L.Map | null = null;
let shown: PathNode[] = [];

function Harness({ start = [], fences = [pond] }: { start?: PathNode[]; fences?: FenceRow[] }) {
  const [nodes, setNodes] = useState<PathNode[]>(start);
  const handleChange = (next: PathNode[]) => {
    shown = next;
    setNodes(next);
  };
  return <PathEditor value={nodes} onChange={handleChange} mapConfig={config} station={station} fences={fences} />;
}

/** Markers of the path's nodes on the map, in node order. */
function markers(): L.Marker[] {
  const found: L.Marker[] = [];
  map!.eachLayer((layer) => void (layer instanceof L.Marker && found.push(layer)));
  return found;
}

describe('jobs: path rules', () => {
  it('adds at the end, moves, changes, removes and reorders nodes without touching the others', () => {
    const one = addNode([], [114.000000012, 22.5]);
    expect(one).toEqual([{ lng: 114, lat: 22.5, mode: 0, type: 0, guide: '' }]);
    const three = addNode(addNode(one, [114.001, 22.5]), [114.002, 22.5]);
    expect(three.map((n) => n.lng)).toEqual([114, 114.001, 114.002]);
    const guided = changeNode(three, 1, { guide: 'Gate', type: 1 });
    expect(guided[1]).toMatchObject({ guide: 'Gate', type: 1 });
    const moved = moveNode(guided, 1, [114.0015, 22.501]);
    expect(moved[1]).toEqual({ lng: 114.0015, lat: 22.501, mode: 0, type: 1, guide: 'Gate' });
    expect(shiftNode(moved, 1, -1).map((n) => n.guide)).toEqual(['Gate', '', '']);
    expect(shiftNode(moved, 0, -1)).toEqual(moved);
    expect(shiftNode(moved, 2, 1)).toEqual(moved);
    expect(removeNode(moved, 0).map((n) => n.lng)).toEqual([114.0015, 114.002]);
  });

  it('reads the segment a server refusal names on its field (nodes.<i>), only when the path has it', () => {
    expect(refusedSegment([{ path: 'name' }, { path: 'nodes.1' }], 4)).toBe(1);
    expect(refusedSegment([{ path: 'nodes.2' }], 4)).toBe(2);
    expect(refusedSegment([{ path: 'nodes.3' }], 4)).toBeNull();
    expect(refusedSegment([{ path: 'text' }], 4)).toBeNull();
  });
});

describe('jobs: form rules (the contract, every field the spec names is required)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
  });

  it('asks for each required field with its own message', () => {
    const empty = {};
    const expected: Record<string, string> = {
      name: 'jobs.nameRequired',
      type: 'jobs.typeRequired',
      stationId: 'jobs.stationRequired',
      triggerName: 'jobs.triggerNameRequired',
      triggerType: 'jobs.triggerTypeRequired',
      actionName: 'jobs.actionNameRequired',
      actionType: 'jobs.actionTypeRequired',
      rounds: 'jobs.roundsRequired',
      speakerData: 'jobs.speakerRequired',
      nodes: 'jobs.pathRequired',
    };
    for (const [field, key] of Object.entries(expected)) {
      expect(fieldIssues(createJobRequest, field, empty), field).toEqual([key]);
    }
    expect(fieldIssues(createJobRequest, 'description', empty)).toEqual([]);
    expect(fieldIssues(createJobRequest, 'rounds', { rounds: 0 })).toEqual(['jobs.roundsInvalid']);
    expect(fieldIssues(createJobRequest, 'rounds', { rounds: 101 })).toEqual(['jobs.roundsInvalid']);
    expect(fieldIssues(createJobRequest, 'nodes', { nodes: [node(114, 22.5)] })).toEqual(['jobs.pathTooShort']);
    expect(fieldIssues(createJobRequest, 'nodes', { nodes: [node(114, 22.5), node(114.001, 22.5, ' ')] })).toEqual([
      'jobs.guideRequired',
    ]);
  });

  it('says the messages in the three languages', async () => {
    expect(translateMessage('jobs.speakerRequired')).toBe('Please enter the speaker data');
    await i18n.changeLanguage('zh-CN');
    expect(translateMessage('jobs.speakerRequired')).toBe('请输入喊话内容');
    await i18n.changeLanguage('zh-TW');
    expect(translateMessage('jobs.speakerRequired')).toBe('請輸入喊話內容');
  });
});

describe('jobs: the path editor', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    map = null;
    shown = [];
    forgetViews();
    const build = L.map;
    vi.spyOn(L, 'map').mockImplementation((...args: Parameters<typeof L.map>) => (map = build(...args)));
    // jsdom draws nothing: the SVG renderer keeps paths as elements that can be looked at.
    vi.spyOn(L.Map.prototype, 'getRenderer').mockImplementation(function (this: L.Map) {
      return L.svg().addTo(this) as unknown as L.Renderer;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    await i18n.changeLanguage('en-US');
  });
  afterEach(() => vi.restoreAllMocks());

  it('adds a node at the end for each click on the map and numbers the markers', async () => {
    render(<Harness />);
    await waitFor(() => expect(map).not.toBeNull());
    expect(screen.getByText('No node yet: click the map to add the first')).toBeTruthy();
    act(() => void map!.fire('click', { latlng: L.latLng(22.499, 113.999) }));
    act(() => void map!.fire('click', { latlng: L.latLng(22.499, 113.998) }));
    expect(shown.map((n) => [n.lng, n.lat])).toEqual([
      [113.999, 22.499],
      [113.998, 22.499],
    ]);
    const list = screen.getByRole('list', { name: 'Path nodes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await waitFor(() => expect(markers().map((m) => m.options.title)).toEqual(['Node 1', 'Node 2']));
    expect(screen.getByText('Nodes: 2 · 103 m')).toBeTruthy();
  });

  it("adds a node at the map's centre by keyboard (the map pans with the arrow keys)", async () => {
    render(<Harness />);
    await waitFor(() => expect(map).not.toBeNull());
    act(() => void map!.setView([22.501, 114.002], 17, { animate: false }));
    const add = screen.getByRole('button', { name: 'Add at the map centre' });
    add.focus();
    fireEvent.click(add);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.lng).toBeCloseTo(114.002, 6);
    expect(shown[0]!.lat).toBeCloseTo(22.501, 6);
    await waitFor(() => expect(markers()).toHaveLength(1));
  });

  it('moves a dragged node and keeps its guide data', async () => {
    render(<Harness start={[node(113.999, 22.499, 'Gate'), node(113.998, 22.499)]} />);
    await waitFor(() => expect(markers()).toHaveLength(2));
    const first = markers()[0]!;
    act(() => {
      first.setLatLng(L.latLng(22.4985, 113.9995));
      first.fire('dragend');
    });
    expect(shown[0]).toEqual({ lng: 113.9995, lat: 22.4985, mode: 0, type: 0, guide: 'Gate' });
    expect(markers()[0]!.getLatLng()).toMatchObject({ lat: 22.4985, lng: 113.9995 });
  });

  it('edits, reorders and removes nodes from the list, by keyboard-reachable buttons', async () => {
    render(<Harness start={[node(113.999, 22.499, 'A'), node(113.998, 22.499, 'B'), node(113.997, 22.499, 'C')]} />);
    await waitFor(() => expect(markers()).toHaveLength(3));
    expect((screen.getByRole('button', { name: 'Move node 1 up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move node 3 down' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move node 3 up' }));
    expect(shown.map((n) => n.guide)).toEqual(['A', 'C', 'B']);
    fireEvent.click(screen.getByRole('button', { name: 'Move node 1 down' }));
    expect(shown.map((n) => n.guide)).toEqual(['C', 'A', 'B']);
    fireEvent.change(screen.getByRole('textbox', { name: 'Guide data of node 2' }), { target: { value: 'Turn left' } });
    expect(shown[1]!.guide).toBe('Turn left');
    fireEvent.click(screen.getByRole('button', { name: 'Remove node 1' }));
    expect(shown.map((n) => n.guide)).toEqual(['Turn left', 'B']);
    await waitFor(() => expect(markers()).toHaveLength(2));
  });

  it('highlights the segment that crosses a forbidden fence or leaves the station, and says it', async () => {
    // Node 2 to node 3 runs through the pond (114.004..114.006).
    const through = [node(114.001, 22.5), node(114.003, 22.5), node(114.008, 22.5)];
    const { rerender } = render(<Harness start={through} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Segment 2 of the path crosses the forbidden fence "Pond"');
    const highlighted = () => document.querySelector('path.path-highlight');
    await waitFor(() => expect(highlighted()).not.toBeNull());
    const segment = () => {
      let found: L.Polyline | undefined;
      map!.eachLayer((layer) => {
        if (layer instanceof L.Polyline && layer.options.className === 'path-highlight') found = layer;
      });
      return found!.getLatLngs() as L.LatLng[];
    };
    expect(segment().map((p) => [p.lng, p.lat])).toEqual([
      [114.003, 22.5],
      [114.008, 22.5],
    ]);
    expect(highlighted()!.getAttribute('stroke-dasharray')).toBe('10 8');

    // Removing node 3 makes the path fine: no highlight, no alert.
    fireEvent.click(screen.getByRole('button', { name: 'Remove node 3' }));
    await waitFor(() => expect(highlighted()).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();

    // A click outside the station's area: the new last segment leaves it.
    act(() => void map!.fire('click', { latlng: L.latLng(22.52, 114.003) }));
    expect((await screen.findByRole('alert')).textContent).toBe('Segment 2 of the path leaves the station area');
    await waitFor(() => expect(highlighted()).not.toBeNull());

    // The same in Chinese.
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(screen.getByRole('alert').textContent).toBe('路径第 2 段超出了站点区域');
    rerender(<Harness start={through} />);
  });
});

describe('jobs: import problems', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
  });

  it('lists every bad row of a CSV with its number and problem', () => {
    const text = [
      'lng,lat,mode,type,guide',
      '114.001,22.5,1,0,Start here',
      '200,22.5,0,0,Too far east',
      '114.003,22.5,5,0,Odd mode',
      '114.004,22.5,2,0,',
    ].join('\n');
    const parsed = parsePathNodes(text);
    expect(parsed.nodes).toEqual([]);
    const problems = parsed.problems.map((p) => ({ row: p.row, message: translateMessage(p.key, p.params ?? {}) }));
    render(<ImportProblems problems={problems} onClose={() => undefined} />);
    expect(screen.getByText('Import failed: 3 problems, no node was imported')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Problems of the import, by row' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['2', translateMessage('geometry.coordinateInvalid')],
      ['3', 'Mode must be 0 (normal), 1 (start) or 2 (end)'],
      ['4', 'Please enter the guide data'],
    ]);
  });

  it('exports what the import takes back, in JSON and CSV', () => {
    const nodes = [node(114.001, 22.5, 'Say "hi", then go'), { ...node(114.002, 22.5, 'End'), mode: 2 as const }];
    for (const format of ['json', 'csv'] as const) {
      const again = parsePathNodes(formatPathNodes(nodes, format));
      expect(again.problems, format).toEqual([]);
      expect(again.nodes, format).toEqual(nodes);
    }
  });
});
