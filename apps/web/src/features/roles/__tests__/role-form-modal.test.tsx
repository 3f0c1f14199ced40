import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { RoleRow } from '@patrol/contracts';
import { configureApi, queryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { RoleFormModal } from '../components/role-form-modal';

function renderModal(role: RoleRow | null, onClose = vi.fn(), onSaved = vi.fn()) {
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <RoleFormModal
          dialog={{
            open: true,
            record: role,
            context: undefined,
            editing: !!role,
            openCreate: vi.fn(),
            openEdit: vi.fn(),
            close: onClose,
          }}
          onSaved={onSaved}
        />
      </App>
    </QueryClientProvider>,
  );
  return { onClose, onSaved };
}

// jsdom has no ResizeObserver; antd's tabs, tree and text areas measure themselves with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('role form', () => {
  const fetchMock = vi.fn();
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    configureApi({ showError: vi.fn(), showStateError: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the contract rules in the current language and sends nothing', async () => {
    renderModal(null);
    fill('Role code', '9lives');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Please enter the role name')).toBeTruthy();
    expect(
      await screen.findByText('Role codes start with a letter and hold letters, digits, _ and - only'),
    ).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a taken code under its field and stays open', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          code: 409,
          message: 'This role code is already taken',
          data: null,
          errors: [{ path: 'roleCode', message: 'This role code is already taken' }],
        }),
        { status: 409 },
      ),
    );
    const { onClose } = renderModal(null);
    fill('Role name', 'Night watch');
    fill('Role code', 'night');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('This role code is already taken')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toEqual({
      roleName: 'Night watch',
      roleCode: 'night',
    });
  });

  it("edits a role, keeping the platform administrators' code fixed", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ code: 200, message: 'ok', data: null })));
    const admin: RoleRow = {
      roleId: 1,
      roleName: 'Administrators',
      roleCode: 'admin',
      remark: null,
      status: 1,
      userCount: 1,
      readOnly: true,
      createTime: '2026-11-22T10:00:00.000Z',
    };
    const { onClose, onSaved } = renderModal(admin);
    expect((screen.getByLabelText('Role code') as HTMLInputElement).disabled).toBe(true);
    fill('Role name', 'Platform administrators');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSaved).toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/system-server/role/update');
    expect(JSON.parse(String(init.body))).toEqual({
      roleId: 1,
      roleName: 'Platform administrators',
      roleCode: 'admin',
      remark: '',
    });
  });
});
