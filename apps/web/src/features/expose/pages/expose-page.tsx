import { useState } from 'react';
import { App, Empty, Form, Input, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { seededText, type ExposeRow, type ExposeSortColumn } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useHomeData } from '@/shared/api';
import { useLanguage } from '@/shared/i18n';
import {
  CreateButton,
  DeleteAction,
  EditAction,
  RowActions,
  ListPage,
  SearchBar,
  StatusSwitch,
  formatTime,
  useFormDialog,
  useListQuery,
  ListTable,
  type ListColumn,
} from '@/shared/list';
import {
  deleteExpose,
  exposeKey,
  fetchExposePage,
  fetchTenantChoices,
  refreshExpose,
  setExposeStatus,
  type ExposeFilters,
} from '../api/expose-api';
import { ExposeFormModal } from '../components/expose-form-modal';

/**
 * Expose accounts (`/sys/expose`): the third-party accounts of a tenant. A tenant is chosen first
 * (spec section 5): platform administrators choose any enabled tenant, others their own.
 */
export function ExposePage() {
  const { t } = useTranslation('expose');
  const { message } = App.useApp();
  const me = useHomeData().data?.loginUser;
  const lang = useLanguage();
  const tenantName = (tenant: { tenantCode: string; tenantName: string }) =>
    seededText('tenantName', tenant.tenantCode, tenant.tenantName, lang);
  const [tenantId, setTenantId] = useState<number | null>(null);
  const [searchForm] = Form.useForm<ExposeFilters>();
  const dialog = useFormDialog<ExposeRow>();
  const choices = useQuery({
    queryKey: [...exposeKey, 'tenants'],
    queryFn: ({ signal }) => fetchTenantChoices(signal),
    enabled: !!me?.platformAdmin,
  });
  const tenantOptions = me?.platformAdmin
    ? (choices.data ?? []).map((c) => ({ value: c.tenantId, label: tenantName(c) }))
    : me
      ? [{ value: me.tenantId, label: tenantName(me) }]
      : [];
  const list = useListQuery<ExposeFilters, ExposeRow, ExposeSortColumn>({
    key: [...exposeKey, 'page', tenantId],
    fetch: (params, signal) => fetchExposePage(tenantId!, params, signal),
    initialFilters: {},
    enabled: tenantId !== null,
  });

  const handleStatus = async (row: ExposeRow, status: 0 | 1) => {
    await setExposeStatus(tenantId!, { exposeId: row.exposeId, status });
    await refreshExpose();
  };
  const handleDelete = async (row: ExposeRow) => {
    await deleteExpose(tenantId!, row.exposeId);
    await refreshExpose();
    message.success(t('deleted'));
  };

  const columns: ListColumn<ExposeRow>[] = [
    { title: t('fields.name'), dataIndex: 'name', sorter: true },
    { title: t('fields.account'), dataIndex: 'account', sorter: true, width: 220 },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      width: 110,
      render: (status: number, row) => (
        <StatusSwitch status={status} name={row.account} onChange={(next) => handleStatus(row, next)} />
      ),
    },
    { title: t('fields.updateTime'), dataIndex: 'updateTime', sorter: true, width: 170, render: formatTime },
    {
      title: t('actions'),
      key: 'actions',
      width: 180,
      render: (_, row) => (
        <RowActions>
          <EditAction onClick={() => dialog.openEdit(row)} />
          <DeleteAction title={t('deleteConfirm', { name: row.account })} onConfirm={() => handleDelete(row)} />
        </RowActions>
      ),
    },
  ];

  return (
    <ListPage
      search={
        <SearchBar<ExposeFilters> form={searchForm} onSearch={list.search} onReset={list.reset}>
          <Form.Item label={t('tenant')} required>
            <Select
              aria-label={t('tenant')}
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 220 }}
              placeholder={t('chooseTenant')}
              value={tenantId ?? undefined}
              loading={choices.isFetching}
              options={tenantOptions}
              onChange={(v: number) => setTenantId(v)}
            />
          </Form.Item>
          <Form.Item name="keyword" label={t('filters.keyword')}>
            <Input
              allowClear
              placeholder={t('filters.keywordPlaceholder')}
              style={{ width: 200 }}
              disabled={!tenantId}
            />
          </Form.Item>
        </SearchBar>
      }
      title={t('title')}
      toolbar={
        <CreateButton onClick={() => dialog.openCreate()} disabled={!tenantId}>
          {t('create')}
        </CreateButton>
      }
    >
      {tenantId === null ? (
        <Empty description={t('chooseTenantFirst')} />
      ) : (
        <ListTable<ExposeRow> rowKey="exposeId" columns={columns} {...list.tableProps} />
      )}
      {tenantId !== null ? (
        <ExposeFormModal
          dialog={dialog}
          tenantId={tenantId}
          onSaved={() => message.success(t(dialog.editing ? 'saved' : 'created'))}
        />
      ) : null}
    </ListPage>
  );
}
