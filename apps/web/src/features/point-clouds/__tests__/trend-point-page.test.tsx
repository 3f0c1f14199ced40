import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { configureApi, queryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { TrendPointPage } from '../pages/trend-point-page';

const row = (pointCloudId: number, points: number) => ({
  pointCloudId,
  robotId: 7,
  robotName: 'Yard robot',
  serialNumber: 'YR-1',
  uploadId: `u-${pointCloudId}`,
  name: `scan-${pointCloudId}.pcd`,
  format: 'pcd',
  sizeBytes: 2048,
  points,
  fields: ['intensity'],
  capturedAt: '2026-11-20T08:00:00.000Z',
  receivedAt: '2026-11-20T08:00:01.000Z',
});

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, message: 'success', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

describe('point cloud page', { timeout: 60_000 }, () => {
  const fetchMock = vi.fn();
  let rows: unknown[] = [];
  beforeEach(async () => {
    queryClient.clear();
    rows = [];
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('point-cloud/page')) return envelope({ rows, total: rows.length });
      if (url.endsWith('/file')) return new Response('this is not a point cloud', { status: 200 });
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

  it.each([
    ['en-US', 'The point cloud file cannot be read: it is damaged or not PCD or PLY.'],
    ['zh-CN', '无法读取点云文件：文件已损坏或不是 PCD、PLY 格式。'],
    ['zh-TW', '無法讀取點雲檔案：檔案已損壞或不是 PCD、PLY 格式。'],
  ])('says in %s that a file it cannot read is unreadable', async (lang, unreadable) => {
    await i18n.changeLanguage(lang);
    rows = [row(1, 100)];
    renderPage();
    expect(await screen.findByText(unreadable)).toBeTruthy();
    expect(screen.queryByTestId('point-cloud-viewer')).toBeNull();
  });

  it.each([
    ['en-US', 'This point cloud has 3,000,000 points, more than the 2,000,000 the viewer shows.'],
    ['zh-CN', '此点云有 3,000,000 个点，超过查看器可显示的 2,000,000 个。'],
    ['zh-TW', '此點雲有 3,000,000 個點，超過檢視器可顯示的 2,000,000 個。'],
  ])('says in %s that a cloud too big to show is too big, without downloading it', async (lang, tooBig) => {
    await i18n.changeLanguage(lang);
    rows = [row(2, 3_000_000)];
    renderPage();
    expect(await screen.findByText(tooBig)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/file'))).toBe(false);
  });
});
