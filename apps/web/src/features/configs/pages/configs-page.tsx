import { App, Form, Input, Typography } from 'antd';
import type { ConfigRow, ConfigSortColumn } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import {
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
import { configsKey, fetchConfigPage, type ConfigFilters } from '../api/configs-api';
import { ConfigFormModal } from '../components/config-form-modal';

const DESCRIPTIONS = {
  msgSocketUrl: 'descriptions.msgSocketUrl',
  leafletConfig: 'descriptions.leafletConfig',
  defaultMapUrl: 'descriptions.defaultMapUrl',
  '3dDashboardUrl': 'descriptions.dashboard3d',
} as const;

/** Config management (`/sys/config`): the console's key/value settings, shared by every tenant. */
export function ConfigsPage() {
  const { t } = useTranslation('configs');
  const { message } = App.useApp();
  const [form] = Form.useForm<ConfigFilters>();
  const dialog = useFormDialog<ConfigRow>();
  const list = useListQuery<ConfigFilters, ConfigRow, ConfigSortColumn>({
    key: [...configsKey, 'page'],
    fetch: fetchConfigPage,
    initialFilters: {},
    pageSize: 20,
  });
  const columns: ListColumn<ConfigRow>[] = [
    {
      title: t('fields.configKey'),
      dataIndex: 'configKey',
      sorter: true,
      width: 180,
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    {
      title: t('fields.configValue'),
      dataIndex: 'configValue',
      ellipsis: true,
      render: (v: string) =>
        v ? (
          <Typography.Text code>{v}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('empty')}</Typography.Text>
        ),
    },
    {
      title: t('fields.description'),
      dataIndex: 'description',
      width: 320,
      ellipsis: true,
      render: (v: string | null, row) => {
        const key = DESCRIPTIONS[row.configKey as keyof typeof DESCRIPTIONS];
        return key ? t(key) : v;
      },
    },
    { title: t('fields.updateTime'), dataIndex: 'updateTime', sorter: true, width: 170, render: formatTime },
    {
      title: t('actions'),
      key: 'actions',
      width: 100,
      render: (_, row) => (
        <RowActions>
          <EditAction onClick={() => dialog.openEdit(row)} />
        </RowActions>
      ),
    },
  ];
  return (
    <ListPage
      search={
        <SearchBar<ConfigFilters> form={form} onSearch={list.search} onReset={list.reset}>
          <Form.Item name="keyword" label={t('filters.keyword')}>
            <Input allowClear placeholder={t('filters.keywordPlaceholder')} style={{ width: 240 }} />
          </Form.Item>
        </SearchBar>
      }
      title={t('title')}
    >
      <ListTable<ConfigRow> rowKey="configId" columns={columns} {...list.tableProps} />
      <ConfigFormModal dialog={dialog} onSaved={() => message.success(t('saved'))} />
    </ListPage>
  );
}
