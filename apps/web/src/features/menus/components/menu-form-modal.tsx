import type { ReactElement } from 'react';
import { Col, Form, Input, InputNumber, Radio, Row, TreeSelect } from 'antd';
import { createMenuRequest, type CreateMenuRequest, type MenuAdminNode } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { ContractField, type FieldKind } from '@/shared/form/contract-field';
import { useLanguage } from '@/shared/i18n';
import { FormModal, type FormDialog } from '@/shared/list';
import { createMenu, refreshMenus, updateMenu } from '../api/menus-api';

/** Where a new menu goes: under a parent, or at the top. */
export type NewMenu = { parentId: number | null };

type Props = { dialog: FormDialog<MenuAdminNode, NewMenu>; tree: MenuAdminNode[]; onSaved: () => void };

export const menuTitle = (m: MenuAdminNode, lang: string) =>
  lang === 'zh-TW' ? m.nameZhTw : lang === 'en-US' ? m.nameEnUs : m.nameZhCn;

/** New menu or edit: route name (fixed once made), path, icon, the three titles, parent, sort, visibility. */
export function MenuFormModal({ dialog, tree, onSaved }: Props) {
  const { t } = useTranslation('menus');
  const lang = useLanguage();
  const [form] = Form.useForm<CreateMenuRequest>();
  const editing = dialog.record;
  type Option = { value: number; title: string; disabled?: boolean; children: Option[] };
  const toOptions = (nodes: MenuAdminNode[]): Option[] =>
    nodes.map((n) => ({
      value: n.menuId,
      title: menuTitle(n, lang),
      // A menu cannot move under itself.
      disabled: editing?.menuId === n.menuId,
      children: editing?.menuId === n.menuId ? [] : toOptions(n.children),
    }));

  const handleSubmit = async (values: CreateMenuRequest) => {
    const body = { ...values, parentId: values.parentId ?? null, icon: values.icon ?? '' };
    if (editing) {
      const { name: _name, ...rest } = body;
      await updateMenu({ menuId: editing.menuId, ...rest });
    } else {
      await createMenu(body);
    }
    await refreshMenus();
    onSaved();
  };
  const item = (name: keyof CreateMenuRequest & string, label: string, input: ReactElement, kind?: FieldKind) => (
    <ContractField schema={createMenuRequest} name={name} label={label} kind={kind}>
      {input}
    </ContractField>
  );

  return (
    <FormModal<CreateMenuRequest>
      open={dialog.open}
      title={editing ? t('editTitle') : t('createTitle')}
      form={form}
      onSubmit={handleSubmit}
      onClose={dialog.close}
      width={720}
      initialValues={
        editing
          ? {
              name: editing.name,
              path: editing.path,
              icon: editing.icon ?? '',
              sort: editing.sort,
              showFlag: editing.showFlag === 0 ? 0 : 1,
              parentId: editing.parentId,
              nameZhCn: editing.nameZhCn,
              nameZhTw: editing.nameZhTw,
              nameEnUs: editing.nameEnUs,
            }
          : { parentId: dialog.context?.parentId ?? null, sort: 10, showFlag: 1 }
      }
    >
      <Row gutter={16}>
        <Col span={12}>
          {editing ? (
            <Form.Item name="name" label={t('fields.name')}>
              <Input disabled />
            </Form.Item>
          ) : (
            item('name', t('fields.name'), <Input autoComplete="off" />)
          )}
        </Col>
        <Col span={12}>{item('path', t('fields.path'), <Input />)}</Col>
        <Col span={8}>{item('nameZhCn', t('fields.nameZhCn'), <Input />)}</Col>
        <Col span={8}>{item('nameZhTw', t('fields.nameZhTw'), <Input />)}</Col>
        <Col span={8}>{item('nameEnUs', t('fields.nameEnUs'), <Input />)}</Col>
        <Col span={12}>
          <Form.Item name="parentId" label={t('fields.parent')}>
            <TreeSelect allowClear treeDefaultExpandAll placeholder={t('topLevel')} treeData={toOptions(tree)} />
          </Form.Item>
        </Col>
        <Col span={12}>{item('icon', t('fields.icon'), <Input placeholder="HomeOutlined" />)}</Col>
        <Col span={12}>{item('sort', t('fields.sort'), <InputNumber style={{ width: '100%' }} precision={0} />)}</Col>
        <Col span={12}>
          {item(
            'showFlag',
            t('fields.showFlag'),
            <Radio.Group
              options={[
                { value: 1, label: t('visible') },
                { value: 0, label: t('hidden') },
              ]}
            />,
          )}
        </Col>
      </Row>
    </FormModal>
  );
}
