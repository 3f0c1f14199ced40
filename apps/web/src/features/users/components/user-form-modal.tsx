import type { ReactNode } from 'react';
import { Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { createUserForm, updateUserForm, type UserRow } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '@/shared/form/zod-rules';
import { translateMessage } from '@/shared/i18n';
import { FormModal, type FormDialog } from '@/shared/list';
import { sha256Hex } from '@/shared/sha256';
import { createUser, fetchRoleOptions, refreshUsers, updateUser, usersKey } from '../api/users-api';

type Props = {
  /** Open on the user to edit, or on a new one. */
  dialog: FormDialog<UserRow>;
  onSaved: () => void;
};

type Values = {
  account?: string;
  username?: string;
  nickname?: string;
  idNumber?: string;
  gender?: 'male' | 'female';
  birthday?: Dayjs | null;
  height?: number | null;
  age?: number | null;
  phone?: string;
  email?: string;
  userType?: 1 | 2;
  roleIds?: number[];
  password?: string;
  confirmPassword?: string;
};

/** The form's values as the contract reads them (the birthday as YYYY-MM-DD). */
const toContract = (v: Values) => ({
  ...v,
  birthday: v.birthday ? v.birthday.format('YYYY-MM-DD') : null,
  height: v.height ?? null,
  age: v.age ?? null,
});

/** New user (with password) or edit (profile and roles; the account stays as created). */
export function UserFormModal({ dialog, onSaved }: Props) {
  const { open, record: user, close: onClose } = dialog;
  const { t } = useTranslation('users');
  const [form] = Form.useForm<Values>();
  const editing = !!user;
  const schema = editing ? updateUserForm : createUserForm;
  const zod = useZodForm(
    {
      shape: schema.shape as never,
      safeParse: (value: unknown) => schema.safeParse(toContract(value as Values)),
    },
    form,
  );
  /** Date and number fields are checked as the contract reads them (a string, a number). */
  const rules = (name: keyof Values & string) =>
    name === 'birthday' || name === 'height' || name === 'age'
      ? [
          {
            validator: async (_: unknown, value: unknown) => {
              const parsed = schema.shape[name].safeParse(toContract({ [name]: value } as Values)[name]);
              if (!parsed.success)
                throw new Error(translateMessage(parsed.error.issues[0]?.message ?? 'validation.invalid'));
            },
          },
        ]
      : zod.rules(name);
  const roles = useQuery({
    queryKey: [...usersKey, 'role-options'],
    queryFn: ({ signal }) => fetchRoleOptions(signal),
    enabled: open,
  });

  const handleSubmit = async (values: Values) => {
    const v = toContract(values);
    const profile = {
      username: v.username ?? '',
      nickname: v.nickname ?? '',
      idNumber: v.idNumber ?? '',
      gender: v.gender ?? null,
      birthday: v.birthday,
      height: v.height,
      age: v.age,
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
  const item = (name: keyof Values & string, input: ReactNode) => (
    <Form.Item name={name} label={labels[name]} rules={rules(name)} required={zod.required(name)}>
      {input}
    </Form.Item>
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
              birthday: user.birthday ? dayjs(user.birthday) : null,
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
            item('account', <Input maxLength={64} autoComplete="off" />)
          )}
        </Col>
        <Col span={12}>{item('username', <Input maxLength={100} />)}</Col>
        {editing ? null : (
          <>
            <Col span={12}>{item('password', <Input.Password autoComplete="new-password" />)}</Col>
            <Col span={12}>{item('confirmPassword', <Input.Password autoComplete="new-password" />)}</Col>
          </>
        )}
        <Col span={12}>{item('nickname', <Input maxLength={100} />)}</Col>
        <Col span={12}>{item('idNumber', <Input maxLength={32} />)}</Col>
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
          {item('birthday', <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />)}
        </Col>
        <Col span={12}>{item('height', <InputNumber style={{ width: '100%' }} step={0.5} suffix="cm" />)}</Col>
        <Col span={12}>{item('age', <InputNumber style={{ width: '100%' }} precision={0} />)}</Col>
        <Col span={12}>{item('phone', <Input maxLength={32} />)}</Col>
        <Col span={12}>{item('email', <Input maxLength={200} />)}</Col>
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
              allowClear
              loading={roles.isFetching}
              placeholder={t('noRole')}
              optionFilterProp="label"
              options={(roles.data ?? []).map((r) => ({ value: r.roleId, label: r.roleName }))}
            />,
          )}
        </Col>
      </Row>
    </FormModal>
  );
}
