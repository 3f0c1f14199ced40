import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import L from 'leaflet';
import type { FenceRow, JobRow, LngLat, PathNode, StationRow } from '@patrol/contracts';
import { configureApi, queryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { forgetViews } from '@/shared/map';
import { JobFormModal } from '../components/job-form-modal';

// jsdom has no ResizeObserver; antd's inputs measure themselves with it.
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
const time = '2026-11-25T00:00:00.000Z';
const station: StationRow = {
  stationId: 7,
  name: 'Yard',
  area: square(114, 22.5, 0.01),
  robotCount: 0,
  fenceCount: 1,
  createTime: time,
  updateTime: time,
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
  createTime: time,
  updateTime: time,
};
const node = (lng: number, guide: string): PathNode => ({ lng, lat: 22.5, mode: 0, type: 0, guide });
// Stored before the pond was drawn: its second segment now runs through it.
const job: JobRow = {
  jobId: 12,
  name: 'East round',
  type: 'patrol',
  stationId: 7,
  stationName: 'Yard',
  description: '',
  triggerName: 'Each stop',
  triggerType: 'eachNode',
  actionName: 'Greeting',
  actionType: 'speak',
  rounds: 2,
  speakerData: 'Patrol in progress',
  nodes: [node(114.001, 'Start'), node(114.003, 'Gate'), node(114.008, 'Lamp')],
  lengthM: 700,
  createTime: time,
  updateTime: time,
};

const answer = (data: unknown, status = 200, message = 'ok', errors?: { path: string; message: string }[]) =>
  Promise.resolve(new Response(JSON.stringify({ code: status, message, data, errors }), { status }));

describe('job dialog', { timeout: 40_000 }, () => {
  const fetchMock = vi.fn();
  const sent: unknown[] = [];
  let refuseNext = false;
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    queryClient.clear();
    forgetViews();
    sent.length = 0;
    refuseNext = false;
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    fetchMock.mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/station/list')) return answer([station]);
      if (url.includes('/fence/list')) return answer([pond]);
      if (url.includes('/job/update')) {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        sent.push(body);
        if (refuseNext) {
          // As the server names it: the segment's first node, `nodes.0`.
          const said = 'Segment 1 of the path crosses the forbidden fence "Well"';
          return answer(null, 422, said, [{ path: 'nodes.0', message: said }]);
        }
        return answer({ ...job, ...body });
      }
      // The config list (the map waits for it): the defaults.
      return answer({});
    });
    configureApi({ showError: vi.fn(), showStateError: vi.fn() });
    vi.spyOn(L.Map.prototype, 'getRenderer').mockImplementation(function (this: L.Map) {
      return L.svg().addTo(this) as unknown as L.Renderer;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const open = (onSaved = vi.fn(), close = vi.fn()) =>
    render(
      <QueryClientProvider client={queryClient}>
        <App>
          <JobFormModal
            dialog={{
              open: true,
              record: job,
              context: undefined,
              editing: true,
              openCreate: vi.fn(),
              openEdit: vi.fn(),
              close,
            }}
            onSaved={onSaved}
          />
        </App>
      </QueryClientProvider>,
    );

  it('does not send a path that crosses a forbidden fence; sends it once mended', async () => {
    const onSaved = vi.fn();
    open(onSaved);
    const said = 'Segment 2 of the path crosses the forbidden fence "Pond"';
    // Said while editing, once the station's fences are there.
    expect((await screen.findByTestId('path-problem', undefined, { timeout: 5000 })).textContent).toBe(said);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    // Saving says it under the path (once: the live notice gives way to the field's message).
    await waitFor(() => expect(screen.queryByTestId('path-problem')).toBeNull());
    expect(await screen.findByText(said, undefined, { timeout: 5000 })).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove node 3' }));
    await waitFor(() => expect(screen.queryByText(said)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      jobId: 12,
      name: 'East round',
      stationId: 7,
      rounds: 2,
      nodes: [node(114.001, 'Start'), node(114.003, 'Gate')],
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it("keeps the dialog on the server's refusal of the path and highlights the segment it names", async () => {
    refuseNext = true;
    const close = vi.fn();
    open(vi.fn(), close);
    await screen.findByTestId('path-problem');
    fireEvent.click(screen.getByRole('button', { name: 'Remove node 3' }));
    await waitFor(() => expect(screen.queryByTestId('path-problem')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const refusal = 'Segment 1 of the path crosses the forbidden fence "Well"';
    expect((await screen.findAllByText(refusal)).length).toBeGreaterThan(0);
    await waitFor(() => expect(document.querySelector('path.path-highlight')).not.toBeNull());
    expect(close).not.toHaveBeenCalled();
  });
});
