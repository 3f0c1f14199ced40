import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form, Input } from 'antd';
import { configureApi } from '@/shared/api';
import { postJson } from '@/shared/api/client';
import { i18n } from '@/shared/i18n';
import { FormModal } from './form-modal';
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

describe('list kit', () => {
  const fetchMock = vi.fn();
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    configureApi({ showError: vi.fn(), showStateError: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the dialog open and shows the server field message under its field on 422', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          code: 422,
          message: 'Invalid input',
          data: null,
          errors: [{ path: 'account', message: 'This account is taken' }],
        }),
        { status: 422 },
      ),
    );
    const onClose = vi.fn();
    render(
      <App>
        <Dialog onClose={onClose} />
      </App>,
    );
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'ops' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('This account is taken')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toEqual({ account: 'ops' });
  });

  it('asks before switching a status and changes nothing when cancelled', async () => {
    const onChange = vi.fn().mockResolvedValue(undefined);
    render(
      <App>
        <StatusSwitch status={1} name="ops" onChange={onChange} />
      </App>,
    );
    fireEvent.click(screen.getByRole('switch', { name: 'ops' }));
    expect(await screen.findByText('Disable "ops"?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Disable "ops"?')).toBeNull());
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('switch', { name: 'ops' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(0));
  });
});
