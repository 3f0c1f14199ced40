import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { UserRoleOption, UserRow } from '@patrol/contracts';
import { configureApi, queryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { UserFormModal } from '../components/user-form-modal';

// jsdom has no ResizeObserver; antd's selects measure themselves with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const OPTIONS: UserRoleOption[] = [
  { roleId: 2, roleName: 'Tenant administrators', roleCode: 'boss', assignable: false },
  { roleId: 3, roleName: 'Inspectors', roleCode: 'inspector', assignable: true },
  { roleId: 4, roleName: 'Supervisors', roleCode: 'supervisor', assignable: false },
];

const USER: UserRow = {
  userId: 9,
  account: 'ops',
  username: 'Operator',
  nickname: null,
  idNumber: null,
  gender: null,
  birthday: null,
  height: null,
  age: null,
  phone: null,
  email: null,
  userType: 1,
  status: 1,
  roles: [
    { roleId: 2, roleName: 'Tenant administrators', roleCode: 'boss' },
    { roleId: 3, roleName: 'Inspectors', roleCode: 'inspector' },
  ],
  lastLoginTime: null,
  createTime: '2026-11-24T00:00:00.000Z',
};

describe('user form roles', () => {
  const fetchMock = vi.fn();
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    queryClient.clear();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    fetchMock.mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ code: 200, message: 'ok', data: OPTIONS }), { status: 200 })),
    );
    configureApi({ showError: vi.fn(), showStateError: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows roles the caller may not give or take, but offers and lets it remove only the others', async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <App>
          <UserFormModal
            dialog={{
              open: true,
              record: USER,
              context: undefined,
              editing: true,
              openCreate: vi.fn(),
              openEdit: vi.fn(),
              close: vi.fn(),
            }}
            onSaved={vi.fn()}
          />
        </App>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const held = await screen.findByText('Tenant administrators');
    const tag = held.closest('.ant-select-selection-item');
    expect(tag).toBeTruthy();
    // A held role the caller may not take away has no remove button; one it may take has.
    expect(tag!.querySelector('.ant-select-selection-item-remove')).toBeNull();
    const inspector = screen.getByText('Inspectors').closest('.ant-select-selection-item');
    expect(inspector!.querySelector('.ant-select-selection-item-remove')).not.toBeNull();

    fireEvent.mouseDown(within(tag!.closest('.ant-select') as HTMLElement).getByRole('combobox'));
    const offered = await screen.findByTitle('Supervisors');
    expect(offered.closest('.ant-select-item-option')!.className).toContain('ant-select-item-option-disabled');
    const given = screen.getAllByTitle('Inspectors').find((e) => e.closest('.ant-select-item-option'))!;
    expect(given.closest('.ant-select-item-option')!.className).not.toContain('ant-select-item-option-disabled');
  });
});
