import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import { configureApi, createQueryClient } from '@/shared/api';
import { postJson } from '@/shared/api/client';
import { i18n } from '@/shared/i18n';
import { FormModal } from './form-modal';
import { DeleteAction, EditAction } from './row-actions';
import { StatusSwitch } from './status-switch';

function Dialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<{ account: string }>();
  return (
    <FormModal open title="New" form={form} onClose={onClose} onSubmit={(v) => postJson('x/create', v)}>
      <Form.Item name="account" label="Account">
        <Input />
      </Form.Item>
    </FormModal>
  );
}

/** The kit as the console mounts it: antd's App inside the console's query client. */
function renderKit(children: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <App>{children}</App>
    </QueryClientProvider>,
  );
}

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('list kit', { timeout: 30_000 }, () => {
  const fetchMock = vi.fn();
  const showError = vi.fn();
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    showError.mockReset();
    configureApi({ showError, showStateError: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the dialog open and shows the server field message under its field on 422', async () => {
    fetchMock.mockResolvedValue(
      answer(422, {
        code: 422,
        message: 'Invalid input',
        data: null,
        errors: [{ path: 'account', message: 'This account is taken' }],
      }),
    );
    const onClose = vi.fn();
    renderKit(<Dialog onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'ops' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('This account is taken')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toEqual({ account: 'ops' });
  });

  it('sends the dialog with Enter in a field, once, and not while an input method is composing', async () => {
    fetchMock.mockResolvedValue(answer(200, { code: 200, message: 'success', data: null }));
    const onClose = vi.fn();
    renderKit(<Dialog onClose={onClose} />);
    const account = screen.getByLabelText('Account');
    fireEvent.change(account, { target: { value: 'ops' } });
    fireEvent.keyDown(account, { key: 'Enter', isComposing: true });
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.keyDown(account, { key: 'Enter' });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toEqual({ account: 'ops' });
  });

  it('reports a failed save once, says it in the dialog too, and keeps the dialog and its input', async () => {
    fetchMock.mockResolvedValue(answer(500, { code: 500, message: 'The database is unavailable', data: null }));
    const onClose = vi.fn();
    renderKit(<Dialog onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'ops' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('The database is unavailable'));
    // The button is free again: the mutation has settled.
    await waitFor(() => expect(screen.getByRole('button', { name: 'OK' }).className).not.toContain('loading'));
    expect(showError).toHaveBeenCalledTimes(1);
    // Not only in a toast that fades: the dialog says it where the input is, as an alert.
    const refusal = within(screen.getByRole('dialog')).getByRole('alert');
    expect(refusal.textContent).toContain('The database is unavailable');
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Account') as HTMLInputElement).value).toBe('ops');
  });

  it('asks before switching a status and changes nothing when cancelled', async () => {
    const onChange = vi.fn().mockResolvedValue(undefined);
    renderKit(<StatusSwitch status={1} name="ops" onChange={onChange} />);
    fireEvent.click(screen.getByRole('switch', { name: 'ops' }));
    expect(await screen.findByText('Disable "ops"?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Disable "ops"?')).toBeNull());
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('switch', { name: 'ops' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(0));
  });

  it('deletes a row after asking, and a refused delete is shown once', async () => {
    fetchMock.mockResolvedValue(answer(409, { code: 409, message: 'Users still hold this role', data: null }));
    renderKit(<DeleteAction title='Delete "ops"?' onConfirm={() => postJson('x/delete', { id: 1 })} />);
    fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Delete "ops"?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Users still hold this role'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(showError).toHaveBeenCalledTimes(1);
  });

  it('shows disabled row actions as disabled, says why, and never asks or sends', async () => {
    const onEdit = vi.fn();
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    renderKit(
      <>
        <EditAction onClick={onEdit} disabled reason="Built-in rows cannot be edited" />
        <DeleteAction title="Delete?" onConfirm={onConfirm} disabled reason="You cannot delete your own account" />
      </>,
    );
    const edit = screen.getByRole('button', { name: /Edit/ }) as HTMLButtonElement;
    const remove = screen.getByRole('button', { name: /Delete/ }) as HTMLButtonElement;
    expect(edit.disabled).toBe(true);
    expect(remove.disabled).toBe(true);
    fireEvent.click(edit);
    fireEvent.click(remove);
    expect(onEdit).not.toHaveBeenCalled();
    expect(screen.queryByText('Delete?')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.mouseEnter(remove.parentElement!);
    expect(await screen.findByText('You cannot delete your own account')).toBeTruthy();
  });
});
