import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { MENU_TREE, type HomeData, type Language, type MenuNode, type MenuSeed } from '@patrol/contracts';
import { PlaceholderPage } from '@/features/placeholder/pages/placeholder-page';
import { configureApi, homeDataKey, queryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { StandalonePage } from './standalone-page';
import { WindowLayout } from './window-layout';

/** The seeded menu as the server gives it in one language. */
function menuIn(language: Language): MenuNode[] {
  let id = 0;
  const node = (seed: MenuSeed): MenuNode => ({
    menuId: ++id,
    name: seed.name,
    title: seed.titles[language],
    icon: seed.icon ?? null,
    path: seed.path,
    showFlag: seed.showFlag ?? 1,
    children: (seed.children ?? []).map(node),
  });
  return MENU_TREE.map(node);
}

const home = (language: Language): HomeData => ({
  menu: menuIn(language),
  loginUser: {
    userId: 1,
    account: 'admin',
    username: 'Admin',
    tenantId: 1,
    tenantName: '平台租户',
    tenantCode: 'platform',
    platformAdmin: true,
    roles: [],
  },
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: 'workVision',
        element: <WindowLayout section="workVision" />,
        children: [{ path: 'workData', handle: { name: 'workData' }, element: <PlaceholderPage name="workData" /> }],
      },
      { path: 'lol', handle: { name: 'lol' }, element: <StandalonePage name="lol" page={PlaceholderPage} /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
}

describe('pages outside the shell name themselves', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    queryClient.clear();
    // The menu is already here in both languages: nothing is fetched.
    for (const language of ['en-US', 'zh-CN'] as const) queryClient.setQueryData(homeDataKey(language), home(language));
    vi.stubGlobal('fetch', vi.fn());
    configureApi({ showError: vi.fn(), showStateError: vi.fn() });
    document.title = '';
  });

  it('a window page: its menu title as its one h1, and in the tab with its window, in the current language', async () => {
    renderAt('/workVision/workData');
    expect(await screen.findByRole('heading', { level: 1, name: 'Work Data' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Work Data – Work View – Robot Management and Control Platform');
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(await screen.findByRole('heading', { level: 1, name: '作业数据' })).toBeTruthy();
    expect(document.title).toBe('作业数据 – 作业视窗 – 机器人管控平台');
  });

  it('a standalone page: its own title as its one h1 and in the tab', async () => {
    renderAt('/lol');
    expect(await screen.findByRole('heading', { level: 1, name: 'Live Video' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Live Video – Robot Management and Control Platform');
  });
});
