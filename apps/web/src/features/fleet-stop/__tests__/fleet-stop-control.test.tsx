import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { FleetStopStatus, RobotLive, RobotTelemetry } from '@patrol/contracts';
import { configureApi, queryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { FleetSync } from '@/shared/fleet';
import { RealtimeProvider, closeAllSockets } from '@/shared/realtime';
import { STORAGE_KEYS, writeItem } from '@/shared/storage';
import { Announcer } from '@/shared/ui';
import { FleetStopControl } from '../components/fleet-stop-control';

class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: { type: string; topic?: string; tenantId?: number }[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as FakeSocket['sent'][number]);
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  ready() {
    act(() => {
      this.readyState = 1;
      this.onopen?.();
      this.receive({ type: 'ready', userId: 1 });
    });
  }
  receive(message: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
}

const state = (mode: RobotTelemetry['mode']): RobotTelemetry => ({
  ts: 1_795_406_558_875,
  lat: 22.540716,
  lng: 114.051014,
  altitude: 11.9,
  speed: 0,
  acceleration: 0,
  direction: 90,
  battery: 80,
  charging: false,
  temperatures: { ambient: 25.9, body: 38.4, battery: 31 },
  humidity: 65.5,
  windSpeed: 3.2,
  windDirection: 124,
  network: { up: 2453, down: 889 },
  versions: { firmware: 'PR-2.4.1', modules: { chassis: '1.8.0' } },
  warning: { level: 0, color: null },
  mode,
  lights: false,
});
const robot = (robotId: number, mode: RobotTelemetry['mode'] | null): RobotLive => ({
  robotId,
  serialNumber: `SIM-${robotId}`,
  name: `Robot ${robotId}`,
  online: true,
  lastSeenTime: null,
  stoppedForRepair: false,
  state: mode ? state(mode) : null,
});
const status = (over: Partial<FleetStopStatus> = {}): FleetStopStatus => ({
  active: false,
  stoppedBy: null,
  stoppedTime: null,
  robots: 0,
  mayControl: true,
  ...over,
});
const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, message: 'success', data }), { status: 200 });

describe('the header fleet stop control', { timeout: 20_000 }, () => {
  const fetchMock = vi.fn();
  let current: FleetStopStatus;
  let fleet: RobotLive[];
  const posted: { url: string; body: unknown }[] = [];

  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    queryClient.clear();
    FakeSocket.all = [];
    posted.length = 0;
    current = status();
    fleet = [robot(1, 'patrolling'), robot(2, 'idle'), robot(3, null)];
    writeItem(STORAGE_KEYS.token, 'tok');
    writeItem(STORAGE_KEYS.tenantId, '1');
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('robot-server/monitor/live')) return ok(fleet);
      if (url.includes('robot-server/fleet/')) {
        if (init?.method === 'POST') {
          posted.push({ url, body: JSON.parse(String(init.body)) });
          current = url.endsWith('/stop')
            ? status({ active: true, stoppedBy: 'Admin', stoppedTime: '2026-11-24T21:00:00.000Z', robots: 3 })
            : status();
        }
        return ok(current);
      }
      return ok(null);
    });
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    configureApi({ showError: vi.fn(), showStateError: vi.fn() });
  });
  afterEach(() => {
    closeAllSockets();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const mount = async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <App>
          <RealtimeProvider url="ws://host/api/ws/msg/1">
            <FleetSync />
            <FleetStopControl />
            <Announcer />
          </RealtimeProvider>
        </App>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const socket = FakeSocket.all[0]!;
    socket.ready();
    return socket;
  };
  const fleetStopCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('robot-server/fleet/'));

  it('is not there for a user who may not stop the fleet', async () => {
    current = status({ mayControl: false });
    await mount();
    await waitFor(() => expect(fleetStopCalls().length).toBe(1));
    expect(screen.queryByRole('button', { name: /Stop all robots/ })).toBeNull();
  });

  it('hides itself silently when the status route is refused', async () => {
    const showError = vi.fn();
    configureApi({ showError, showStateError: vi.fn() });
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('robot-server/fleet/')
        ? new Response(JSON.stringify({ code: 403, message: 'No permission', data: null }), { status: 200 })
        : base(input, init),
    );
    await mount();
    await waitFor(() => expect(fleetStopCalls().length).toBe(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: /Stop all robots/ })).toBeNull();
    expect(showError).not.toHaveBeenCalled();
  });

  it('asks once, sends nothing when cancelled, then POSTs the stop with confirm: true', async () => {
    await mount();
    const button = await screen.findByRole('button', { name: 'Stop all robots' });
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Stop all robots?').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([]);

    fireEvent.click(button);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Stop all' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.url).toMatch(/robot-server\/fleet\/stop$/);
    expect(posted[0]!.body).toEqual({ confirm: true });
    // Its label follows the server's status; its count, the robots the live fleet reports stopped.
    expect(await screen.findByRole('button', { name: 'Resume all (0 stopped)' })).toBeTruthy();
  });

  it('counts the robots the live fleet reports stopped, as they report it', async () => {
    current = status({ active: true, stoppedBy: 'Admin', stoppedTime: '2026-11-24T21:00:00.000Z', robots: 3 });
    fleet = [robot(1, 'stopped'), robot(2, 'patrolling'), robot(3, 'stopped')];
    const socket = await mount();
    expect(await screen.findByRole('button', { name: 'Resume all (2 stopped)' })).toBeTruthy();
    socket.receive({ type: 'robots', data: [robot(2, 'stopped')] });
    expect(await screen.findByRole('button', { name: 'Resume all (3 stopped)' })).toBeTruthy();
  });

  it('resumes after its confirmation', async () => {
    current = status({ active: true, stoppedBy: 'Admin', stoppedTime: '2026-11-24T21:00:00.000Z', robots: 1 });
    fleet = [robot(1, 'stopped')];
    await mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Resume all (1 stopped)' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Resume all' }));
    await waitFor(() => expect(posted.map((p) => p.url)).toEqual([expect.stringMatching(/fleet\/resume$/)]));
    expect(await screen.findByRole('button', { name: 'Stop all robots' })).toBeTruthy();
  });

  it("switches its label on another console's push, keeping this user's own permission", async () => {
    const socket = await mount();
    await screen.findByRole('button', { name: 'Stop all robots' });
    socket.receive({
      type: 'fleetStop',
      data: status({
        active: true,
        stoppedBy: 'Other',
        stoppedTime: '2026-11-24T21:00:00.000Z',
        robots: 3,
        mayControl: false,
      }),
    });
    expect(await screen.findByRole('button', { name: 'Resume all (0 stopped)' })).toBeTruthy();
    // Said to screen readers too.
    await waitFor(() => expect(screen.getByTestId('announcer').textContent).toContain('Other stopped all robots'));
    socket.receive({ type: 'fleetStop', data: status({ mayControl: false }) });
    expect(await screen.findByRole('button', { name: 'Stop all robots' })).toBeTruthy();
    expect(posted).toEqual([]);
  });
});
