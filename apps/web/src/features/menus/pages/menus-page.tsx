import { App, Button, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { MenuAdminNode } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/shared/i18n';
import {
  CreateButton,
  DeleteAction,
  EditAction,
  ListPage,
  ListTable,
  RowActions,
  StatusSwitch,
  useFormDialog,
  type ListColumn,
} from '@/shared/list';
import { deleteMenu, fetchMenuTree, menusKey, refreshMenus, setMenuStatus } from '../api/menus-api';
import { MenuFormModal, menuTitle, type NewMenu } from '../components/menu-form-modal';

/** Children of leaves as undefined, so the table shows no expander there. */
const forTable = (nodes: MenuAdminNode[]): MenuAdminNode[] =>
  nodes.map((n) => ({ ...n, children: n.children.length ? forTable(n.children) : (undefined as never) }));

/**
 * Menus (`/sys/menulistctrl`): the console's menu tree, shared by every tenant. A change shows in
 * the side menu and the navigation guard at once.
 */
export function MenusPage() {
  const { t } = useTranslation('menus');
  const lang = useLanguage();
  const { message } = App.useApp();
  const dialog = useFormDialog<MenuAdminNode, NewMenu>();
  const tree = useQuery({ queryKey: [...menusKey, 'tree'], queryFn: ({ signal }) => fetchMenuTree(signal) });

  const handleStatus = async (menu: MenuAdminNode, status: 0 | 1) => {
    await setMenuStatus({ menuId: menu.menuId, status });
    await refreshMenus();
  };
  const handleDelete = async (menu: MenuAdminNode) => {
    await deleteMenu(menu.menuId);
    await refreshMenus();
    message.success(t('deleted'));
  };

  const columns: ListColumn<MenuAdminNode>[] = [
    { title: t('fields.title'), key: 'title', width: 240, render: (_, m) => menuTitle(m, lang) },
    { title: t('fields.name'), dataIndex: 'name', width: 170 },
    {
      title: t('fields.path'),
      dataIndex: 'path',
      width: 170,
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { title: t('fields.icon'), dataIndex: 'icon', width: 200, render: (v: string | null) => v ?? '' },
    { title: t('fields.sort'), dataIndex: 'sort', width: 80, align: 'right' },
    {
      title: t('fields.showFlag'),
      dataIndex: 'showFlag',
      width: 90,
      render: (v: number) => (v ? <Tag color="blue">{t('visible')}</Tag> : <Tag>{t('hidden')}</Tag>),
    },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      width: 100,
      render: (status: number, m) => (
        <StatusSwitch status={status} name={menuTitle(m, lang)} onChange={(next) => handleStatus(m, next)} />
      ),
    },
    {
      title: t('actions'),
      key: 'actions',
      render: (_, m) => (
        <RowActions>
          <EditAction onClick={() => dialog.openEdit(m)} />
          <Button
            type="link"
            size="small"
            icon={<PlusOutlined />}
            onClick={() => dialog.openCreate({ parentId: m.menuId })}
          >
            {t('addChild')}
          </Button>
          <DeleteAction
            title={t('deleteConfirm', { name: menuTitle(m, lang) })}
            onConfirm={() => handleDelete(m)}
            disabled={m.builtIn}
            reason={t('deleteBuiltIn')}
          />
        </RowActions>
      ),
    },
  ];

  return (
    <ListPage
      title={t('title')}
      toolbar={<CreateButton onClick={() => dialog.openCreate({ parentId: null })}>{t('create')}</CreateButton>}
    >
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      <ListTable<MenuAdminNode>
        rowKey="menuId"
        listId="menus"
        onRefresh={() => void tree.refetch()}
        failed={tree.isError && !tree.data}
        columns={columns}
        dataSource={forTable(tree.data ?? [])}
        loading={tree.isFetching}
        pagination={false}
      />
      <MenuFormModal
        dialog={dialog}
        tree={tree.data ?? []}
        onSaved={() => message.success(t(dialog.editing ? 'saved' : 'created'))}
      />
    </ListPage>
  );
}
