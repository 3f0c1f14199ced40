import { useState } from 'react';
import { App, Button, Form, Input, Popconfirm, Select, Space } from 'antd';
import { ApartmentOutlined, KeyOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import type { RobotKeyResponse, RobotRow, RobotSortColumn } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { PresenceTag, StoppedForRepairTag, useFleet } from '@/shared/fleet';
import {
  CreateButton,
  DeleteAction,
  EditAction,
  RowActions,
  ExportButton,
  ListPage,
  SearchBar,
  formatTime,
  useFormDialog,
  useListQuery,
  ListTable,
  type ListColumn,
} from '@/shared/list';
import {
  deleteRobot,
  exportRobots,
  fetchRobots,
  refreshRobots,
  robotsKey,
  rotateRobotKey,
  type RobotFilters,
} from '../api/robots-api';
import { AssignStationModal } from '../components/assign-station-modal';
import { PrivateKeyModal } from '../components/private-key-modal';
import { RobotFormModal } from '../components/robot-form-modal';

/**
 * Robot list (`/robot/list`): the tenant's robots with their presence. Registering one makes its
 * key pair; the private key is shown once. Rotating the key makes a new pair.
 */
export function RobotsPage() {
  const { t } = useTranslation('robots');
  const { message } = App.useApp();
  const [searchForm] = Form.useForm<RobotFilters>();
  const dialog = useFormDialog<RobotRow>();
  const [keys, setKeys] = useState<RobotKeyResponse | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [assigning, setAssigning] = useState<number[] | null>(null);
  const list = useListQuery<RobotFilters, RobotRow, RobotSortColumn>({
    key: robotsKey,
    fetch: fetchRobots,
    initialFilters: {},
  });

  // Presence comes from the live fleet in the query cache, kept current by the console socket.
  const { fleet } = useFleet();
  const live = (row: RobotRow) => fleet.get(row.robotId);

  const rotate = useMutation({
    mutationFn: async (row: RobotRow) => {
      const rotated = await rotateRobotKey(row.robotId);
      await refreshRobots();
      return rotated;
    },
    onSuccess: setKeys,
  });
  const handleDelete = async (row: RobotRow) => {
    await deleteRobot(row.robotId);
    await refreshRobots();
    message.success(t('deleted'));
  };

  const columns: ListColumn<RobotRow>[] = [
    { title: t('fields.name'), dataIndex: 'name', sorter: true, width: 180, ellipsis: true },
    { title: t('fields.serialNumber'), dataIndex: 'serialNumber', sorter: true, width: 180 },
    { title: t('fields.productId'), dataIndex: 'productId', sorter: true, width: 140 },
    {
      title: t('fields.status'),
      dataIndex: 'online',
      width: 100,
      render: (online: boolean, row) => (
        <Space size={0} wrap={false}>
          <PresenceTag online={live(row)?.online ?? online} unknown={live(row)?.presenceUnknown} />
          <StoppedForRepairTag stopped={live(row)?.stoppedForRepair ?? row.stoppedForRepair} />
        </Space>
      ),
    },
    {
      title: t('fields.station'),
      dataIndex: 'stationName',
      width: 150,
      ellipsis: true,
      render: (name: string | null) => name ?? t('station.none'),
    },
    {
      title: t('fields.lastSeen'),
      dataIndex: 'lastSeenTime',
      sorter: true,
      width: 170,
      render: (value: string | null, row) => formatTime(live(row)?.lastSeenTime ?? value),
    },
    { title: t('fields.keyVersion'), dataIndex: 'keyVersion', width: 100, align: 'center' },
    { title: t('fields.createTime'), dataIndex: 'createTime', sorter: true, width: 170, render: formatTime },
    {
      title: t('actions'),
      key: 'actions',
      width: 260,
      render: (_, row) => (
        <RowActions>
          <EditAction onClick={() => dialog.openEdit(row)} />
          <Popconfirm
            title={t('rotateConfirm', { name: row.name })}
            description={t('rotateHint')}
            onConfirm={() => rotate.mutateAsync(row).catch(() => undefined)}
          >
            <Button type="link" size="small" icon={<KeyOutlined />}>
              {t('rotate')}
            </Button>
          </Popconfirm>
          <DeleteAction
            title={t('deleteConfirm', { name: row.name })}
            description={t('deleteHint')}
            onConfirm={() => handleDelete(row)}
          />
        </RowActions>
      ),
    },
  ];

  return (
    <ListPage
      search={
        <SearchBar<RobotFilters> form={searchForm} onSearch={list.search} onReset={list.reset}>
          <Form.Item name="keyword" label={t('filters.keyword')}>
            <Input allowClear placeholder={t('filters.keywordPlaceholder')} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name="online" label={t('fields.status')}>
            <Select
              allowClear
              style={{ width: 120 }}
              placeholder={t('filters.all')}
              options={[
                { value: '1', label: t('filters.online') },
                { value: '0', label: t('filters.offline') },
              ]}
            />
          </Form.Item>
        </SearchBar>
      }
      title={t('title')}
      toolbar={
        <Space>
          <Button icon={<ApartmentOutlined />} disabled={selected.length === 0} onClick={() => setAssigning(selected)}>
            {t('station.assign', { count: selected.length })}
          </Button>
          <ExportButton onExport={() => exportRobots({ ...list.filters, ...list.sort }, t('title'))} />
          <CreateButton onClick={() => dialog.openCreate()}>{t('create')}</CreateButton>
        </Space>
      }
    >
      <ListTable<RobotRow>
        rowKey="robotId"
        columns={columns}
        aria-label={t('title')}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        {...list.tableProps}
      />
      <AssignStationModal
        robotIds={assigning}
        onClose={() => setAssigning(null)}
        onAssigned={() => {
          setSelected([]);
          message.success(t('station.assigned'));
        }}
      />
      <RobotFormModal
        dialog={dialog}
        onSaved={(created) => {
          if (created) setKeys(created);
          else message.success(t('saved'));
        }}
      />
      <PrivateKeyModal keys={keys} onClose={() => setKeys(null)} />
    </ListPage>
  );
}
