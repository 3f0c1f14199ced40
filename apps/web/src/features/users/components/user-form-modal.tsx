import type { ReactElement } from 'react';
import { Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { createUserForm, seededText, updateUserForm, type UserRow } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/shared/i18n';
import { ContractField, type FieldKind } from '@/shared/form/contract-field';
import { FormModal, type FormDialog } from '@/shared/list';
import { sha256Hex } from '@/shared/sha256';
import { createUser, fetchRoleOptions, refreshUsers, updateUser, usersKey } from '../api/users-api';

type Props = {
  /** Open on the user to edit, or on a new one. */
  dialog: FormDialog<UserRow>;
  onSaved: () => void;
};

/** The form's values are the contract's (the birthday a `YYYY-MM-DD` string, numbers or null). */
type Values = {
  account?: string;
  username?: string;
  nickname?: string;
  idNumber?: string;
  gender?: 'male' | 'female';
  birthday?: string | null;
  height?: number | null;
  age?: number | null;
  phone?: string;
  email?: string;
  userType?: 1 | 2;
  roleIds?: number[];
  password?: string;
  confirmPassword?: string;
};

/** New user (with password) or edit (profile and roles; the account stays as created). */
export function UserFormModal({ dialog, onSaved }: Props) {
  const { open, record: user, close: onClose } = dialog;
  const { t } = useTranslation('users');
  const [form] = Form.useForm<Values>();
  const lang = useLanguage();
  const editing = !!user;
  const schema = editing ? updateUserForm : createUserForm;
  const roles = useQuery({
    queryKey: [...usersKey, 'role-options'],
    queryFn: ({ signal }) => fetchRoleOptions(signal),
    enabled: open,
  });

  const handleSubmit = async (v: Values) => {
    const profile = {
      username: v.username ?? '',
      nickname: v.nickname ?? '',
      idNumber: v.idNumber ?? '',
      gender: v.gender ?? null,
      birthday: v.birthday ?? null,
      height: v.height ?? null,
      age: v.age ?? null,
      phone: v.phone ?? '',
      email: v.email ?? '',
      userType: v.userType ?? 1,
      roleIds: v.roleIds ?? [],
    };
    if (editing) await updateUser({ userId: user.userId, ...profile });
    else await createUser({ account: v.account ?? '', password: sha256Hex(v.password ?? ''), ...profile });
    await refreshUsers();
    onSaved();
  };

  const labels: Record<keyof Values, string> = {
    account: t('fields.account'),
    username: t('fields.username'),
    nickname: t('fields.nickname'),
    idNumber: t('fields.idNumber'),
    gender: t('fields.gender'),
    birthday: t('fields.birthday'),
    height: t('fields.height'),
    age: t('fields.age'),
    phone: t('fields.phone'),
    email: t('fields.email'),
    userType: t('fields.userType'),
    roleIds: t('fields.roleIds'),
    password: t('fields.password'),
    confirmPassword: t('fields.confirmPassword'),
  };
  const item = (name: keyof Values & string, input: ReactElement, kind?: FieldKind) => (
    <ContractField schema={schema} name={name} label={labels[name]} kind={kind}>
      {input}
    </ContractField>
  );

  return (
    <FormModal<Values>
      open={open}
      title={editing ? t('editTitle') : t('createTitle')}
      form={form}
      onSubmit={handleSubmit}
      onClose={onClose}
      width={760}
      initialValues={
        user
          ? {
              account: user.account,
              username: user.username,
              nickname: user.nickname ?? '',
              idNumber: user.idNumber ?? '',
              gender: user.gender ?? undefined,
              birthday: user.birthday,
              height: user.height,
              age: user.age,
              phone: user.phone ?? '',
              email: user.email ?? '',
              userType: user.userType === 2 ? 2 : 1,
              roleIds: user.roles.map((r) => r.roleId),
            }
          : { userType: 1, roleIds: [] }
      }
    >
      <Row gutter={16}>
        <Col span={12}>
          {editing ? (
            <Form.Item name="account" label={t('fields.account')}>
              <Input disabled />
            </Form.Item>
          ) : (
            item('account', <Input autoComplete="off" />)
          )}
        </Col>
        <Col span={12}>{item('username', <Input />)}</Col>
        {editing ? null : (
          <>
            <Col span={12}>{item('password', <Input.Password autoComplete="new-password" />)}</Col>
            <Col span={12}>{item('confirmPassword', <Input.Password autoComplete="new-password" />)}</Col>
          </>
        )}
        <Col span={12}>{item('nickname', <Input />)}</Col>
        <Col span={12}>{item('idNumber', <Input />)}</Col>
        <Col span={12}>
          {item(
            'gender',
            <Select
              allowClear
              options={[
                { value: 'male', label: t('gender.male') },
                { value: 'female', label: t('gender.female') },
              ]}
            />,
          )}
        </Col>
        <Col span={12}>
          {item(
            'birthday',
            <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />,
            'date',
          )}
        </Col>
        <Col span={12}>
          {item('height', <InputNumber style={{ width: '100%' }} step={0.5} suffix="cm" />, 'number')}
        </Col>
        <Col span={12}>{item('age', <InputNumber style={{ width: '100%' }} precision={0} />, 'number')}</Col>
        <Col span={12}>{item('phone', <Input />)}</Col>
        <Col span={12}>{item('email', <Input />)}</Col>
        <Col span={12}>
          {item(
            'userType',
            <Select
              options={[
                { value: 1, label: t('userType.1') },
                { value: 2, label: t('userType.2') },
              ]}
            />,
          )}
        </Col>
        <Col span={12}>
          {item(
            'roleIds',
            <Select
              mode="multiple"
              allowClear={(roles.data ?? []).every((r) => r.assignable)}
              loading={roles.isFetching}
              placeholder={t('noRole')}
              optionFilterProp="label"
              // A role the caller may not give or take stays as it is: shown, but not offered.
              options={(roles.data ?? []).map((r) => ({
                value: r.roleId,
                label: seededText('roleName', r.roleCode, r.roleName, lang),
                disabled: !r.assignable,
              }))}
            />,
          )}
        </Col>
      </Row>
    </FormModal>
  );
}
