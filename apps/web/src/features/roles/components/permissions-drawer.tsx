import { useMemo, useState } from 'react';
import { Alert, App, Button, Drawer, Empty, Flex, Input, Spin, Table, Tabs, Tag, Tree } from 'antd';
import type { TableColumnsType, TreeDataNode } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { GrantableResource, MenuNode, RoleGrants, RoleRow } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { fetchRoleGrants, grantRole, refreshRoles, rolesKey } from '../api/roles-api';

const METHOD_COLORS: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', DELETE: 'red' };

const toTree = (nodes: MenuNode[]): TreeDataNode[] =>
  nodes.map((n) => ({ key: n.menuId, title: n.title, children: toTree(n.children) }));

/** Ids of the nodes that have children (their checked state follows their children in the tree). */
function parentIds(nodes: MenuNode[], out = new Set<number>()): Set<number> {
  for (const n of nodes) {
    if (n.children.length) {
      out.add(n.menuId);
      parentIds(n.children, out);
    }
  }
  return out;
}

/** The checked menus plus every group above them, so the side menu shows the groups. */
function withAncestors(nodes: MenuNode[], checked: Set<number>): number[] {
  const out: number[] = [];
  const walk = (node: MenuNode): boolean => {
    const childHit = node.children.map(walk).some(Boolean);
    const hit = checked.has(node.menuId) || childHit;
    if (hit) out.push(node.menuId);
    return hit;
  };
  nodes.forEach(walk);
  return out;
}

type Props = { role: RoleRow | null; onClose: () => void };

/**
 * A role's menus (a tree: a checked parent checks its pages, and the groups above checked pages
 * are granted too, so the side menu shows them) and resources (route + method), saved together.
 */
export function PermissionsDrawer({ role, onClose }: Props) {
  const { t } = useTranslation('roles');
  const grants = useQuery({
    queryKey: [...rolesKey, 'grants', role?.roleId],
    queryFn: ({ signal }) => fetchRoleGrants(role!.roleId, signal),
    enabled: !!role,
    staleTime: 0,
  });
  return (
    <Drawer
      open={!!role}
      onClose={onClose}
      width={760}
      title={t('permissionsTitle', { name: role?.roleName ?? '' })}
      destroyOnHidden
    >
      {role && grants.data && !grants.isFetching ? (
        <PermissionsEditor key={role.roleId} role={role} data={grants.data} onClose={onClose} />
      ) : (
        <Spin />
      )}
    </Drawer>
  );
}

function PermissionsEditor({ role, data, onClose }: { role: RoleRow; data: RoleGrants; onClose: () => void }) {
  const { t } = useTranslation('roles');
  const { message } = App.useApp();
  const parents = useMemo(() => parentIds(data.menus), [data]);
  // A parent shows checked when all its pages are; only pages are kept here.
  const [checked, setChecked] = useState<number[]>(() => data.menuIds.filter((id) => !parents.has(id)));
  const [resources, setResources] = useState<number[]>(data.resourceIds);
  const [filter, setFilter] = useState('');
  const [saving, setSaving] = useState(false);
  const readOnly = data.readOnly;
  const menuIds = withAncestors(data.menus, new Set(checked));
  const shown = useMemo(() => {
    const text = filter.trim().toLowerCase();
    return text
      ? data.resources.filter((r) => `${r.method} ${r.route} ${r.description}`.toLowerCase().includes(text))
      : data.resources;
  }, [data, filter]);

  const handleSave = async () => {
    setSaving(true);
    try {
      await grantRole({ roleId: role.roleId, menuIds, resourceIds: resources });
      await refreshRoles();
      message.success(t('grantsSaved'));
      onClose();
    } catch {
      // Shown by the api client.
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<GrantableResource> = [
    {
      title: t('fields.method'),
      dataIndex: 'method',
      width: 90,
      render: (v: string) => <Tag color={METHOD_COLORS[v] ?? 'default'}>{v}</Tag>,
    },
    { title: t('fields.route'), dataIndex: 'route', ellipsis: true },
    { title: t('fields.description'), dataIndex: 'description', ellipsis: true },
  ];

  return (
    <>
      {readOnly ? <Alert type="info" showIcon message={t('readOnlyHint')} style={{ marginBottom: 16 }} /> : null}
      <Tabs
        items={[
          {
            key: 'menus',
            label: t('menusTab', { count: menuIds.length }),
            children: data.menus.length ? (
              <Tree
                checkable
                defaultExpandAll
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
            label: t('resourcesTab', { count: resources.length }),
            children: (
              <>
                <Input.Search
                  allowClear
                  placeholder={t('resourceSearch')}
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
                    selectedRowKeys: resources,
                    preserveSelectedRowKeys: true,
                    getCheckboxProps: () => ({ disabled: readOnly }),
                    onChange: (keys) => setResources(keys.map(Number)),
                  }}
                />
              </>
            ),
          },
        ]}
      />
      <Flex justify="flex-end" gap={8} style={{ marginTop: 16 }}>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button type="primary" loading={saving} disabled={readOnly} onClick={handleSave}>
          {t('save')}
        </Button>
      </Flex>
    </>
  );
}
