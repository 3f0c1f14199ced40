import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { TenantOption } from '@patrol/contracts';
import { configureApi, queryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { TenantSwitcher } from './tenant-switcher';

/** The platform tenant as seeded by a Chinese first start, and a tenant someone named. */
const options: TenantOption[] = [
  { tenantId: 1, tenantCode: 'platform', tenantName: '平台租户' },
  { tenantId: 5, tenantCode: 'east', tenantName: '巡检一部' },
];

describe('tenant switcher', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    queryClient.clear();
    fetchMock.mockReset();
    fetchMock.mockImplementation(
      async () => new Response(JSON.stringify({ code: 200, message: 'success', data: options })),
    );
    vi.stubGlobal('fetch', fetchMock);
    configureApi({ showError: vi.fn(), showStateError: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderSwitcher = () =>
    render(
      <QueryClientProvider client={queryClient}>
        <App>
          <TenantSwitcher tenantId={1} />
        </App>
      </QueryClientProvider>,
    );

  it("shows the seeded platform tenant in the reader's language, a named tenant as named", async () => {
    await i18n.changeLanguage('en-US');
    renderSwitcher();
    expect(await screen.findByText('Platform tenant')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    expect(await screen.findByText('巡检一部')).toBeTruthy();
    expect(screen.queryByText('平台租户')).toBeNull();
  });

  it('follows a change of language', async () => {
    await i18n.changeLanguage('en-US');
    renderSwitcher();
    expect(await screen.findByText('Platform tenant')).toBeTruthy();
    await i18n.changeLanguage('zh-TW');
    await waitFor(() => expect(screen.getByText('平台租戶')).toBeTruthy());
  });
});
