import { useMemo, useState } from 'react';
import { Alert, App, Button, Drawer, Empty, Flex, Input, Spin, Table, Tabs, Tree } from 'antd';
import type { TableColumnsType, TreeDataNode } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { GrantableResource, MenuNode, RoleGrants, RoleRow } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { MethodTag } from '@/shared/list';
import { useRoleGrants } from '../api/get-role-grants';
import { grantRole, refreshAfterGrant } from '../api/grant-role';
import { filterResources, hiddenGrants, initialChecked, parentIds, withAncestors } from './menu-checks';

const toTree = (nodes: MenuNode[]): TreeDataNode[] =>
  nodes.map((n) => ({ key: n.menuId, title: n.title, children: toTree(n.children) }));

type Props = { role: RoleRow | null; onClose: () => void };

/**
 * A role's permissions: its menus (a tree: checking a group checks its pages, and the groups above
 * checked pages are granted too, so the side menu shows them) and its resources (route + method),
 * saved together. The platform administrators' role is shown read-only.
 */
export function PermissionsDrawer({ role, onClose }: Props) {
  const { t } = useTranslation('roles');
  const grants = useRoleGrants(role?.roleId);
  const ready = role && grants.data && !grants.isFetching;
  return (
    <Drawer
      open={!!role}
      onClose={onClose}
      size={720}
      title={t('permissionsTitle', { name: role?.roleName ?? '' })}
      destroyOnHidden
    >
      {ready ? (
        <PermissionsEditor key={role.roleId} role={role} data={grants.data} onClose={onClose} />
      ) : (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      )}
    </Drawer>
  );
}

type EditorProps = { role: RoleRow; data: RoleGrants; onClose: () => void };

function PermissionsEditor({ role, data, onClose }: EditorProps) {
  const { t } = useTranslation('roles');
  const { message } = App.useApp();
  const parents = useMemo(() => parentIds(data.menus), [data]);
  const hidden = useMemo(() => hiddenGrants(data.menus, data.menuIds), [data]);
  const offered = useMemo(() => new Set(data.resources.map((r) => r.resourceId)), [data]);
  // Only pages are kept checked here; a group shows checked or half-checked from its pages.
  const [checked, setChecked] = useState<number[]>(() => initialChecked(data.menus, data.menuIds));
  const [selected, setSelected] = useState<number[]>(() => data.resourceIds.filter((id) => offered.has(id)));
  const [filter, setFilter] = useState('');
  const readOnly = data.readOnly;
  const menuIds = useMemo(() => withAncestors(data.menus, new Set(checked)), [data, checked]);
  const shown = useMemo(() => filterResources(data.resources, filter), [data, filter]);

  const save = useMutation({
    mutationFn: async () => {
      await grantRole({ roleId: role.roleId, menuIds: [...menuIds, ...hidden], resourceIds: selected });
      await refreshAfterGrant();
    },
    // On a refusal the query client shows it once; the drawer keeps the choices.
    onSuccess: () => {
      message.success(t('grantsSaved'));
      onClose();
    },
  });

  const columns: TableColumnsType<GrantableResource> = [
    {
      title: t('fields.method'),
      dataIndex: 'method',
      width: 90,
      render: (v: string) => <MethodTag method={v} />,
    },
    { title: t('fields.route'), dataIndex: 'route', ellipsis: true },
    { title: t('fields.description'), dataIndex: 'description', ellipsis: true },
  ];

  return (
    <>
      {readOnly ? <Alert type="info" showIcon title={t('readOnlyHint')} style={{ marginBottom: 16 }} /> : null}
      <Tabs
        items={[
          {
            key: 'menus',
            label: t('menusTab', { count: menuIds.length }),
            children: data.menus.length ? (
              <Tree
                checkable
                defaultExpandAll
                selectable={false}
                disabled={readOnly}
                treeData={toTree(data.menus)}
                checkedKeys={checked}
                onCheck={(keys) => {
                  const list = (Array.isArray(keys) ? keys : keys.checked).map(Number);
                  setChecked(list.filter((id) => !parents.has(id)));
                }}
              />
            ) : (
              <Empty />
            ),
          },
          {
            key: 'resources',
            label: t('resourcesTab', { count: selected.length }),
            children: (
              <>
                <Input.Search
                  allowClear
                  placeholder={t('resourceSearch')}
                  aria-label={t('resourceSearch')}
                  onChange={(e) => setFilter(e.target.value)}
                  style={{ marginBottom: 12 }}
                />
                <Table<GrantableResource>
                  rowKey="resourceId"
                  size="small"
                  columns={columns}
                  dataSource={shown}
                  pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
                  rowSelection={{
                    selectedRowKeys: selected,
                    preserveSelectedRowKeys: true,
                    getCheckboxProps: () => ({ disabled: readOnly }),
                    onChange: (keys) => setSelected(keys.map(Number)),
                  }}
                />
              </>
            ),
          },
        ]}
      />
      <Flex justify="flex-end" gap={8} style={{ marginTop: 16 }}>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button type="primary" loading={save.isPending} disabled={readOnly} onClick={() => save.mutate()}>
          {t('save')}
        </Button>
      </Flex>
    </>
  );
}
