import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import type { DashboardMine, HomeData } from '@patrol/contracts';
import { configureApi, homeDataKey, queryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { HomePage } from '../pages/home-page';

const node = (menuId: number, name: string, title: string, path: string, children: HomeData['menu'] = []) => ({
  menuId,
  name,
  title,
  icon: null,
  path,
  showFlag: 1 as const,
  children,
});

const home: HomeData = {
  menu: [
    node(1, 'data', 'Data', '/data', [node(2, 'alarmHandling', 'Alarm Handling Records', 'alarmHandling')]),
    node(3, 'robot', 'Robots', '/robot', [node(4, 'repair', 'Maintenance', 'repair')]),
    {
      ...node(5, 'workVision', 'Work View', '/workVision', [node(6, 'workHensive', 'Overview', 'workHensive')]),
      showFlag: 0,
    },
  ],
  loginUser: {
    userId: 1,
    account: 'admin',
    username: 'Admin',
    tenantId: 1,
    tenantName: 'Platform',
    tenantCode: 'platform',
    platformAdmin: false,
    roles: [{ roleId: 1, roleName: 'Operators', roleCode: 'operators' }],
  },
};

const mine: DashboardMine = {
  alarms: {
    total: 7,
    rows: [
      {
        alarmId: 41,
        kind: 'gun',
        robotId: 3,
        robotName: 'Gate robot',
        msg: 'Intruder at the north gate',
        reportedAt: '2026-11-28T08:00:00.000Z',
        status: 'disposing',
      },
    ],
  },
  workOrders: {
    total: 1,
    rows: [
      {
        workOrderId: 9,
        number: 'WO20261128-0009',
        status: 'pending',
        urgency: 'urgent',
        robotName: 'Gate robot',
        deadline: '2026-11-27T08:00:00.000Z',
        overdue: true,
      },
    ],
  },
};

describe('home page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    queryClient.clear();
    queryClient.setQueryData(homeDataKey('en-US'), home);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('dashboards/mine')
          ? new Response(JSON.stringify({ code: 200, message: 'success', data: mine }), { status: 200 })
          : new Response(JSON.stringify({ code: 200, message: 'success', data: null }), { status: 200 }),
      ),
    );
    configureApi({ showError: vi.fn(), showStateError: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows who is signed in, the fleet at a glance, the open alarms and the user's work orders with links", async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <App>
          <MemoryRouter>
            <HomePage overview={({ compact }) => <p>{compact ? 'compact fleet' : 'fleet'}</p>} />
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Hello, Admin' })).toBeTruthy();
    expect(screen.getByText('compact fleet')).toBeTruthy();
    const alarms = screen.getByTestId('home-alarms');
    const alarm = await within(alarms).findByRole('link', { name: 'Gate robot · Net-gun alarm' });
    expect(alarm.getAttribute('href')).toBe('/data/alarmHandling?alarmId=41');
    expect(within(alarms).getByText('7')).toBeTruthy();
    const orders = screen.getByTestId('home-work-orders');
    const order = within(orders).getByRole('link', { name: 'WO20261128-0009 · Gate robot' });
    expect(order.getAttribute('href')).toBe('/robot/repair?workOrderId=9');
    expect(within(orders).getByText('Overdue')).toBeTruthy();
    expect(within(orders).getByText('Urgent')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Data/ }).getAttribute('href')).toBe('/data/alarmHandling');
  });
});
