import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import type { VideoLayout, VideoRobot } from '@patrol/contracts';
import { configureApi, createQueryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { VideoPanelPage } from '../pages/video-panel-page';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const robots: VideoRobot[] = [
  {
    robotId: 7,
    robotName: 'Gate robot',
    serialNumber: 'SN-7',
    online: true,
    cameras: [
      { id: 'front', name: 'Front' },
      { id: 'rear', name: 'Rear' },
    ],
  },
];

const envelope = (data: unknown, code = 200, message = 'success') =>
  new Response(JSON.stringify({ code, message, data }), { headers: { 'content-type': 'application/json' } });

/** A drag's data, as the browser carries it from the camera to the tile. */
function dataTransfer() {
  const data = new Map<string, string>();
  return {
    setData: (type: string, value: string) => data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    effectAllowed: 'all',
    dropEffect: 'none',
  };
}

describe('the video monitoring panel', () => {
  const fetchMock = vi.fn();
  const saved: VideoLayout[] = [];
  let layout: VideoLayout = { grid: 4, tiles: [] };

  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    saved.length = 0;
    layout = { grid: 4, tiles: [] };
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/video/cameras')) return envelope(robots);
      if (url.startsWith('/api/video/layout') && init?.method === 'POST') {
        saved.push(JSON.parse(String(init.body)) as VideoLayout);
        return envelope(null);
      }
      if (url.startsWith('/api/video/layout')) return envelope(layout);
      // The tenant has no streaming address: the tile says so.
      if (url.startsWith('/api/video/live')) return envelope(null, 409, 'No streaming address is configured');
      return envelope(null, 404, 'Not found');
    });
    configureApi({ showError: vi.fn(), showStateError: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  function renderPanel() {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <App>
          <MemoryRouter>
            <VideoPanelPage />
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
  }

  it('shows a camera dragged onto a tile, remembers the layout, and says why it does not play', async () => {
    renderPanel();
    const camera = await screen.findByRole('button', { name: 'Show Gate robot Rear in the selected tile' });
    const tile = await screen.findByTestId('video-tile-2');
    const drag = dataTransfer();
    fireEvent.dragStart(camera, { dataTransfer: drag });
    fireEvent.dragOver(tile, { dataTransfer: drag });
    fireEvent.drop(tile, { dataTransfer: drag });
    expect(tile.getAttribute('aria-label')).toBe('Tile 3: Gate robot Rear');
    expect(await within(tile).findByText('No streaming address is configured')).toBeTruthy();
    expect(await within(tile).findByText('Error')).toBeTruthy();
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 3000 });
    expect(saved[0]).toEqual({ grid: 4, tiles: [null, null, { robotId: 7, camera: 'rear' }, null] });
  });

  it('puts a chosen camera in the selected tile, maximises on a double-click and keeps tiles across grids', async () => {
    layout = { grid: 4, tiles: [{ robotId: 7, camera: 'front' }] };
    renderPanel();
    const second = await screen.findByTestId('video-tile-1');
    fireEvent.click(second);
    expect(second.getAttribute('data-selected')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Show Gate robot Rear in the selected tile' }));
    expect(second.getAttribute('aria-label')).toBe('Tile 2: Gate robot Rear');
    expect(screen.getByTestId('video-tile-0').getAttribute('aria-label')).toBe('Tile 1: Gate robot Front');

    fireEvent.doubleClick(second);
    expect(screen.queryByTestId('video-tile-0')).toBeNull();
    expect(screen.getByTestId('video-tile-1').getAttribute('data-maximised')).toBe('true');
    fireEvent.doubleClick(screen.getByTestId('video-tile-1'));
    expect(screen.getByTestId('video-tile-0')).toBeTruthy();

    fireEvent.click(screen.getByText('Grid of 9'));
    expect(screen.getByTestId('video-grid-tiles').getAttribute('data-grid')).toBe('9');
    expect(screen.getByTestId('video-tile-8')).toBeTruthy();
    expect(screen.getByTestId('video-tile-1').getAttribute('aria-label')).toBe('Tile 2: Gate robot Rear');
    await waitFor(() => expect(saved.at(-1)?.grid).toBe(9), { timeout: 3000 });
    expect(saved.at(-1)?.tiles.slice(0, 2)).toEqual([
      { robotId: 7, camera: 'front' },
      { robotId: 7, camera: 'rear' },
    ]);
  });
});
