import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { configureApi, queryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { TrendPointPage } from '../pages/trend-point-page';

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, message: 'success', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

describe('point cloud page', { timeout: 60_000 }, () => {
  const fetchMock = vi.fn();
  beforeEach(async () => {
    queryClient.clear();
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('point-cloud/page')) return envelope({ rows: [], total: 0 });
      if (url.includes('monitor/live')) return envelope([]);
      return envelope(null);
    });
    vi.stubGlobal('fetch', fetchMock);
    configureApi({ showError: vi.fn(), showStateError: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderPage = () =>
    render(
      <QueryClientProvider client={queryClient}>
        <App>
          <MemoryRouter initialEntries={['/trendVision/trendPoint']}>
            <TrendPointPage />
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );

  it.each([
    ['en-US', 'No point clouds yet. Robots upload their scans here.', 'Choose a scan on the left to show it in 3D.'],
    ['zh-CN', '暂无点云。机器人上传的扫描会显示在这里。', '在左侧选择一个扫描以三维显示。'],
    ['zh-TW', '尚無點雲。機器人上傳的掃描會顯示在這裡。', '在左側選擇一個掃描以立體顯示。'],
  ])('says in %s that there is no cloud yet, and draws nothing', async (lang, empty, choose) => {
    await i18n.changeLanguage(lang);
    renderPage();
    expect(await screen.findByText(empty)).toBeTruthy();
    expect(screen.getByText(choose)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByTestId('point-cloud-viewer')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/file'))).toBe(false);
  });
});
