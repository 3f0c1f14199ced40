import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { CommandRecord, CommandReplyRow } from '@patrol/contracts';
import { configureApi, queryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { CmdRespPage } from '../pages/cmd-resp-page';
import { PublishPage } from '../pages/publish-page';

const record: CommandRecord = {
  recordId: 5,
  commandId: '83990971-fcd6-47ac-9d0e-9efb4b312548',
  robotId: 1,
  robotName: 'Alpha',
  serialNumber: 'SIM-0001',
  topic: 'patrol/SIM-0001/cmd',
  name: 'netGunFire',
  args: { side: 'rightRear' },
  status: 'refused',
  syncCode: 3,
  asyncCode: null,
  message: 'no task running',
  operatorName: 'Operator',
  publishTime: '2026-11-23T04:00:00.000Z',
  expireTime: '2026-11-23T04:00:30.000Z',
  ackTime: '2026-11-23T04:00:00.100Z',
  doneTime: null,
};
const reply: CommandReplyRow = {
  replyId: 9,
  commandId: record.commandId,
  robotId: 1,
  robotName: 'Alpha',
  serialNumber: 'SIM-0001',
  topic: 'patrol/SIM-0001/cmd/reply',
  commandName: 'lights',
  phase: 'async',
  code: 0,
  message: null,
  receiveTime: '2026-11-23T04:00:01.000Z',
};
const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, message: 'success', data }), { status: 200 });

describe('command records', { timeout: 20_000 }, () => {
  const fetchMock = vi.fn();
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    queryClient.clear();
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('monitor/live')) return ok([]);
      if (url.includes('cmd/reply/page')) return ok({ rows: [reply], total: 1 });
      if (url.includes('cmd/page')) return ok({ rows: [record], total: 1 });
      return ok(null);
    });
    vi.stubGlobal('fetch', fetchMock);
    configureApi({ showError: vi.fn(), showStateError: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderWith = (page: React.ReactNode) =>
    render(
      <QueryClientProvider client={queryClient}>
        <App>{page}</App>
      </QueryClientProvider>,
    );

  /** The table of a list's rows: its header row sticks, so antd draws it as a table of its own, named alike, first. */
  const rowsTable = async (name: string) => (await screen.findAllByRole('table', { name })).at(-1)!;

  it('shows a dispatch record in words: command and side, progress, codes with their meaning', async () => {
    renderWith(<PublishPage />);
    const table = await rowsTable('Command dispatch records');
    const row = await within(table).findByText('patrol/SIM-0001/cmd', {}, { timeout: 5000 });
    const line = row.closest('tr')!;
    expect(within(line).getByText('Net gun fire')).toBeTruthy();
    expect(within(line).getByText('right rear')).toBeTruthy();
    expect(line.querySelector('[data-status="refused"]')?.textContent).toBe('Refused');
    expect(within(line).getByText('3 rejected by the robot')).toBeTruthy();
    expect(within(line).getByText('Operator')).toBeTruthy();
  });

  it('sends the chosen filters with the list request', async () => {
    renderWith(<PublishPage />);
    await rowsTable('Command dispatch records');
    fireEvent.change(screen.getByPlaceholderText('Request ID, robot or operator'), { target: { value: 'SIM-0001' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map((c) => String(c[0])).some((u) => u.includes('keyword=SIM-0001'))).toBe(true),
    );
  });

  it('sorts the records on the server by the time they were sent, and not by their translated progress', async () => {
    renderWith(<PublishPage />);
    await rowsTable('Command dispatch records');
    const lastQuery = () =>
      Object.fromEntries(new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://console.test').searchParams);
    fireEvent.click(await screen.findByRole('columnheader', { name: /Sent at/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ index: '1', sortBy: 'publishTime', sortOrder: 'ascend' }));
    fireEvent.click(screen.getByRole('columnheader', { name: /Operator/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ index: '1', sortBy: 'operatorName', sortOrder: 'ascend' }));
    const progress = screen.getByRole('columnheader', { name: 'Progress' });
    expect(progress.querySelector('.ant-table-column-sorters')).toBeNull();
  });

  it('shows a reply with its phase and a green success code', async () => {
    renderWith(<CmdRespPage />);
    const table = await rowsTable('Command reply records');
    const row = (await within(table).findByText('patrol/SIM-0001/cmd/reply', {}, { timeout: 5000 })).closest('tr')!;
    expect(within(row).getByText('Async')).toBeTruthy();
    expect(within(row).getByText('Lights')).toBeTruthy();
    expect(row.querySelector('[data-code="0"]')?.textContent).toBe('0 success');
  });
});
