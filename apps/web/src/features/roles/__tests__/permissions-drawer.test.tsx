import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { MenuNode, RoleGrants, RoleRow } from '@patrol/contracts';
import { configureApi, queryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { PermissionsDrawer } from '../components/permissions-drawer';

// jsdom has no ResizeObserver; antd's tabs, tree and text areas measure themselves with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const node = (menuId: number, title: string, children: MenuNode[] = []): MenuNode => ({
  menuId,
  name: `m${menuId}`,
  title,
  icon: null,
  path: `m${menuId}`,
  showFlag: 1,
  children,
});

const role: RoleRow = {
  roleId: 7,
  roleName: 'Night watch',
  roleCode: 'night',
  remark: null,
  status: 1,
  userCount: 0,
  readOnly: false,
  createTime: '2026-11-22T10:00:00.000Z',
};

const grants = (overrides: Partial<RoleGrants> = {}): RoleGrants => ({
  menus: [node(1, 'Data', [node(2, 'Real-time Monitoring'), node(3, 'Video Monitoring')]), node(4, 'Logs')],
  resources: [
    { resourceId: 11, method: 'POST', route: '/api/notice-server/notice/publish', description: 'Publish a notice' },
    { resourceId: 12, method: 'GET', route: '/api/system-server/role/page', description: 'List roles' },
  ],
  menuIds: [4, 99],
  resourceIds: [12],
  readOnly: false,
  ...overrides,
});

const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, message: 'ok', data }));

function renderDrawer(onClose = vi.fn(), row: RoleRow = role) {
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <PermissionsDrawer role={row} onClose={onClose} />
      </App>
    </QueryClientProvider>,
  );
  return onClose;
}

const checkboxOf = (title: string) =>
  screen.getByTitle(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;

describe('permissions drawer', () => {
  const fetchMock = vi.fn();
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    queryClient.clear();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    configureApi({ showError: vi.fn(), showStateError: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the checked pages with their group, kept hidden grants and the chosen resources', async () => {
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(url.includes('/role/grants') ? ok(grants()) : ok(null)),
    );
    const onClose = renderDrawer();
    expect(await screen.findByText('Permissions: Night watch')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/system-server/role/grants?roleId=7');

    await screen.findByTitle('Real-time Monitoring');
    // The granted page outside the tree (99) is not counted; its grant is kept.
    expect(screen.getByRole('tab', { name: 'Menus (1)' })).toBeTruthy();
    fireEvent.click(checkboxOf('Real-time Monitoring'));
    expect(screen.getByRole('tab', { name: 'Menus (3)' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Resources (1)' }));
    fireEvent.change(screen.getByLabelText('Filter by route or description'), { target: { value: 'publish' } });
    const rows = await screen.findAllByRole('row');
    const publish = rows.find((r) => r.textContent?.includes('/api/notice-server/notice/publish'))!;
    expect(rows.some((r) => r.textContent?.includes('/role/page'))).toBe(false);
    fireEvent.click(within(publish).getByRole('checkbox'));
    expect(screen.getByRole('tab', { name: 'Resources (2)' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/role/grant'))! as [string, RequestInit];
    expect(url).toBe('/api/system-server/role/grant');
    const body = JSON.parse(String(init.body)) as { roleId: number; menuIds: number[]; resourceIds: number[] };
    expect(body.roleId).toBe(7);
    expect(body.menuIds.sort((a, b) => a - b)).toEqual([1, 2, 4, 99]);
    expect(body.resourceIds.sort((a, b) => a - b)).toEqual([11, 12]);
  });

  it('checks every page of a group when the group is checked', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(ok(grants({ menuIds: [] }))));
    renderDrawer();
    await screen.findByTitle('Data');
    fireEvent.click(checkboxOf('Data'));
    expect(screen.getByRole('tab', { name: 'Menus (3)' })).toBeTruthy();
  });

  it("shows the platform administrators' role read-only", async () => {
    fetchMock.mockImplementation(() => Promise.resolve(ok(grants({ readOnly: true }))));
    renderDrawer(vi.fn(), { ...role, roleCode: 'admin', readOnly: true });
    expect(
      await screen.findByText(
        "The platform administrators' role always holds every menu and resource; it cannot be changed.",
      ),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(checkboxOf('Real-time Monitoring'));
    expect(screen.getByRole('tab', { name: 'Menus (1)' })).toBeTruthy();
  });
});
