import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { CommandRecord, RobotLive } from '@patrol/contracts';
import { configureApi, queryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { ControlPage } from '../pages/control-page';

const robots: RobotLive[] = [
  {
    robotId: 1,
    serialNumber: 'SIM-0001',
    name: 'Alpha',
    online: true,
    lastSeenTime: null,
    stoppedForRepair: false,
    state: null,
  },
  {
    robotId: 2,
    serialNumber: 'SIM-0002',
    name: 'Bravo',
    online: false,
    lastSeenTime: null,
    stoppedForRepair: false,
    state: null,
  },
];
const record = (over: Partial<CommandRecord>): CommandRecord => ({
  recordId: 11,
  commandId: 'c-11',
  robotId: 1,
  robotName: 'Alpha',
  serialNumber: 'SIM-0001',
  topic: 'patrol/SIM-0001/cmd',
  name: 'lights',
  args: { on: true },
  status: 'sent',
  syncCode: null,
  asyncCode: null,
  message: null,
  operatorName: 'Operator',
  publishTime: '2026-11-23T04:00:00.000Z',
  expireTime: '2026-11-23T04:00:30.000Z',
  ackTime: null,
  doneTime: null,
  ...over,
});
const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, message: 'success', data }), { status: 200 });

describe('robot control', { timeout: 20_000 }, () => {
  const fetchMock = vi.fn();
  const sent: unknown[] = [];
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    queryClient.clear();
    sent.length = 0;
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('robot-server/monitor/live')) return ok(robots);
      if (url.includes('robot-server/cmd/page')) return ok({ rows: [], total: 0 });
      if (url.includes('robot-server/cmd/send')) {
        const body = JSON.parse(String(init?.body)) as {
          command: { name: CommandRecord['name']; args: Record<string, unknown> };
        };
        sent.push(body);
        return ok(record({ recordId: 10 + sent.length, name: body.command.name, args: body.command.args }));
      }
      return ok(null);
    });
    vi.stubGlobal('fetch', fetchMock);
    configureApi({ showError: vi.fn(), showStateError: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderPage = () =>
    render(
      <QueryClientProvider client={queryClient}>
        <App>
          <ControlPage />
        </App>
      </QueryClientProvider>,
    );

  const choose = async (label: string) => {
    fireEvent.mouseDown(screen.getByLabelText('Robot'));
    fireEvent.click(await screen.findByText(label));
  };

  it('targets no robot until the operator chooses one', async () => {
    renderPage();
    const lights = await screen.findByRole('button', { name: /Lights on/ });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect((lights as HTMLButtonElement).disabled).toBe(true);
    await choose('Alpha (SIM-0001)');
    await waitFor(() => expect((lights as HTMLButtonElement).disabled).toBe(false));
  });

  it('sends a command to the chosen online robot and lists its progress', async () => {
    renderPage();
    const lights = await screen.findByRole('button', { name: /Lights on/ });
    await choose('Alpha (SIM-0001)');
    await waitFor(() => expect((lights as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(lights);
    await waitFor(() => expect(sent).toEqual([{ robotId: 1, command: { name: 'lights', args: { on: true } } }]));
    const table = screen.getByRole('table', { name: 'Command progress' });
    await waitFor(() => expect(within(table).getAllByText(/· on/).length).toBe(1));
    expect(table.querySelector('[data-status="sent"]')).toBeTruthy();
  });

  it('asks before firing the net gun and sends nothing when cancelled, confirm: true when confirmed', async () => {
    renderPage();
    const fire = await screen.findByRole('button', { name: /Fire net gun \(left front\)/ });
    await choose('Alpha (SIM-0001)');
    await waitFor(() => expect((fire as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(fire);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Fire net gun (left front) on Alpha?').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);
    fireEvent.click(fire);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Fire' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { robotId: 1, command: { name: 'netGunFire', args: { side: 'leftFront' } }, confirm: true },
      ]),
    );
  });

  it('says a refused command in the page, as an alert, not only in a toast', async () => {
    const showError = vi.fn();
    configureApi({ showError, showStateError: vi.fn() });
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('robot-server/cmd/send')
        ? new Response(JSON.stringify({ code: 409, message: 'The robot is offline', data: null }), { status: 200 })
        : base(input, init),
    );
    renderPage();
    const lights = await screen.findByRole('button', { name: /Lights on/ });
    await choose('Alpha (SIM-0001)');
    await waitFor(() => expect((lights as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(lights);
    const refusal = await screen.findByTestId('command-refusal');
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(refusal.textContent).toContain('The robot is offline');
    expect(showError).toHaveBeenCalledTimes(1);
  });

  it('says an offline robot takes no command and keeps every button off', async () => {
    renderPage();
    await screen.findByRole('button', { name: /Lights on/ });
    await choose('Bravo (SIM-0002)');
    expect(
      await screen.findByText('The robot is offline: commands cannot be sent until it is back online.'),
    ).toBeTruthy();
    for (const name of [/Power on/, /Lights on/, /Return to base/, /Fire tripwire/]) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
  });
});
