import { useState } from 'react';
import { App, Button, Form, Input, Tag } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { seededText, TEXT_MAX, type RoleRow, type RoleSortColumn } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/shared/i18n';
import {
  CreateButton,
  DeleteAction,
  EditAction,
  ListPage,
  ListTable,
  RowActions,
  SearchBar,
  formatTime,
  useFormDialog,
  useListQuery,
  type ListColumn,
} from '@/shared/list';
import { deleteRole } from '../api/delete-role';
import { fetchRolePage, refreshRoles, rolePageKey, type RoleFilters } from '../api/get-role-page';
import { PermissionsDrawer } from '../components/permissions-drawer';
import { RoleFormModal } from '../components/role-form-modal';

/**
 * Roles (`/sys/rolectrl`) of the acting tenant: name, code, remark, how many users hold each, and
 * their menus and resources. The platform administrators' role is marked; it cannot be deleted.
 */
export function RolesPage() {
  const { t } = useTranslation('roles');
  const { message } = App.useApp();
  const [searchForm] = Form.useForm<RoleFilters>();
  const lang = useLanguage();
  const dialog = useFormDialog<RoleRow>();
  const [granting, setGranting] = useState<RoleRow | null>(null);
  const list = useListQuery<RoleFilters, RoleRow, RoleSortColumn>({
    key: rolePageKey,
    fetch: fetchRolePage,
    initialFilters: {},
  });

  const handleDelete = async (row: RoleRow) => {
    await deleteRole(row.roleId);
    await refreshRoles();
    message.success(t('deleted'));
  };

  const columns: ListColumn<RoleRow>[] = [
    {
      title: t('fields.roleName'),
      dataIndex: 'roleName',
      sorter: true,
      width: 200,
      // A built-in role nobody renamed shows in the reader's language (docs/decisions.md).
      render: (v: string, row) => (
        <>
          {seededText('roleName', row.roleCode, v, lang)}{' '}
          {row.readOnly ? <Tag color="gold">{t('platformTag')}</Tag> : null}
        </>
      ),
    },
    { title: t('fields.roleCode'), dataIndex: 'roleCode', sorter: true, width: 180 },
    {
      title: t('fields.remark'),
      dataIndex: 'remark',
      ellipsis: true,
      render: (v: string | null, row) => seededText('roleRemark', row.roleCode, v, lang),
    },
    { title: t('fields.userCount'), dataIndex: 'userCount', sorter: true, width: 90, align: 'right' },
    { title: t('fields.createTime'), dataIndex: 'createTime', sorter: true, width: 170, render: formatTime },
    {
      title: t('actions'),
      key: 'actions',
      render: (_, row) => (
        <RowActions>
          <EditAction onClick={() => dialog.openEdit(row)} />
          <Button type="link" size="small" icon={<SafetyOutlined />} onClick={() => setGranting(row)}>
            {t('permissions')}
          </Button>
          <DeleteAction
            title={t('deleteConfirm', { name: row.roleName })}
            onConfirm={() => handleDelete(row)}
            // The server refuses both too; here the reason shows before anyone tries.
            disabled={row.readOnly || row.userCount > 0}
            reason={row.readOnly ? t('deletePlatform') : t('deleteHeld', { count: row.userCount })}
          />
        </RowActions>
      ),
    },
  ];

  return (
    <ListPage
      search={
        <SearchBar<RoleFilters> form={searchForm} onSearch={list.search} onReset={list.reset}>
          <Form.Item name="roleName" label={t('fields.roleName')}>
            <Input allowClear maxLength={TEXT_MAX.roleName} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="roleCode" label={t('fields.roleCode')}>
            <Input allowClear maxLength={TEXT_MAX.roleCode} style={{ width: 180 }} />
          </Form.Item>
        </SearchBar>
      }
      title={t('title')}
      toolbar={<CreateButton onClick={() => dialog.openCreate()}>{t('create')}</CreateButton>}
    >
      <ListTable<RoleRow> rowKey="roleId" columns={columns} {...list.tableProps} />
      <RoleFormModal dialog={dialog} onSaved={() => message.success(t(dialog.editing ? 'saved' : 'created'))} />
      <PermissionsDrawer role={granting} onClose={() => setGranting(null)} />
    </ListPage>
  );
}
