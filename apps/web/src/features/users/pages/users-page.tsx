import { useState } from 'react';
import { App, Button, Form, Input, Select, Tag } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { seededText, type UserRole, type UserRow, type UserSortColumn } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useHomeData } from '@/shared/api';
import { useLanguage } from '@/shared/i18n';
import {
  CreateButton,
  DeleteAction,
  EditAction,
  ExportButton,
  ListPage,
  RowActions,
  SearchBar,
  StatusFilter,
  StatusSwitch,
  formatTime,
  useFormDialog,
  useListQuery,
  ListTable,
  type ListColumn,
} from '@/shared/list';
import {
  deleteUser,
  exportUsers,
  fetchRoleOptions,
  fetchUserPage,
  refreshUsers,
  setUserStatus,
  usersKey,
  type UserFilters,
} from '../api/users-api';
import { ResetPasswordModal } from '../components/reset-password-modal';
import { UserFormModal } from '../components/user-form-modal';

/** Users (`/sys/organuserctrl`) of the acting tenant: create, edit, roles, status, password reset, delete. */
export function UsersPage() {
  const { t } = useTranslation('users');
  const { message } = App.useApp();
  const lang = useLanguage();
  const roleName = (r: UserRole) => seededText('roleName', r.roleCode, r.roleName, lang);
  const [searchForm] = Form.useForm<UserFilters>();
  const dialog = useFormDialog<UserRow>();
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const me = useHomeData().data?.loginUser;
  const roles = useQuery({
    queryKey: [...usersKey, 'role-options'],
    queryFn: ({ signal }) => fetchRoleOptions(signal),
  });
  const list = useListQuery<UserFilters, UserRow, UserSortColumn>({
    key: [...usersKey, 'page'],
    fetch: fetchUserPage,
    initialFilters: {},
  });
  // User ids are unique across tenants, so the id alone says "this is me".
  const isMe = (row: UserRow) => me?.userId === row.userId;

  const handleStatus = async (row: UserRow, status: 0 | 1) => {
    await setUserStatus({ userId: row.userId, status });
    await refreshUsers();
  };
  const handleDelete = async (row: UserRow) => {
    await deleteUser(row.userId);
    await refreshUsers();
    message.success(t('deleted'));
  };

  const columns: ListColumn<UserRow>[] = [
    {
      title: t('fields.account'),
      dataIndex: 'account',
      sorter: true,
      width: 150,
      render: (v: string, row) => (
        <>
          {v} {isMe(row) ? <Tag color="blue">{t('self')}</Tag> : null}
        </>
      ),
    },
    {
      title: t('fields.username'),
      dataIndex: 'username',
      sorter: true,
      width: 140,
      ellipsis: true,
      render: (_: string, row) => seededText('userName', row.account, row.username, lang),
    },
    { title: t('fields.nickname'), dataIndex: 'nickname', width: 110, ellipsis: true },
    {
      title: t('fields.gender'),
      dataIndex: 'gender',
      width: 70,
      render: (v: UserRow['gender']) => (v === 'male' ? t('gender.male') : v === 'female' ? t('gender.female') : ''),
    },
    { title: t('fields.phone'), dataIndex: 'phone', width: 140 },
    {
      title: t('fields.roles'),
      dataIndex: 'roles',
      render: (v: UserRow['roles']) =>
        v.length ? (
          v.map((r) => <Tag key={r.roleId}>{roleName(r)}</Tag>)
        ) : (
          <Tag color="default" bordered={false}>
            {t('noRole')}
          </Tag>
        ),
    },
    {
      title: t('fields.userType'),
      dataIndex: 'userType',
      width: 100,
      render: (v: number) => (v === 2 ? t('userType.2') : t('userType.1')),
    },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      width: 100,
      render: (status: number, row) => (
        <StatusSwitch
          status={status}
          name={row.account}
          disabled={isMe(row)}
          onChange={(next) => handleStatus(row, next)}
        />
      ),
    },
    { title: t('fields.lastLogin'), dataIndex: 'lastLoginTime', sorter: true, width: 170, render: formatTime },
    {
      title: t('actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <RowActions>
          <EditAction onClick={() => dialog.openEdit(row)} />
          <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => setResetting(row)}>
            {t('resetPassword')}
          </Button>
          <DeleteAction
            title={t('deleteConfirm', { name: row.account })}
            onConfirm={() => handleDelete(row)}
            disabled={isMe(row)}
            reason={t('deleteSelf')}
          />
        </RowActions>
      ),
    },
  ];

  return (
    <ListPage
      search={
        <SearchBar<UserFilters> form={searchForm} onSearch={list.search} onReset={list.reset}>
          <Form.Item name="keyword" label={t('filters.keyword')}>
            <Input allowClear placeholder={t('filters.keywordPlaceholder')} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="phone" label={t('filters.phone')}>
            <Input allowClear style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="roleId" label={t('filters.role')}>
            <Select
              allowClear
              style={{ width: 150 }}
              placeholder={t('filters.all')}
              options={(roles.data ?? []).map((r) => ({ value: r.roleId, label: roleName(r) }))}
            />
          </Form.Item>
          <StatusFilter label={t('fields.status')} />
        </SearchBar>
      }
      title={t('title')}
      toolbar={
        <>
          <ExportButton onExport={() => exportUsers({ ...list.filters, ...list.sort }, t('title'))} />
          <CreateButton onClick={() => dialog.openCreate()}>{t('create')}</CreateButton>
        </>
      }
    >
      <ListTable<UserRow> rowKey="userId" columns={columns} {...list.tableProps} />
      <UserFormModal dialog={dialog} onSaved={() => message.success(t(dialog.editing ? 'saved' : 'created'))} />
      <ResetPasswordModal
        user={resetting}
        onClose={() => setResetting(null)}
        onDone={() => message.success(t('passwordReset'))}
      />
    </ListPage>
  );
}
