import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { RobotRow } from '@patrol/contracts';
import { configureApi, queryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { RobotsPage } from '../pages/robots-page';

const row: RobotRow = {
  robotId: 3,
  productId: 'PR-1000',
  serialNumber: 'SIM-0003',
  name: 'Gate',
  publicKey: '-----BEGIN PUBLIC KEY-----',
  keyVersion: 1,
  online: true,
  lastSeenTime: null,
  stationId: null,
  stationName: null,
  stoppedForRepair: false,
  createTime: '2026-11-23T04:00:00.000Z',
};
const station = {
  stationId: 7,
  name: 'North gate',
  area: [
    [114, 22.5],
    [114.001, 22.5],
    [114.001, 22.501],
  ],
  robotCount: 1,
  fenceCount: 0,
  createTime: '2026-11-25T00:00:00.000Z',
  updateTime: '2026-11-25T00:00:00.000Z',
};
const PRIVATE = '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIExample\n-----END PRIVATE KEY-----\n';
const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, message: 'success', data }), { status: 200 });

describe('robot list', { timeout: 45_000 }, () => {
  const fetchMock = vi.fn();
  const posted: { url: string; body: unknown }[] = [];
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    queryClient.clear();
    posted.length = 0;
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST') posted.push({ url, body: JSON.parse(String(init.body)) });
      if (url.includes('robot/page'))
        return ok({
          rows: [
            row,
            {
              ...row,
              robotId: 5,
              serialNumber: 'SIM-0005',
              name: 'Dock',
              stationId: 7,
              stationName: 'North gate',
              stoppedForRepair: true,
            },
          ],
          total: 2,
        });
      if (url.includes('station/list')) return ok([station]);
      if (url.includes('robot/create'))
        return ok({ robot: { ...row, robotId: 4, serialNumber: 'SIM-0004', name: 'Yard' }, privateKey: PRIVATE });
      if (url.includes('robot/rotateKey')) return ok({ robot: { ...row, keyVersion: 2 }, privateKey: PRIVATE });
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
          <RobotsPage />
        </App>
      </QueryClientProvider>,
    );

  it('says "stopped for repair" next to the presence of a robot an open work order stopped', async () => {
    renderPage();
    const gate = (await screen.findByText('SIM-0003', undefined, { timeout: 15_000 })).closest('tr')!;
    const dock = screen.getByText('SIM-0005').closest('tr')!;
    expect(within(dock).getByText('Online')).toBeTruthy();
    expect(within(dock).getByText('Stopped for repair')).toBeTruthy();
    expect(within(gate).getByText('Online')).toBeTruthy();
    expect(within(gate).queryByText('Stopped for repair')).toBeNull();
  });

  it('refuses a bad serial number with the contract message and sends nothing', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Register robot/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Yard' } });
    fireEvent.change(within(dialog).getByLabelText('Product ID'), { target: { value: 'PR-1000' } });
    fireEvent.change(within(dialog).getByLabelText('Serial number'), { target: { value: 'bad/serial' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(
      await within(dialog).findByText(
        'Serial numbers start with a letter or digit and hold letters, digits and _ . - only, at most 64 characters',
      ),
    ).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('shows the private key once after registering, with its download', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Register robot/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Yard' } });
    fireEvent.change(within(dialog).getByLabelText('Product ID'), { target: { value: 'PR-1000' } });
    fireEvent.change(within(dialog).getByLabelText('Serial number'), { target: { value: 'SIM-0004' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          url: expect.stringContaining('robot/create'),
          body: { name: 'Yard', productId: 'PR-1000', serialNumber: 'SIM-0004' },
        },
      ]),
    );
    const key = (await screen.findByLabelText('Private key (PEM)')) as HTMLTextAreaElement;
    expect(key.value).toBe(PRIVATE);
    expect(screen.getByText(/shown this one time and the server does not keep it/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Download SIM-0004\.key\.pem/ })).toBeTruthy();
  });

  it('rotates a key only after confirmation, then shows the new one', async () => {
    renderPage();
    const gate = (await screen.findByText('SIM-0003', undefined, { timeout: 15_000 })).closest('tr')!;
    fireEvent.click(within(gate).getByRole('button', { name: /Rotate key/ }));
    expect(await screen.findByText(/The old key stops working at the robot's next connect/)).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(posted.map((p) => p.body)).toEqual([{ robotId: 3 }]));
    expect(((await screen.findByLabelText('Private key (PEM)')) as HTMLTextAreaElement).value).toBe(PRIVATE);
  });

  it("shows each robot's station and puts the selected robots in another", async () => {
    renderPage();
    const gate = (await screen.findByText('SIM-0003', undefined, { timeout: 15_000 })).closest('tr')!;
    const dock = screen.getByText('SIM-0005').closest('tr')!;
    expect(within(gate).getByText('No station')).toBeTruthy();
    expect(within(dock).getByText('North gate')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Assign station \(0\)/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(gate).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /Assign station \(1\)/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Assign 1 robots to a station')).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('North gate'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(posted).toEqual([
        { url: expect.stringContaining('robot/station'), body: { robotIds: [3], stationId: 7 } },
      ]),
    );
  });
});
