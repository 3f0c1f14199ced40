import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { EMBEDDED_VIDEO_TEMPLATES, PASSWORD_POLICY, TEXT_MAX, type TenantRow } from '@patrol/contracts';
import { configureApi, queryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { sha256Hex } from '@/shared/sha256';
import { TenantFormModal } from '../components/tenant-form-modal';

const tenant: TenantRow = {
  tenantId: 5,
  tenantCode: 'east',
  tenantName: 'Campus east',
  status: 1,
  adminPhone: '13800000000',
  adminAccount: 'east-admin',
  adminName: 'Li Lei',
  adminEmail: 'east@example.com',
  remark: null,
  userCount: 1,
  platform: false,
  dashboard3d: false,
  timeZone: 'Asia/Shanghai',
  videoStreamUrl: 'http://media.example.com/live/{serial}/{camera}.flv?sign={token}',
  videoHistoryUrl: '',
  videoFileUrl: EMBEDDED_VIDEO_TEMPLATES.fileUrl,
  createTime: '2026-11-22T10:00:00.000Z',
};

function renderModal(row: TenantRow | null) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <TenantFormModal
          dialog={{
            open: true,
            record: row,
            context: undefined,
            editing: !!row,
            openCreate: vi.fn(),
            openEdit: vi.fn(),
            close: onClose,
          }}
          onSaved={onSaved}
        />
      </App>
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog'), onClose, onSaved };
}

const requiredLabels = (dialog: HTMLElement) =>
  Array.from(dialog.querySelectorAll('.ant-form-item-required')).map((label) => label.textContent);
const input = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
const fill = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(input(dialog, label), { target: { value } });

describe('tenant form', () => {
  const fetchMock = vi.fn();
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ code: 200, message: 'success', data: tenant })));
    configureApi({ showError: vi.fn(), showStateError: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("marks the contract's required fields and holds each input to the contract's length", () => {
    const { dialog } = renderModal(null);
    expect(requiredLabels(dialog)).toEqual([
      'Tenant code',
      'Tenant name',
      'Admin account',
      'Admin name',
      'Admin phone',
      'Admin email',
      'Admin password',
      'Confirm password',
    ]);
    expect(input(dialog, 'Tenant code').maxLength).toBe(TEXT_MAX.tenantCode);
    expect(input(dialog, 'Tenant name').maxLength).toBe(TEXT_MAX.tenantName);
    expect(input(dialog, 'Admin account').maxLength).toBe(TEXT_MAX.account);
    expect(input(dialog, 'Admin name').maxLength).toBe(TEXT_MAX.tenantAdminName);
    expect(input(dialog, 'Admin phone').maxLength).toBe(TEXT_MAX.phone);
    expect(input(dialog, 'Admin email').maxLength).toBe(TEXT_MAX.email);
    expect(input(dialog, 'Admin password').maxLength).toBe(PASSWORD_POLICY.maxLength);
    expect(input(dialog, 'Remark').maxLength).toBe(TEXT_MAX.tenantRemark);
  });

  it("shows the contract's messages in the reader's language and sends nothing", async () => {
    await i18n.changeLanguage('zh-TW');
    const { dialog } = renderModal(null);
    fill(dialog, '備註', 'x'.repeat(TEXT_MAX.tenantRemark + 1));
    // antd's own texts follow the language through the console's providers, not rendered here.
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('請輸入租戶名稱')).toBeTruthy();
    expect(await within(dialog).findByText(`備註不能超過 ${TEXT_MAX.tenantRemark} 個字元`)).toBeTruthy();
    expect(await within(dialog).findByText('請輸入管理員姓名')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the new tenant as the contract reads it, the password as its digest', async () => {
    const { dialog, onClose, onSaved } = renderModal(null);
    fill(dialog, 'Tenant code', 'east');
    fill(dialog, 'Tenant name', 'Campus east');
    fill(dialog, 'Admin account', 'east-admin');
    fill(dialog, 'Admin name', 'Li Lei');
    fill(dialog, 'Admin phone', '13800000000');
    fill(dialog, 'Admin email', 'east@example.com');
    fill(dialog, 'Admin password', 'Patrol-2468');
    fill(dialog, 'Confirm password', 'Patrol-2468');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSaved).toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/system-server/tenant/create');
    expect(JSON.parse(String(init.body))).toEqual({
      tenantCode: 'east',
      tenantName: 'Campus east',
      adminPhone: '13800000000',
      adminAccount: 'east-admin',
      adminName: 'Li Lei',
      adminEmail: 'east@example.com',
      adminPassword: sha256Hex('Patrol-2468'),
      remark: '',
      timeZone: 'Asia/Shanghai',
      // A new tenant starts with the embedded media routes.
      videoStreamUrl: EMBEDDED_VIDEO_TEMPLATES.streamUrl,
      videoHistoryUrl: EMBEDDED_VIDEO_TEMPLATES.historyUrl,
      videoFileUrl: EMBEDDED_VIDEO_TEMPLATES.fileUrl,
      // The 3D dashboard is off until a platform administrator turns it on.
      dashboard3d: false,
    });
  });

  it('edits the name and contacts; the code and account stay as created', async () => {
    const { dialog, onClose } = renderModal(tenant);
    expect(input(dialog, 'Tenant code').disabled).toBe(true);
    expect(input(dialog, 'Admin account').disabled).toBe(true);
    expect(requiredLabels(dialog)).toEqual(['Tenant name', 'Admin name', 'Admin phone', 'Admin email']);
    fill(dialog, 'Tenant name', 'Campus east two');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/system-server/tenant/update');
    expect(JSON.parse(String(init.body))).toEqual({
      tenantId: 5,
      tenantName: 'Campus east two',
      adminPhone: '13800000000',
      adminName: 'Li Lei',
      adminEmail: 'east@example.com',
      remark: '',
      timeZone: 'Asia/Shanghai',
      videoStreamUrl: 'http://media.example.com/live/{serial}/{camera}.flv?sign={token}',
      videoHistoryUrl: '',
      videoFileUrl: EMBEDDED_VIDEO_TEMPLATES.fileUrl,
      dashboard3d: false,
    });
  });

  it("turns the tenant's 3D dashboard on from its switch", async () => {
    const { dialog, onClose } = renderModal(tenant);
    const toggle = within(dialog).getByRole('switch', { name: '3D dashboard' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ tenantId: 5, dashboard3d: true });
  });

  it("holds the video URL templates to the contract's rule, and an empty one means not configured", async () => {
    const { dialog, onClose } = renderModal(tenant);
    // No {token}: the stream could not be opened by the signed play token.
    fill(dialog, 'Streaming address (live)', 'http://media.example.com/live/{serial}.flv');
    // An unknown placeholder.
    fill(dialog, 'File access address (clip download)', '/files/{serial}/{day}?t={token}');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    const rule =
      'The address must be an http(s)/ws(s) URL or a path from /, name {serial} and {token}, and use only known placeholders';
    await waitFor(() => expect(within(dialog).getAllByText(rule)).toHaveLength(2));
    expect(fetchMock).not.toHaveBeenCalled();

    fill(dialog, 'Streaming address (live)', 'wss://media.example.com/live/{serial}/{camera}.flv?t={token}');
    fill(dialog, 'File access address (clip download)', '  ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({
      videoStreamUrl: 'wss://media.example.com/live/{serial}/{camera}.flv?t={token}',
      videoHistoryUrl: '',
      videoFileUrl: '',
    });
  });
});
