import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { TEXT_MAX, type HomeData, type TenantOption } from '@patrol/contracts';
import { configureApi, homeDataKey, queryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { ExposePage } from '../pages/expose-page';

const home = (platformAdmin: boolean): HomeData => ({
  menu: [],
  loginUser: {
    userId: 1,
    account: 'admin',
    username: 'Admin',
    tenantId: 1,
    tenantName: '平台租户',
    tenantCode: 'platform',
    platformAdmin,
    roles: [],
  },
});
/** The platform tenant as seeded by a Chinese first start, and a tenant someone named. */
const options: TenantOption[] = [
  { tenantId: 1, tenantCode: 'platform', tenantName: '平台租户' },
  { tenantId: 5, tenantCode: 'east', tenantName: '巡检一部' },
];
const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, message: 'success', data }), { status: 200 });

describe('expose accounts', () => {
  const fetchMock = vi.fn();
  const posted: { url: string; body: unknown }[] = [];
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    queryClient.clear();
    posted.length = 0;
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST') posted.push({ url, body: JSON.parse(String(init.body)) });
      if (url.includes('tenant/options')) return ok(options);
      if (url.includes('expose/page')) return ok({ rows: [], total: 0 });
      return ok(null);
    });
    vi.stubGlobal('fetch', fetchMock);
    configureApi({ showError: vi.fn(), showStateError: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderPage = (platformAdmin = true) => {
    queryClient.setQueryData(homeDataKey('en-US'), home(platformAdmin));
    render(
      <QueryClientProvider client={queryClient}>
        <App>
          <ExposePage />
        </App>
      </QueryClientProvider>,
    );
  };
  const openTenantPicker = () => fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tenant' }));

  it("offers the seeded platform tenant in the reader's language to a platform administrator", async () => {
    renderPage();
    openTenantPicker();
    expect(await screen.findByText('Platform tenant')).toBeTruthy();
    expect(await screen.findByText('巡检一部')).toBeTruthy();
    expect(screen.queryByText('平台租户')).toBeNull();
  });

  it("offers one's own seeded tenant in the reader's language", async () => {
    renderPage(false);
    openTenantPicker();
    expect(await screen.findByText('Platform tenant')).toBeTruthy();
    expect(screen.queryByText('平台租户')).toBeNull();
  });

  it("gives the new account's fields the contract's marks, lengths and messages", async () => {
    renderPage();
    openTenantPicker();
    fireEvent.click(await screen.findByText('巡检一部'));
    const create = screen.getByRole('button', { name: /New account/ });
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(create);
    const dialog = await screen.findByRole('dialog');
    const required = Array.from(dialog.querySelectorAll('.ant-form-item-required')).map((label) => label.textContent);
    expect(required).toEqual(['Name', 'Account', 'Connection password']);
    const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
    expect(field('Name').maxLength).toBe(TEXT_MAX.exposeName);
    expect(field('Account').maxLength).toBe(TEXT_MAX.exposeAccount);
    expect(field('Connection password').maxLength).toBe(TEXT_MAX.exposePassword);
    fireEvent.change(field('Name'), { target: { value: '东门' } });
    fireEvent.change(field('Account'), { target: { value: 'gate east' } });
    fireEvent.change(field('Connection password'), { target: { value: 'short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Chinese characters are not allowed')).toBeTruthy();
    expect(await within(dialog).findByText('Accounts may hold letters, digits and _ . @ - only')).toBeTruthy();
    expect(await within(dialog).findByText('The connection password is 8 to 64 characters')).toBeTruthy();
    expect(posted).toEqual([]);
  });
});
