import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { configureApi, createQueryClient } from '@/shared/api';
import { i18n } from '@/shared/i18n';
import { sha256Hex } from '@/shared/sha256';
import { ChangePasswordModal } from '../components/change-password-modal';

function renderModal(onClose = vi.fn()) {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <ChangePasswordModal open onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('change password modal', () => {
  const fetchMock = vi.fn();
  const showStateError = vi.fn();

  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    showStateError.mockReset();
    configureApi({ showStateError, showError: vi.fn() });
  });

  afterEach(() => vi.unstubAllGlobals());

  it('shows the contract rules in the current language and sends nothing', async () => {
    renderModal();
    fill('Old password', 'old');
    fill('New password', 'abc12345');
    fill('Confirm new password', 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(
      await screen.findByText('The password must not contain 4 or more consecutive ascending or descending digits'),
    ).toBeTruthy();
    expect(await screen.findByText('The passwords entered twice do not match')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends SHA-256 digests of the old and new password, then closes', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ state: 1, msg: 'ok', message: 'ok', data: null })));
    const onClose = renderModal();
    fill('Old password', 'Old-secret1');
    fill('New password', 'Patrol2026x');
    fill('Confirm new password', 'Patrol2026x');
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/system-server/user/updatePwd');
    expect(JSON.parse(init.body as string)).toEqual({
      oldPwd: sha256Hex('Old-secret1'),
      newPwd: sha256Hex('Patrol2026x'),
    });
  });

  it('stays open and shows the server msg on state 0', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ state: 0, msg: 'The old password is wrong', message: '', data: null })),
    );
    const onClose = renderModal();
    fill('Old password', 'Wrong-one1');
    fill('New password', 'Patrol2026x');
    fill('Confirm new password', 'Patrol2026x');
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(showStateError).toHaveBeenCalledWith('The old password is wrong'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
