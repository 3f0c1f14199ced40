import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Profiler } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { RobotLive } from '@patrol/contracts';
import { configureApi, queryClient } from '../api';
import { i18n } from '../i18n';
import { RealtimeProvider, closeAllSockets } from '../realtime';
import { setActingTenant } from '../session';
import { STORAGE_KEYS, writeItem } from '../storage';
import { FleetBanner, FleetSync } from './fleet-sync';
import { ReadingAge } from './reading-age';
import { fleetKey, useFleet, useRobotOptions } from './use-fleet';

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
  /** Opens, authenticates and says ready, as the server does. */
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

const robot = (robotId: number, name: string, online = true): RobotLive => ({
  robotId,
  serialNumber: `SIM-${robotId}`,
  name,
  online,
  lastSeenTime: null,
  stoppedForRepair: false,
  state: null,
});
const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, message: 'success', data }), { status: 200 });

let fleetRenders = 0;
let pickerRenders = 0;
function Fleet() {
  const { robots } = useFleet();
  return (
    <ul aria-label="fleet">
      {robots.map((r) => (
        <li key={r.robotId}>{`${r.name}:${r.online ? 'on' : 'off'}`}</li>
      ))}
    </ul>
  );
}
function Picker() {
  const options = useRobotOptions().data ?? [];
  return <span data-testid="picker">{options.map((o) => o.name).join(',')}</span>;
}

describe('live fleet in the query cache', { timeout: 20_000 }, () => {
  const fetchMock = vi.fn();
  const fleets: Record<string, RobotLive[]> = {
    '1': [robot(1, 'Alpha'), robot(2, 'Bravo')],
    '5': [robot(9, 'Zulu')],
  };
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    queryClient.clear();
    FakeSocket.all = [];
    fleetRenders = 0;
    pickerRenders = 0;
    writeItem(STORAGE_KEYS.token, 'tok');
    writeItem(STORAGE_KEYS.tenantId, '1');
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const tenant = new Headers(init?.headers).get('tenant-id') ?? '1';
      return ok(fleets[tenant] ?? []);
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
        <RealtimeProvider url="ws://host/api/ws/msg/1">
          <FleetSync />
          <FleetBanner />
          <Profiler id="fleet" onRender={() => (fleetRenders += 1)}>
            <Fleet />
          </Profiler>
          <Profiler id="picker" onRender={() => (pickerRenders += 1)}>
            <Picker />
          </Profiler>
        </RealtimeProvider>
      </QueryClientProvider>,
    );
    await screen.findByText('Alpha:on');
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const socket = FakeSocket.all[0]!;
    socket.ready();
    expect(socket.sent).toContainEqual({ type: 'subscribe', topic: 'robots', tenantId: 1 });
    return socket;
  };
  const items = () => screen.getAllByRole('listitem').map((li) => li.textContent);

  it('applies pushes to the cache; a picker of names does not re-render for a presence change', async () => {
    const socket = await mount();
    const picker = pickerRenders;
    const fleet = fleetRenders;
    socket.receive({ type: 'robots', data: [{ ...robot(1, 'Alpha'), online: false }] });
    await screen.findByText('Alpha:off');
    expect(fleetRenders).toBeGreaterThan(fleet);
    expect(pickerRenders).toBe(picker);
    expect(queryClient.getQueryData<RobotLive[]>(fleetKey(1))?.map((r) => r.online)).toEqual([false, true]);

    socket.receive({ type: 'robots', data: [robot(3, 'Charlie')] });
    await screen.findByText('Charlie:on');
    expect(screen.getByTestId('picker').textContent).toBe('Alpha,Bravo,Charlie');
    socket.receive({ type: 'robotsGone', data: [2] });
    await waitFor(() => expect(items()).toEqual(['Alpha:off', 'Charlie:on']));
    socket.receive({ type: 'robots', full: true, data: [robot(4, 'Delta')] });
    await waitFor(() => expect(items()).toEqual(['Delta:on']));
  });

  it('drops a push that fails its schema', async () => {
    const socket = await mount();
    socket.receive({ type: 'robots', data: [{ robotId: 'one', name: 42 }] });
    socket.receive({ type: 'robotsGone', data: ['1'] });
    socket.receive({ type: 'robots', data: [{ ...robot(2, 'Bravo'), online: false }] });
    await screen.findByText('Bravo:off');
    expect(items()).toEqual(['Alpha:on', 'Bravo:off']);
  });

  it('shows a banner when the live robots are refused', async () => {
    const socket = await mount();
    expect(screen.queryByRole('alert')).toBeNull();
    socket.receive({ type: 'refused', topic: 'robots' });
    expect((await screen.findByRole('alert')).textContent).toContain('You may not see these robots live');
  });

  it('re-watches and reloads the new tenant when the acting tenant changes', async () => {
    const socket = await mount();
    act(() => setActingTenant(5, 'Tenant five'));
    await screen.findByText('Zulu:on');
    expect(socket.sent.at(-1)).toEqual({ type: 'subscribe', topic: 'robots', tenantId: 5 });
    socket.receive({ type: 'robots', data: [{ ...robot(9, 'Zulu'), online: false }] });
    await screen.findByText('Zulu:off');
    expect(queryClient.getQueryData<RobotLive[]>(fleetKey(1))?.map((r) => r.name)).toEqual(['Alpha', 'Bravo']);
  });

  it('refetches the fleet after the socket reconnects', async () => {
    const socket = await mount();
    const loads = fetchMock.mock.calls.length;
    act(() => socket.close(1006));
    await screen.findByText('The live link is down; what you see may not be current');
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2), { timeout: 5_000 });
    FakeSocket.all[1]!.ready();
    await waitFor(() => expect(fetchMock.mock.calls.length).toBe(loads + 1));
    expect(FakeSocket.all[1]!.sent).toContainEqual({ type: 'subscribe', topic: 'robots', tenantId: 1 });
  });
});

describe('reading age', () => {
  // The clock stands still, so a slow render cannot age the reading by a second.
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await i18n.changeLanguage('en-US');
  });
  afterEach(() => vi.useRealTimers());

  it('shows a fresh reading with its age and an old one as stale', () => {
    const { rerender } = render(<ReadingAge ts={Date.now() - 2_000} />);
    expect(screen.getByText('2 s ago').getAttribute('data-stale')).toBe('false');
    rerender(<ReadingAge ts={Date.now() - 30_000} />);
    expect(screen.getByText('Stale (30 s ago)').getAttribute('data-stale')).toBe('true');
  });
});
