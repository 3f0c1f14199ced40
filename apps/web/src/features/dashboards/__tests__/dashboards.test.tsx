import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import type { RobotLive } from '@patrol/contracts';
import { configureApi, homeDataKey, queryClient } from '@/shared/api';
import { fleetKey } from '@/shared/fleet';
import { i18n } from '@/shared/i18n';
import { OverviewFigures } from '../components/overview-figures';
import { TrendHensivePage } from '../pages/trend-hensive-page';
import { envelope, home, overview, robot, trends } from './fixtures';

describe('dashboards', () => {
  const fetchMock = vi.fn();
  const urls: string[] = [];
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    queryClient.clear();
    queryClient.setQueryData(homeDataKey('en-US'), home);
    urls.length = 0;
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      urls.push(url);
      if (url.includes('monitor/live'))
        return envelope([robot(1, true), robot(2, true, { charging: true }), robot(3, false, { repair: true })]);
      if (url.includes('dashboards/overview')) return envelope(overview);
      if (url.includes('dashboards/trends')) return envelope(trends);
      return envelope(null);
    });
    vi.stubGlobal('fetch', fetchMock);
    configureApi({ showError: vi.fn(), showStateError: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderIn = (children: React.ReactNode) =>
    render(
      <QueryClientProvider client={queryClient}>
        <App>
          <MemoryRouter>{children}</MemoryRouter>
        </App>
      </QueryClientProvider>,
    );

  it("counts the robots from the live fleet, follows its pushes, and shows the server's other figures", async () => {
    renderIn(<OverviewFigures />);
    const online = await screen.findByTestId('figure-online');
    await waitFor(() => expect(online.textContent).toBe('2'));
    expect(screen.getByTestId('figure-offline').textContent).toBe('1');
    expect(screen.getByTestId('figure-charging').textContent).toBe('1');
    expect(screen.getByTestId('figure-stopped').textContent).toBe('1');
    expect(screen.getByTestId('figure-total').textContent).toBe('3');
    await waitFor(() => expect(screen.getByTestId('figure-running').textContent).toBe('2'));
    expect(screen.getByTestId('figure-alarms-today').textContent).toBe('5');
    expect(screen.getByTestId('figure-orders-overdue').textContent).toBe('2');
    // Words beside each figure, in a description list.
    const robots = screen.getByRole('region', { name: 'Robots' });
    expect(within(robots).getByText('Online')).toBeTruthy();

    // A push (as FleetSync writes it): the third robot comes online, its repair done.
    act(() => {
      queryClient.setQueryData<RobotLive[]>(fleetKey(1), [
        robot(1, true),
        robot(2, true, { charging: true }),
        robot(3, true),
      ]);
    });
    await waitFor(() => expect(screen.getByTestId('figure-online').textContent).toBe('3'));
    expect(screen.getByTestId('figure-offline').textContent).toBe('0');
    expect(screen.getByTestId('figure-stopped').textContent).toBe('0');
    // A robot that came online or left repair may change the runs and orders: the overview is read again.
    const overviewCalls = () => urls.filter((u) => u.includes('dashboards/overview')).length;
    await waitFor(() => expect(overviewCalls()).toBe(2), { timeout: 3000 });
    // A push that changes only readings (the same modes and flags) does not.
    act(() => {
      queryClient.setQueryData<RobotLive[]>(fleetKey(1), [
        { ...robot(1, true), state: { ...robot(1, true).state!, battery: 10 } },
        robot(2, true, { charging: true }),
        robot(3, true),
      ]);
    });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(overviewCalls()).toBe(2);
  });

  it('draws the trends of the last 30 days from the answer, with a text for each chart and its empty state', async () => {
    renderIn(<TrendHensivePage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Trends' })).toBeTruthy();
    const alarms = await screen.findByRole('figure', { name: 'Alarms per day by kind' });
    await waitFor(() =>
      expect(within(alarms).getByText(/Net-gun alarm: 5 in total, most on 2026-11-27 \(3\)\./)).toBeTruthy(),
    );
    expect(within(alarms).getByText(/Sentiment alarm: 1 in total/)).toBeTruthy();
    const runs = screen.getByRole('figure', { name: 'Task runs per day' });
    expect(within(runs).getByText('No runs in this period')).toBeTruthy();
    const distance = screen.getByRole('figure', { name: 'Distance patrolled per day (km)' });
    expect(within(distance).getByText(/Distance \(km\): 12\.5 km in total/)).toBeTruthy();
    const uptime = screen.getByRole('figure', { name: 'Uptime per robot (%)' });
    expect(within(uptime).getByText(/Robot 2: 75\.5%/)).toBeTruthy();

    // The first read names no range: the server answers the tenant's last days up to the tenant's
    // today, which the browser's clock may not share, and the picker shows the days answered.
    const asked = new URL(urls.find((u) => u.includes('dashboards/trends'))!, 'http://console.test');
    expect(asked.searchParams.has('from')).toBe(false);
    expect(asked.searchParams.has('to')).toBe(false);
    await waitFor(() =>
      expect(
        [...document.querySelectorAll<HTMLInputElement>('.ant-picker-range input')].map((input) => input.value),
      ).toEqual(['2026-11-26', '2026-11-28']),
    );
  });
});
