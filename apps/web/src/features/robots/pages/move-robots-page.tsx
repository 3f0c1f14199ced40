import { useState } from 'react';
import { App, Button, Empty, Form, Input, Select, Space, Typography } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { seededText, type RobotRow, type RobotSortColumn } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { PresenceTag } from '@/shared/fleet';
import { useLanguage } from '@/shared/i18n';
import { ListPage, SearchBar, formatTime, useListQuery, ListTable, type ListColumn } from '@/shared/list';
import {
  fetchRobotsToMove,
  fetchTenantOptions,
  moveRobots,
  moveRobotsKey,
  refreshRobotsToMove,
  type MoveFilters,
} from '../api/move-robots';

/**
 * Robot migration (`/sys/moveRobot`, platform administrators): robots of one tenant move to another,
 * after confirmation. What they recorded stays with the tenant that recorded it.
 */
export function MoveRobotsPage() {
  const { t } = useTranslation('robots');
  const { message, modal } = App.useApp();
  const lang = useLanguage();
  const [searchForm] = Form.useForm<MoveFilters>();
  const [sourceId, setSourceId] = useState<number | null>(null);
  const [targetId, setTargetId] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const tenants = useQuery({ queryKey: ['tenant-options'], queryFn: ({ signal }) => fetchTenantOptions(signal) });
  const list = useListQuery<MoveFilters, RobotRow, RobotSortColumn>({
    key: [...moveRobotsKey, sourceId],
    fetch: (params, signal) => fetchRobotsToMove(sourceId!, params, signal),
    initialFilters: {},
    enabled: sourceId !== null,
  });
  const nameOf = (id: number | null) => {
    const tenant = tenants.data?.find((o) => o.tenantId === id);
    return tenant ? seededText('tenantName', tenant.tenantCode, tenant.tenantName, lang) : '';
  };
  const move = useMutation({
    mutationFn: async (input: { robotIds: number[]; targetTenantId: number }) => {
      const result = await moveRobots(input);
      await refreshRobotsToMove();
      return result;
    },
    onSuccess: (result, input) => {
      setSelected([]);
      message.success(t('move.moved', { count: result.moved, to: nameOf(input.targetTenantId) }));
    },
  });
  const options = (tenants.data ?? []).map((o) => ({ value: o.tenantId, label: nameOf(o.tenantId) }));

  const confirmMove = () => {
    if (sourceId === null || targetId === null || selected.length === 0) return;
    modal.confirm({
      title: t('move.confirmTitle', { count: selected.length, from: nameOf(sourceId), to: nameOf(targetId) }),
      content: t('move.confirmContent', { from: nameOf(sourceId) }),
      okText: t('move.confirmOk'),
      okButtonProps: { danger: true },
      cancelText: t('move.cancel'),
      onOk: () => move.mutateAsync({ robotIds: selected, targetTenantId: targetId }).catch(() => undefined),
    });
  };

  const columns: ListColumn<RobotRow>[] = [
    { title: t('move.fields.name'), dataIndex: 'name', sorter: true },
    { title: t('move.fields.serialNumber'), dataIndex: 'serialNumber', sorter: true, width: 200 },
    { title: t('move.fields.productId'), dataIndex: 'productId', sorter: true, width: 160 },
    {
      title: t('move.fields.status'),
      dataIndex: 'online',
      width: 100,
      render: (online: boolean) => <PresenceTag online={online} />,
    },
    { title: t('move.fields.createTime'), dataIndex: 'createTime', sorter: true, width: 170, render: formatTime },
  ];

  return (
    <ListPage
      search={
        <SearchBar<MoveFilters> form={searchForm} onSearch={list.search} onReset={list.reset}>
          <Form.Item label={t('move.source')} required>
            <span className="move-source-field">
              <Select
                getPopupContainer={(node: HTMLElement) => node.parentElement ?? document.body}
                aria-label={t('move.source')}
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: 220 }}
                placeholder={t('move.chooseSource')}
                value={sourceId ?? undefined}
                loading={tenants.isFetching}
                options={options}
                onChange={(v: number) => {
                  setSourceId(v);
                  setSelected([]);
                }}
              />
            </span>
          </Form.Item>
          <Form.Item name="keyword" label={t('move.keyword')}>
            <Input allowClear placeholder={t('move.keywordPlaceholder')} style={{ width: 220 }} disabled={!sourceId} />
          </Form.Item>
        </SearchBar>
      }
      title={t('move.title')}
      toolbar={
        <Space wrap>
          <Typography.Text>{t('move.target')}</Typography.Text>
          <span className="move-target-field">
            <Select
              getPopupContainer={(node: HTMLElement) => node.parentElement ?? document.body}
              aria-label={t('move.target')}
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 220 }}
              placeholder={t('move.chooseTarget')}
              value={targetId ?? undefined}
              options={options.filter((o) => o.value !== sourceId)}
              onChange={(v: number) => setTargetId(v)}
            />
          </span>
          <Button
            type="primary"
            icon={<SwapOutlined />}
            disabled={selected.length === 0 || targetId === null || targetId === sourceId}
            onClick={confirmMove}
          >
            {t('move.submit', { count: selected.length })}
          </Button>
        </Space>
      }
    >
      {sourceId === null ? (
        <Empty description={t('move.chooseSourceFirst')} />
      ) : (
        <ListTable<RobotRow>
          rowKey="robotId"
          columns={columns}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
          {...list.tableProps}
        />
      )}
    </ListPage>
  );
}
