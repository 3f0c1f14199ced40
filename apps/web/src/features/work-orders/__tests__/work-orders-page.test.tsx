import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { configureApi, queryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { WorkOrdersPage } from '../pages/work-orders-page';
import {
  draftDetail,
  draftRow,
  envelope,
  liveRobots,
  pendingDetail,
  pendingRow,
  personnel,
  processedRow,
} from './fixtures';

type Sent = { url: string; method: string; body: unknown };

describe('work orders page', { timeout: 180_000 }, () => {
  const fetchMock = vi.fn();
  const sent: Sent[] = [];
  const showError = vi.fn();
  /** What the next status action answers: the order, or the server's refusal. */
  let refuse: string | null = null;
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    queryClient.clear();
    sent.length = 0;
    refuse = null;
    showError.mockReset();
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      sent.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes('monitor/live')) return envelope(liveRobots);
      if (url.includes('repair/page')) return envelope({ rows: [draftRow, pendingRow, processedRow], total: 3 });
      if (url.includes('repair/personnel')) return envelope(personnel);
      if (url.includes('repair/detail')) {
        const id = new URL(url, 'http://console.test').searchParams.get('workOrderId');
        return envelope(id === '2' ? pendingDetail : draftDetail);
      }
      if (/repair\/(push|process|finish)/.test(url)) {
        if (refuse) return envelope(null, 409, refuse);
        return envelope({ ...pendingDetail, status: 'processing', allowed: ['finish', 'edit'] });
      }
      if (url.includes('repair/update')) return envelope(draftDetail);
      return envelope(null);
    });
    vi.stubGlobal('fetch', fetchMock);
    configureApi({ showError, showStateError: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderPage = (path = '/robot/repair') =>
    render(
      <QueryClientProvider client={queryClient}>
        <App>
          <MemoryRouter initialEntries={[path]}>
            <WorkOrdersPage />
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
  const rowOf = async (number: string) =>
    (await screen.findByText(number, undefined, { timeout: 20_000 })).closest('tr')!;
  const buttonNames = (row: HTMLElement) =>
    within(within(row).getByRole('group'))
      .getAllByRole('button')
      .map((b) => b.textContent?.trim());

  it('renders its title as the one h1, the columns, the overdue tag in words and only the allowed actions', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Maintenance' })).toBeTruthy();
    const draft = await rowOf('WO20261125-0001');
    expect(within(draft).getByText('Draft')).toBeTruthy();
    expect(within(draft).getByText('Overdue')).toBeTruthy();
    expect(within(draft).getByText('Stopped for repair')).toBeTruthy();
    expect(within(draft).getByText('1200.50')).toBeTruthy();
    expect(within(draft).getByText('SIM-0003')).toBeTruthy();
    expect(buttonNames(draft)).toEqual(['Details', 'Edit', 'Push', 'Delete']);
    // A status action is named by its word alone (its icon is decoration).
    expect(within(draft).getByRole('button', { name: 'Push' })).toBeTruthy();
    expect(within(draft).getByRole('button', { name: 'Details' })).toBeTruthy();

    const pending = await rowOf('WO20261125-0002');
    expect(within(pending).queryByText('Overdue')).toBeNull();
    expect(buttonNames(pending)).toEqual(['Details', 'Process']);

    const processed = await rowOf('WO20261125-0003');
    expect(buttonNames(processed)).toEqual(['Details']);

    // The filters reach the server as the contract reads them.
    fireEvent.change(screen.getByPlaceholderText('Work order number'), { target: { value: ' 0002 ' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => {
      const last = sent.filter((s) => s.url.includes('repair/page')).at(-1)!;
      expect(new URL(last.url, 'http://console.test').searchParams.get('number')).toBe('0002');
    });
  });

  it('asks before a status action, sends the comment and shows the server refusal (409)', async () => {
    refuse = 'You cannot do this to the work order in its current status';
    renderPage();
    const pending = await rowOf('WO20261125-0002');
    fireEvent.click(within(pending).getByRole('button', { name: /Process/ }));
    // In jsdom antd names every modal by the same test id: the title is found inside it.
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Process work order WO20261125-0002')).toBeTruthy();
    expect(within(dialog).getByTestId('work-order-action-summary').textContent).toContain('Dock (SIM-0005)');
    expect(sent.filter((s) => s.method === 'POST')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Comment'), { target: { value: 'On my way' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    const refusal = await within(dialog).findByTestId('dialog-refusal', undefined, { timeout: 8_000 });
    expect(refusal.textContent).toContain('You cannot do this to the work order in its current status');
    expect(sent.filter((s) => s.method === 'POST')).toEqual([
      {
        url: expect.stringContaining('repair/process'),
        method: 'POST',
        body: { workOrderId: 2, comment: 'On my way' },
      },
    ]);
    expect(showError).toHaveBeenCalledWith('You cannot do this to the work order in its current status');
  });

  it('refuses a comment over the contract length with its message', async () => {
    renderPage();
    const draft = await rowOf('WO20261125-0001');
    fireEvent.click(within(draft).getByRole('button', { name: /Push/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Comment'), { target: { value: 'x'.repeat(501) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(
      await within(dialog).findByText('The comment is at most 500 characters', undefined, { timeout: 8_000 }),
    ).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST')).toEqual([]);
  });

  it('sends an edited order with its amounts as the text typed', async () => {
    renderPage();
    const draft = await rowOf('WO20261125-0001');
    fireEvent.click(within(draft).getByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
    expect(within(dialog).getByText('Edit work order WO20261125-0001')).toBeTruthy();
    const first = within(dialog).getByTestId('work-order-item-1');
    expect((within(first).getByLabelText('Amount') as HTMLInputElement).value).toBe('1200.50');
    fireEvent.click(within(dialog).getByRole('button', { name: /Add an item/ }));
    const second = await within(dialog).findByTestId('work-order-item-2');
    fireEvent.change(within(second).getByLabelText('Module name'), { target: { value: 'Bumper' } });
    fireEvent.change(within(second).getByLabelText('Quantity'), { target: { value: '3' } });
    fireEvent.change(within(second).getByLabelText('Amount'), { target: { value: '0.10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sent.filter((s) => s.url.includes('repair/update'))).toHaveLength(1), {
      timeout: 10_000,
    });
    const body = sent.find((s) => s.url.includes('repair/update'))!.body as {
      workOrderId: number;
      items: { amount: unknown; quantity: unknown; moduleName: string }[];
      robotId: number;
      deadline: string;
    };
    expect(body.workOrderId).toBe(1);
    expect(body.robotId).toBe(3);
    expect(body.deadline).toBe('2026-11-20T10:00:00.000Z');
    expect(body.items).toEqual([
      { moduleName: 'Drive wheel', maintenanceType: 'replace', quantity: 1, amount: '1200.50', remark: '' },
      { moduleName: 'Bumper', maintenanceType: 'replace', quantity: 3, amount: '0.10', remark: '' },
    ]);
    expect(typeof body.items[1]!.amount).toBe('string');
  });

  it('opens the details from the address: fields, items with the total, fault reports, the history timeline and the print view', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderPage('/robot/repair?workOrderId=2');
    const drawer = await screen.findByRole(
      'dialog',
      { name: /Work order details WO20261125-0002/ },
      { timeout: 20_000 },
    );
    expect(await within(drawer).findByText('Work order details WO20261125-0002')).toBeTruthy();
    expect(within(drawer).getByText('Maintenance personnel')).toBeTruthy();
    // The fault report behind it.
    expect(within(drawer).getByText('E-LIDAR-07')).toBeTruthy();
    expect(within(drawer).getByText('No echo from the front lidar')).toBeTruthy();
    // The history: who, when, from → to, comment.
    const history = within(drawer).getByTestId('work-order-history');
    const pushed = history.querySelector('[data-event="push"]') as HTMLElement;
    expect(within(pushed).getByText('Pushed')).toBeTruthy();
    expect(within(pushed).getByText('Admin')).toBeTruthy();
    expect(within(pushed).getByText('Draft')).toBeTruthy();
    expect(within(pushed).getByText('Pending')).toBeTruthy();
    expect(within(pushed).getByText('Please look at it this week')).toBeTruthy();
    expect(
      within(history.querySelector('[data-event="fault"]') as HTMLElement).getByText("Robot's report"),
    ).toBeTruthy();
    // Only the allowed operations.
    const operations = within(drawer).getByRole('group', { name: 'Actions of work order WO20261125-0002' });
    expect(
      within(operations)
        .getAllByRole('button')
        .map((b) => b.textContent?.trim()),
    ).toEqual(['Process']);

    fireEvent.click(within(drawer).getByRole('button', { name: /Print/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Work order print preview' });
    expect(within(sheet).getByText('Work order WO20261125-0002')).toBeTruthy();
    expect(within(sheet).getByTestId('work-order-total').textContent).toBe('0.00');
    expect(document.body.classList.contains('work-order-printing')).toBe(true);
    await waitFor(() => expect(print).toHaveBeenCalled());
    fireEvent.click(within(sheet).getByRole('button', { name: /Close the print preview/ }));
    await waitFor(() => expect(screen.queryByTestId('work-order-print')).toBeNull());
    expect(document.body.classList.contains('work-order-printing')).toBe(false);
  });

  it('shows the items and the total of a draft in its details', async () => {
    renderPage('/robot/repair?workOrderId=1');
    const drawer = await screen.findByRole('dialog', undefined, { timeout: 20_000 });
    const items = await within(drawer).findByRole('table', { name: 'Maintenance details' });
    expect(within(items).getByText('Drive wheel')).toBeTruthy();
    expect(within(items).getByText('Replace')).toBeTruthy();
    expect(within(drawer).getByTestId('work-order-total').textContent).toBe('1200.50');
    // A manual order has no fault section.
    expect(within(drawer).queryByRole('table', { name: 'Fault reports' })).toBeNull();
  });
});
