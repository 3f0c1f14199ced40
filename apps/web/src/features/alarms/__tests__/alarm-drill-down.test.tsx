import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import dayjs from 'dayjs';
import { MemoryRouter } from 'react-router';
import { configureApi, queryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { AlarmHandlingPage, alarmValuesFromQuery } from '../pages/alarm-handling-page';
import { gunRow, ok } from './fixtures';

describe('alarm records opened from the alarm portrait', () => {
  const fetchMock = vi.fn();
  const urls: string[] = [];
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    queryClient.clear();
    urls.length = 0;
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      urls.push(url);
      if (url.includes('monitor/live')) return ok([]);
      if (url.includes('alarm/page')) return ok({ rows: [gunRow], total: 1 });
      return ok(null);
    });
    vi.stubGlobal('fetch', fetchMock);
    configureApi({ showError: vi.fn(), showStateError: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  const lastList = () =>
    Object.fromEntries(
      new URL(urls.filter((u) => u.includes('alarm/page')).at(-1)!, 'http://console.test').searchParams,
    );

  it('lists with the robot, kind and days of its address, shows them in the search bar, and Reset clears them', async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <App>
          <MemoryRouter initialEntries={['/data/alarmHandling?robotId=3&kind=gun&from=2026-11-01&to=2026-11-28']}>
            <AlarmHandlingPage />
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
    await waitFor(() =>
      expect(lastList()).toMatchObject({
        robotId: '3',
        kind: 'gun',
        startTime: dayjs('2026-11-01').startOf('day').toISOString(),
        endTime: dayjs('2026-11-28').endOf('day').toISOString(),
      }),
    );
    expect(await screen.findByTitle('Net-gun alarm')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Reset/ }));
    await waitFor(() => expect(lastList().kind).toBeUndefined());
    expect(lastList().robotId).toBeUndefined();
  });

  it('leaves out what is not valid', () => {
    expect(alarmValuesFromQuery(new URLSearchParams('robotId=x&kind=fire&from=2026-13-45'))).toEqual({});
  });
});
