import { useMemo, useState } from 'react';
import { Form, Input, Select, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Resource, ResourceAccess } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { ListPage, SearchBar, ListTable, type ListColumn, MethodTag } from '@/shared/list';
import { fetchResources, resourcesKey } from '../api/get-resources';

const ACCESS = {
  public: { color: 'default', key: 'access.public' },
  session: { color: 'cyan', key: 'access.session' },
  grant: { color: 'blue', key: 'access.grant' },
  platform: { color: 'gold', key: 'access.platform' },
} as const;

type Filters = { keyword?: string; method?: string; access?: ResourceAccess };

/**
 * Resources (`/sys/resources`): every API route the server registered at start, with its method,
 * who may call it and a short description. The list is small, so it is searched in the browser.
 */
export function ResourcesPage() {
  const { t } = useTranslation('resources');
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const query = useQuery({ queryKey: resourcesKey, queryFn: ({ signal }) => fetchResources(signal) });
  const rows = useMemo(() => {
    const text = filters.keyword?.trim().toLowerCase();
    return (query.data ?? []).filter(
      (r) =>
        (!text || `${r.route} ${r.description}`.toLowerCase().includes(text)) &&
        (!filters.method || r.method === filters.method) &&
        (!filters.access || r.access === filters.access),
    );
  }, [query.data, filters]);

  const columns: ListColumn<Resource>[] = [
    {
      title: t('fields.method'),
      dataIndex: 'method',
      width: 100,
      render: (v: string) => <MethodTag method={v} />,
    },
    {
      title: t('fields.route'),
      dataIndex: 'route',
      width: 380,
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { title: t('fields.description'), dataIndex: 'description' },
    {
      title: t('fields.access'),
      dataIndex: 'access',
      width: 150,
      render: (v: ResourceAccess) => <Tag color={ACCESS[v].color}>{t(ACCESS[v].key)}</Tag>,
    },
  ];

  return (
    <ListPage
      search={
        <SearchBar<Filters> form={form} onSearch={setFilters} onReset={() => setFilters({})}>
          <Form.Item name="keyword" label={t('filters.keyword')}>
            <Input allowClear placeholder={t('filters.keywordPlaceholder')} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name="method" label={t('fields.method')}>
            <Select
              allowClear
              style={{ width: 120 }}
              placeholder={t('filters.all')}
              options={['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => ({ value: m, label: m }))}
            />
          </Form.Item>
          <Form.Item name="access" label={t('fields.access')}>
            <Select
              allowClear
              style={{ width: 160 }}
              placeholder={t('filters.all')}
              options={(Object.keys(ACCESS) as ResourceAccess[]).map((a) => ({ value: a, label: t(ACCESS[a].key) }))}
            />
          </Form.Item>
        </SearchBar>
      }
      title={t('title')}
    >
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      <ListTable<Resource>
        rowKey="resourceId"
        listId="resources"
        onRefresh={() => void query.refetch()}
        failed={query.isError && !query.data}
        columns={columns}
        dataSource={rows}
        loading={query.isFetching}
        pagination={{ pageSize: 20, showSizeChanger: true, showTotal: (total) => t('total', { total }) }}
      />
    </ListPage>
  );
}
