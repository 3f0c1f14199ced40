import { App, Form, Input } from 'antd';
import type { StationRow, StationSortColumn } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/shared/api';
import {
  CreateButton,
  DeleteAction,
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
import {
  deleteStation,
  fetchStationPage,
  refreshStations,
  stationsKey,
  type StationFilters,
} from '../api/stations-api';
import { StationFormModal } from '../components/station-form-modal';

/**
 * Stations (`/robot/stationManage`): the parts of a site that robots, fences and jobs belong to,
 * each with its drawn area. A station in use cannot be deleted; the refusal names what uses it.
 */
export function StationsPage() {
  const { t } = useTranslation('stations');
  const { message, modal } = App.useApp();
  const [searchForm] = Form.useForm<StationFilters>();
  const dialog = useFormDialog<StationRow>();
  const list = useListQuery<StationFilters, StationRow, StationSortColumn>({
    key: [...stationsKey, 'page'],
    fetch: fetchStationPage,
    initialFilters: {},
  });

  const handleDelete = async (row: StationRow) => {
    try {
      await deleteStation(row.stationId);
    } catch (error) {
      // The refusal says which robots, fences or jobs still belong to the station.
      modal.error({ title: t('deleteRefused', { name: row.name }), content: isApiError(error) ? error.message : '' });
      return;
    }
    await refreshStations();
    message.success(t('deleted'));
  };

  const columns: ListColumn<StationRow>[] = [
    { title: t('fields.name'), dataIndex: 'name', sorter: true, ellipsis: true },
    { title: t('fields.robots'), dataIndex: 'robotCount', width: 110, align: 'right' },
    { title: t('fields.fences'), dataIndex: 'fenceCount', width: 110, align: 'right' },
    { title: t('fields.nodes'), key: 'nodes', width: 110, align: 'right', render: (_, row) => row.area.length },
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
        <SearchBar<StationFilters> form={searchForm} onSearch={list.search} onReset={list.reset}>
          <Form.Item name="keyword" label={t('keyword')}>
            <Input allowClear placeholder={t('keywordPlaceholder')} style={{ width: 220 }} />
          </Form.Item>
        </SearchBar>
      }
      title={t('title')}
      toolbar={<CreateButton onClick={() => dialog.openCreate()}>{t('create')}</CreateButton>}
    >
      <ListTable<StationRow> rowKey="stationId" columns={columns} aria-label={t('title')} {...list.tableProps} />
      <StationFormModal dialog={dialog} onSaved={() => message.success(t(dialog.editing ? 'saved' : 'created'))} />
    </ListPage>
  );
}
