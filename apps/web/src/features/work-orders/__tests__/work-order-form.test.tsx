import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import { MemoryRouter } from 'react-router';
import { WORK_ORDER_LIMITS, type Language } from '@patrol/contracts';
import { messages } from '@patrol/contracts/plain';
import { configureApi, queryClient } from '@/shared/api';
import { antdLocale, i18n } from '@/shared/i18n';
import { WorkOrdersPage } from '../pages/work-orders-page';
import { draftDetail, envelope, liveRobots, personnel } from './fixtures';

type Sent = { url: string; method: string; body?: unknown };

/** Validation is asynchronous, field by field (one message may show before another), and the machine may be busy. */
const WAIT = { timeout: 8_000 };

/** A contract message of work orders in a language, with the contract's numbers in it. */
function contractText(language: Language, key: keyof (typeof messages)['en-US']['workOrders']): string {
  const params: Record<string, number> = {
    max:
      key === 'moduleNameTooLong'
        ? WORK_ORDER_LIMITS.moduleNameMax
        : key === 'quantityInvalid'
          ? WORK_ORDER_LIMITS.quantityMax
          : WORK_ORDER_LIMITS.descriptionMax,
    min: WORK_ORDER_LIMITS.descriptionMin,
  };
  return messages[language].workOrders[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
}

const CASES: { language: Language; create: RegExp; ok: RegExp; addItem: RegExp; labels: Record<string, string> }[] = [
  {
    language: 'en-US',
    create: /New work order/,
    ok: /^OK$/,
    addItem: /Add an item/,
    labels: { description: 'Description', moduleName: 'Module name', quantity: 'Quantity', amount: 'Amount' },
  },
  {
    language: 'zh-CN',
    create: /新建工单/,
    ok: /^确\s*定$/,
    addItem: /添加明细/,
    labels: { description: '问题描述', moduleName: '模块名称', quantity: '数量', amount: '金额' },
  },
];

describe('work order form', { timeout: 180_000 }, () => {
  const fetchMock = vi.fn();
  const sent: Sent[] = [];
  beforeEach(() => {
    queryClient.clear();
    sent.length = 0;
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      sent.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes('monitor/live')) return envelope(liveRobots);
      if (url.includes('repair/page')) return envelope({ rows: [], total: 0 });
      if (url.includes('repair/personnel')) return envelope(personnel);
      if (url.includes('repair/create')) return envelope(draftDetail);
      return envelope(null);
    });
    vi.stubGlobal('fetch', fetchMock);
    configureApi({ showError: vi.fn(), showStateError: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  for (const { language, create, ok, addItem, labels } of CASES) {
    it(`shows the contract's message under each invalid field, in ${language}, and sends nothing`, async () => {
      await i18n.changeLanguage(language);
      render(
        <QueryClientProvider client={queryClient}>
          <ConfigProvider locale={antdLocale(language)}>
            <App>
              <MemoryRouter>
                <WorkOrdersPage />
              </MemoryRouter>
            </App>
          </ConfigProvider>
        </QueryClientProvider>,
      );
      fireEvent.click(await screen.findByRole('button', { name: create }, { timeout: 20_000 }));
      const dialog = await screen.findByRole('dialog');
      const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: ok }));

      // Missing required fields.
      submit();
      expect(await within(dialog).findByText(contractText(language, 'robotRequired'), undefined, WAIT)).toBeTruthy();
      expect(await within(dialog).findByText(contractText(language, 'deadlineRequired'), undefined, WAIT)).toBeTruthy();
      expect(
        await within(dialog).findByText(contractText(language, 'descriptionRequired'), undefined, WAIT),
      ).toBeTruthy();

      // A description too short.
      fireEvent.change(within(dialog).getByLabelText(labels.description!), { target: { value: 'Too short' } });
      expect(
        await within(dialog).findByText(contractText(language, 'descriptionLength'), undefined, WAIT),
      ).toBeTruthy();

      // A detail item: module name too long, quantity 0, an amount with three decimals.
      fireEvent.click(within(dialog).getByRole('button', { name: addItem }));
      const item = await within(dialog).findByTestId('work-order-item-1');
      fireEvent.change(within(item).getByLabelText(labels.moduleName!), {
        target: { value: 'M'.repeat(WORK_ORDER_LIMITS.moduleNameMax + 1) },
      });
      fireEvent.change(within(item).getByLabelText(labels.quantity!), { target: { value: '0' } });
      fireEvent.change(within(item).getByLabelText(labels.amount!), { target: { value: '1.234' } });
      submit();
      expect(await within(item).findByText(contractText(language, 'moduleNameTooLong'), undefined, WAIT)).toBeTruthy();
      expect(await within(item).findByText(contractText(language, 'quantityInvalid'), undefined, WAIT)).toBeTruthy();
      expect(await within(item).findByText(contractText(language, 'amountInvalid'), undefined, WAIT)).toBeTruthy();

      // Not a number at all, and an empty module name.
      fireEvent.change(within(item).getByLabelText(labels.amount!), { target: { value: 'abc' } });
      fireEvent.change(within(item).getByLabelText(labels.moduleName!), { target: { value: '' } });
      submit();
      expect(await within(item).findByText(contractText(language, 'moduleNameRequired'), undefined, WAIT)).toBeTruthy();
      expect(await within(item).findByText(contractText(language, 'amountInvalid'), undefined, WAIT)).toBeTruthy();

      expect(sent.filter((s) => s.method === 'POST')).toEqual([]);
    });
  }

  it('creates an order: the robot, the deadline as an ISO instant, the personnel and the amount as typed', async () => {
    await i18n.changeLanguage('en-US');
    render(
      <QueryClientProvider client={queryClient}>
        <App>
          <MemoryRouter>
            <WorkOrdersPage />
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /New work order/ }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog');
    const choose = async (label: string, option: string) => {
      fireEvent.mouseDown(within(dialog).getByLabelText(label));
      fireEvent.click(await screen.findByTitle(option, undefined, WAIT));
    };
    await choose('Robot', 'Gate (SIM-0003)');
    await choose('Maintenance personnel', 'Li Na (lina)');
    const deadline = within(dialog).getByLabelText('Deadline');
    fireEvent.mouseDown(deadline);
    fireEvent.focus(deadline);
    fireEvent.change(deadline, { target: { value: '2026-12-01 10:00:00' } });
    fireEvent.keyDown(deadline, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.change(within(dialog).getByLabelText('Description'), {
      target: { value: 'The front lidar gives no echo after rain.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /Add an item/ }));
    const item = await within(dialog).findByTestId('work-order-item-1');
    fireEvent.change(within(item).getByLabelText('Module name'), { target: { value: 'Lidar' } });
    fireEvent.change(within(item).getByLabelText('Amount'), { target: { value: '99.9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^OK$/ }));
    await waitFor(() => expect(sent.filter((s) => s.url.includes('repair/create'))).toHaveLength(1), WAIT);
    const body = sent.find((s) => s.url.includes('repair/create'))!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      type: 'repair',
      robotId: 3,
      equipmentStatus: 'normal',
      urgency: 'normal',
      assigneeId: 10,
      faultTime: null,
      description: 'The front lidar gives no echo after rain.',
      items: [{ moduleName: 'Lidar', maintenanceType: 'replace', quantity: 1, amount: '99.9', remark: '' }],
    });
    expect(body.deadline).toBe(new Date(2026, 11, 1, 10, 0, 0).toISOString());
  });
});
