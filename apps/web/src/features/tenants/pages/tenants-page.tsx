import { App, Form, Input, Tag } from 'antd';
import { seededText, type TenantRow, type TenantSortColumn } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/shared/i18n';
import {
  CreateButton,
  EditAction,
  ExportButton,
  ListPage,
  SearchBar,
  StatusFilter,
  StatusSwitch,
  formatTime,
  useFormDialog,
  useListQuery,
  ListTable,
  RowActions,
  type ListColumn,
} from '@/shared/list';
import { exportTenants, fetchTenantPage, refreshTenants, setTenantStatus, tenantsKey } from '../api/tenants-api';
import type { TenantFilters } from '../api/tenants-api';
import { TenantFormModal } from '../components/tenant-form-modal';

/** Tenants (`/sys/tenant`, platform administrators): create with an administrator, edit, enable or disable. */
export function TenantsPage() {
  const { t } = useTranslation('tenants');
  const lang = useLanguage();
  const { message } = App.useApp();
  const [searchForm] = Form.useForm<TenantFilters>();
  const dialog = useFormDialog<TenantRow>();
  const list = useListQuery<TenantFilters, TenantRow, TenantSortColumn>({
    key: [...tenantsKey, 'page'],
    fetch: fetchTenantPage,
    initialFilters: {},
  });

  const handleStatus = async (row: TenantRow, status: 0 | 1) => {
    await setTenantStatus({ tenantId: row.tenantId, status });
    await refreshTenants();
  };

  const columns: ListColumn<TenantRow>[] = [
    {
      title: t('fields.tenantCode'),
      dataIndex: 'tenantCode',
      sorter: true,
      width: 160,
      render: (v: string, row) => (
        <>
          {v} {row.platform ? <Tag color="gold">{t('platformTag')}</Tag> : null}
        </>
      ),
    },
    {
      title: t('fields.tenantName'),
      dataIndex: 'tenantName',
      sorter: true,
      ellipsis: true,
      // The platform tenant, unless renamed, shows in the reader's language (docs/decisions.md).
      render: (v: string, row) => seededText('tenantName', row.tenantCode, v, lang),
    },
    { title: t('fields.adminAccount'), dataIndex: 'adminAccount', width: 150 },
    { title: t('fields.adminName'), dataIndex: 'adminName', width: 130 },
    { title: t('fields.adminPhone'), dataIndex: 'adminPhone', width: 150 },
    { title: t('fields.adminEmail'), dataIndex: 'adminEmail', width: 200, ellipsis: true },
    { title: t('fields.userCount'), dataIndex: 'userCount', sorter: true, width: 90, align: 'right' },
    {
      title: t('fields.dashboard3d'),
      dataIndex: 'dashboard3d',
      width: 110,
      render: (on: boolean) => (
        <Tag color={on ? 'blue' : 'default'}>{on ? t('dashboard3d.on') : t('dashboard3d.off')}</Tag>
      ),
    },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      width: 110,
      render: (status: number, row) => (
        <StatusSwitch
          status={status}
          name={row.tenantName}
          disabled={row.platform}
          onChange={(next) => handleStatus(row, next)}
        />
      ),
    },
    { title: t('fields.createTime'), dataIndex: 'createTime', sorter: true, width: 170, render: formatTime },
    {
      title: t('actions'),
      key: 'actions',
      width: 100,
      fixed: 'right',
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
        <SearchBar<TenantFilters> form={searchForm} onSearch={list.search} onReset={list.reset}>
          <Form.Item name="keyword" label={t('filters.keyword')}>
            <Input allowClear placeholder={t('filters.keywordPlaceholder')} style={{ width: 220 }} />
          </Form.Item>
          <StatusFilter label={t('fields.status')} />
        </SearchBar>
      }
      title={t('title')}
      toolbar={
        <>
          <ExportButton onExport={() => exportTenants({ ...list.filters, ...list.sort }, t('title'))} />
          <CreateButton onClick={() => dialog.openCreate()}>{t('create')}</CreateButton>
        </>
      }
    >
      <ListTable<TenantRow> rowKey="tenantId" columns={columns} {...list.tableProps} />
      <TenantFormModal dialog={dialog} onSaved={() => message.success(t(dialog.editing ? 'saved' : 'created'))} />
    </ListPage>
  );
}
