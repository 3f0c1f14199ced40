import { App, Form, Input, Space, Tag } from 'antd';
import type { MulticastRow, MulticastSortColumn } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import {
  CreateButton,
  DeleteAction,
  EditAction,
  RowActions,
  ListPage,
  SearchBar,
  formatTime,
  useFormDialog,
  useListQuery,
  ListTable,
  type ListColumn,
} from '@/shared/list';
import {
  deleteMulticast,
  fetchMulticastPage,
  multicastKey,
  refreshMulticast,
  type MulticastFilters,
} from '../api/multicast-api';
import { MulticastFormModal } from '../components/multicast-form-modal';

/** Multicast configs (`/robot/multicastConfig`): where robots send telecontrol, telemetry and video. */
export function MulticastPage() {
  const { t } = useTranslation('multicast');
  const { message } = App.useApp();
  const [searchForm] = Form.useForm<MulticastFilters>();
  const dialog = useFormDialog<MulticastRow>();
  const list = useListQuery<MulticastFilters, MulticastRow, MulticastSortColumn>({
    key: [...multicastKey, 'page'],
    fetch: fetchMulticastPage,
    initialFilters: {},
  });

  const handleDelete = async (row: MulticastRow) => {
    await deleteMulticast(row.multicastId);
    await refreshMulticast();
    message.success(t('deleted'));
  };

  const columns: ListColumn<MulticastRow>[] = [
    { title: t('fields.name'), dataIndex: 'name', sorter: true },
    {
      title: t('fields.enabled'),
      dataIndex: 'enabled',
      width: 100,
      render: (enabled: boolean) => (
        <Tag color={enabled ? 'success' : 'default'}>{t(enabled ? 'enabled' : 'disabled')}</Tag>
      ),
    },
    { title: t('fields.ip'), dataIndex: 'ip', sorter: true, width: 160 },
    { title: t('fields.telecontrolPort'), dataIndex: 'telecontrolPort', width: 110 },
    { title: t('fields.telemetryPort'), dataIndex: 'telemetryPort', width: 110 },
    { title: t('fields.videoPort'), dataIndex: 'videoPort', width: 110 },
    {
      title: t('fields.robots'),
      dataIndex: 'robots',
      ellipsis: true,
      render: (robots: MulticastRow['robots']) =>
        robots.length ? (
          <Space size={[4, 4]} wrap>
            {robots.map((r) => (
              <Tag key={r.robotId} title={r.serialNumber}>
                {r.name}
              </Tag>
            ))}
          </Space>
        ) : (
          t('noRobots')
        ),
    },
    { title: t('fields.updateTime'), dataIndex: 'updateTime', sorter: true, width: 170, render: formatTime },
    {
      title: t('actions'),
      key: 'actions',
      width: 170,
      render: (_, row) => (
        <RowActions>
          <EditAction onClick={() => dialog.openEdit(row)} />
          <DeleteAction title={t('deleteConfirm', { name: row.name })} onConfirm={() => handleDelete(row)} />
        </RowActions>
      ),
    },
  ];

  return (
    <ListPage
      search={
        <SearchBar<MulticastFilters> form={searchForm} onSearch={list.search} onReset={list.reset}>
          <Form.Item name="keyword" label={t('keyword')}>
            <Input allowClear placeholder={t('keywordPlaceholder')} style={{ width: 220 }} />
          </Form.Item>
        </SearchBar>
      }
      title={t('title')}
      toolbar={<CreateButton onClick={() => dialog.openCreate()}>{t('create')}</CreateButton>}
    >
      <ListTable<MulticastRow> rowKey="multicastId" columns={columns} {...list.tableProps} />
      <MulticastFormModal dialog={dialog} onSaved={() => message.success(t(dialog.editing ? 'saved' : 'created'))} />
    </ListPage>
  );
}
