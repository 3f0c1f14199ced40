import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, DatePicker, Form, Input, InputNumber } from 'antd';
import {
  createRobotRequest,
  createRoleRequest,
  createUserForm,
  multicastForm,
  TEXT_MAX,
  updateExposeForm,
  updateUserForm,
} from '@patrol/contracts';
import { i18n } from '@/shared/i18n';
import { ContractField, contractMaxLength } from './contract-field';

// jsdom has no ResizeObserver; antd's text areas measure themselves with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

describe('contract field', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
  });

  it('reads the length from the contract, through optional and union wrappers', () => {
    expect(contractMaxLength(createRoleRequest.shape.roleName)).toBe(TEXT_MAX.roleName);
    expect(contractMaxLength(createRoleRequest.shape.remark)).toBe(TEXT_MAX.roleRemark);
    expect(contractMaxLength(updateUserForm.shape.nickname)).toBe(TEXT_MAX.nickname);
    expect(contractMaxLength(updateUserForm.shape.email)).toBe(TEXT_MAX.email);
    expect(contractMaxLength(updateUserForm.shape.gender)).toBeUndefined();
    // Through a pipe, and through an optional union with the empty text.
    expect(contractMaxLength(multicastForm.shape.ip)).toBe(TEXT_MAX.multicastIp);
    expect(contractMaxLength(updateExposeForm.shape.password)).toBe(TEXT_MAX.exposePassword);
    expect(contractMaxLength(createRobotRequest.shape.serialNumber)).toBe(TEXT_MAX.serialNumber);
    expect(contractMaxLength(multicastForm.shape.telemetryPort)).toBeUndefined();
  });

  it('gives the input its label, required mark, length and translated message', async () => {
    render(
      <Form>
        <ContractField schema={createRoleRequest} name="roleName" label="Role name">
          <Input />
        </ContractField>
        <Button htmlType="submit">Send</Button>
      </Form>,
    );
    const input = screen.getByLabelText('Role name') as HTMLInputElement;
    expect(input.maxLength).toBe(TEXT_MAX.roleName);
    expect(document.querySelector('.ant-form-item-required')?.textContent).toBe('Role name');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter the role name')).toBeTruthy();
  });

  it('with length "count", counts against the contract length and lets more be typed, so its message shows', async () => {
    render(
      <Form>
        <ContractField schema={createRoleRequest} name="roleName" label="Role name" length="count">
          <Input />
        </ContractField>
        <Button htmlType="submit">Send</Button>
      </Form>,
    );
    const input = screen.getByLabelText('Role name') as HTMLInputElement;
    expect(input.hasAttribute('maxlength')).toBe(false);
    expect(screen.getByText(`0 / ${TEXT_MAX.roleName}`)).toBeTruthy();
    fireEvent.change(input, { target: { value: 'r'.repeat(TEXT_MAX.roleName + 1) } });
    expect(screen.getByText(`${TEXT_MAX.roleName + 1} / ${TEXT_MAX.roleName}`)).toBeTruthy();
  });

  it('holds dates and numbers as the contract reads them', async () => {
    let values: Record<string, unknown> = {};
    render(
      <Form
        initialValues={{ birthday: '1990-05-04', height: 172.5 }}
        onFinish={(v: Record<string, unknown>) => (values = v)}
      >
        <ContractField schema={createUserForm} name="birthday" label="Birthday" kind="date">
          <DatePicker />
        </ContractField>
        <ContractField schema={createUserForm} name="height" label="Height" kind="number">
          <InputNumber />
        </ContractField>
        <Button htmlType="submit">Send</Button>
      </Form>,
    );
    expect((screen.getByLabelText('Birthday') as HTMLInputElement).value).toBe('1990-05-04');
    fireEvent.change(screen.getByLabelText('Height'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(values).toEqual({ birthday: '1990-05-04', height: null }));
  });
});
