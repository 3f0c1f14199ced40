import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter, useLocation } from 'react-router';
import { configureApi, queryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { AlarmHandlingPage } from '../pages/alarm-handling-page';
import { GunRecordPage } from '../pages/gun-record-page';
import { gunDetail, gunRow, ok, sentimentRow } from './fixtures';

// jsdom draws no canvas: the position map is Leaflet's to test; here it only has to be there.
vi.mock('@/shared/map', () => ({
  BaseMap: ({ children }: { children?: React.ReactNode }) => <div data-testid="alarm-map">{children}</div>,
  MAP_DEFAULTS: { zoom: 18 },
  useLeafletMap: () => null,
  useMapProjection: () => ({ system: 'WGS84', toMap: ([lng, lat]: [number, number]) => ({ lat, lng }) }),
}));

type Sent = { url: string; method: string; body: unknown };

/** Where the console is, for the links that leave the page. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

describe('alarm pages', { timeout: 180_000 }, () => {
  const fetchMock = vi.fn();
  const sent: Sent[] = [];
  let detail = gunDetail;
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    queryClient.clear();
    sent.length = 0;
    detail = gunDetail;
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      sent.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes('monitor/live')) return ok([]);
      if (url.includes('config/list')) return ok({});
      if (url.includes('/image'))
        return new Response(new Blob(['x'], { type: 'image/png' }), { headers: { 'content-type': 'image/png' } });
      if (url.includes('alarm/page')) return ok({ rows: [gunRow, sentimentRow], total: 2 });
      if (url.includes('gun/page')) return ok({ rows: [gunRow], total: 1 });
      if (method === 'POST') {
        // The server's state after the operation: what the details read again.
        const operation = (JSON.parse(String(init!.body)) as { operation?: string }).operation;
        if (operation === 'complete' || operation === 'ignore')
          detail = { ...detail, status: 'complete', operationType: operation };
        return ok(detail);
      }
      if (/alarm\/\d+$/.test(url)) return ok(detail);
      return ok(null);
    });
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL ??= () => 'blob:x';
    URL.revokeObjectURL ??= () => undefined;
    configureApi({ showError: vi.fn(), showStateError: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderAt = (page: React.ReactNode, path = '/data/alarmHandling') =>
    render(
      <QueryClientProvider client={queryClient}>
        <App>
          <MemoryRouter initialEntries={[path]}>
            {page}
            <Location />
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
  const rowsTable = async (name: string) => (await screen.findAllByRole('table', { name })).at(-1)!;
  const lastQuery = (part: string) =>
    Object.fromEntries(
      new URL(sent.filter((s) => s.url.includes(part)).at(-1)!.url, 'http://console.test').searchParams,
    );

  it('lists alarms with their robot, kind, code, status, operation, handler and escalation', async () => {
    renderAt(<AlarmHandlingPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Alarm handling records' })).toBeTruthy();
    const table = await rowsTable('Alarm handling records');
    const gun = (await within(table).findByText('Intruder at the north gate')).closest('tr')!;
    expect(within(gun).getByText('SIM-0001')).toBeTruthy();
    expect(gun.querySelector('[data-kind="gun"]')?.textContent).toBe('Net-gun alarm');
    expect(gun.querySelector('[data-status="disposing"]')?.textContent).toBe('Disposing');
    expect(gun.querySelector('[data-escalated="true"]')?.textContent).toBe('Escalated');
    const sentiment = within(table).getByText('Crowd gathering').closest('tr')!;
    expect(sentiment.querySelector('[data-status="complete"]')?.textContent).toBe('Disposal complete');
    expect(within(sentiment).getByText('Ignore')).toBeTruthy();
    expect(within(sentiment).getByText('Operator')).toBeTruthy();
    expect(within(sentiment).getByText('No image')).toBeTruthy();
  });

  it('sends the chosen filters with the list request', async () => {
    renderAt(<AlarmHandlingPage />);
    await rowsTable('Alarm handling records');
    fireEvent.change(screen.getByPlaceholderText('Code, message or robot'), { target: { value: 'G100' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByTitle('Disposing'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Escalated' }));
    fireEvent.click((await screen.findAllByTitle('Escalated')).at(-1)!);
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(lastQuery('alarm/page')).toMatchObject({
        keyword: 'G100',
        status: 'disposing',
        escalated: 'true',
        index: '1',
      }),
    );
  });

  it('opens the details of ?alarmId=N with every field, the operations and the commands with their replies', async () => {
    renderAt(<AlarmHandlingPage />, '/data/alarmHandling?alarmId=7');
    const drawer = await screen.findByRole('dialog', { name: 'Alarm details #7' });
    const fields = await within(drawer).findByTestId('alarm-fields');
    for (const text of [
      'c0a8e1f2-0000-4000-8000-000000000007',
      'task-12',
      'patrol/SIM-0001/event',
      'patrol/SIM-0001/cmd',
      '5b1c1f7e-1111-4222-8333-444455556666',
      'Intruder at the north gate',
    ])
      expect(within(fields).getAllByText(text).length).toBeGreaterThan(0);
    expect(within(fields).getByText(/"siren": true/)).toBeTruthy();
    expect(drawer.querySelector('[data-operation-entry="siren"]')?.textContent).toContain('Operator');
    const commands = within(drawer).getByRole('table', { name: 'Commands sent and their replies' });
    const line = within(commands).getByText('siren sounded').closest('tr')!;
    expect(line.querySelector('[data-command-status="done"]')?.textContent).toBe('Done');
    expect(line.querySelectorAll('[data-code="0"]').length).toBe(2);
  });

  it('confirms a siren before sending it, and sends dispose at once', async () => {
    renderAt(<AlarmHandlingPage />, '/data/alarmHandling?alarmId=7');
    const drawer = await screen.findByRole('dialog', { name: 'Alarm details #7' });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Dispose' }));
    await waitFor(() =>
      expect(sent.find((s) => s.method === 'POST')?.body).toEqual({ alarmId: 7, operation: 'dispose' }),
    );
    fireEvent.click(within(drawer).getByRole('button', { name: 'Siren' }));
    const confirm = (await screen.findAllByText("Sound the robot's siren?")).at(-1)!;
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(1);
    fireEvent.click(within(confirm.closest('.ant-modal')! as HTMLElement).getByRole('button', { name: 'Siren' }));
    await waitFor(() =>
      expect(sent.filter((s) => s.method === 'POST').at(-1)?.body).toEqual({ alarmId: 7, operation: 'siren' }),
    );
  });

  it("voice talk inspection opens the live announcement on the alarm's robot", async () => {
    renderAt(<AlarmHandlingPage />, '/data/alarmHandling?alarmId=7');
    const drawer = await screen.findByRole('dialog', { name: 'Alarm details #7' });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Voice talk inspection' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(`/voice/intercom?robotId=${gunDetail.robotId}`),
    );
    // Opening the page records nothing on the alarm.
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(0);
  });

  it('shows no operation once the alarm is complete', async () => {
    renderAt(<AlarmHandlingPage />, '/data/alarmHandling?alarmId=7');
    const drawer = await screen.findByRole('dialog', { name: 'Alarm details #7' });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Complete' }));
    const confirm = (await screen.findAllByText("Mark this alarm's disposal complete?")).at(-1)!;
    fireEvent.click(within(confirm.closest('.ant-modal')! as HTMLElement).getByRole('button', { name: 'Complete' }));
    await within(drawer).findByText('This alarm is complete and takes no further operation.', {}, { timeout: 15_000 });
    expect(within(drawer).queryByRole('button', { name: 'Siren' })).toBeNull();
  });

  it('net-gun records: shows the pending decision and filters by decision', async () => {
    renderAt(<GunRecordPage />, '/data/gunRecord');
    const table = await rowsTable('Net-gun records');
    const row = (await within(table).findByText('Intruder at the north gate', {}, { timeout: 15_000 })).closest('tr')!;
    expect(row.querySelector('[data-decision="pending"]')?.textContent).toBe('Pending');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Decision' }));
    fireEvent.click(await screen.findByTitle('Allowed'));
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(lastQuery('gun/page')).toMatchObject({ decision: 'allowed' }), { timeout: 15_000 });
  });

  it('net-gun records: Allow asks, then posts cmd/gun with flag true and the alarm', async () => {
    renderAt(<GunRecordPage />, '/data/gunRecord?alarmId=7');
    const drawer = await screen.findByRole('dialog', { name: 'Alarm details #7' }, { timeout: 15_000 });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Allow' }, { timeout: 15_000 }));
    const confirm = (await screen.findAllByText('Allow this robot to fire its net gun?')).at(-1)!;
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(confirm.closest('.ant-modal')! as HTMLElement).getByRole('button', { name: 'Allow' }));
    await waitFor(
      () => {
        const post = sent.find((s) => s.method === 'POST')!;
        expect(post.url).toContain('notice-server/cmd/gun');
        expect(post.body).toEqual({
          robotId: 1,
          data: { timestamp: Date.parse(gunRow.reportTime), flag: true, alarmId: 7 },
        });
      },
      { timeout: 15_000 },
    );
  });
});
