import { Button, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignTopOutlined,
} from '@ant-design/icons';
import { AREA_COLOURS, type FenceRow, type LayerMove } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/shared/list';

type Props = {
  fences: FenceRow[];
  loading: boolean;
  onEdit: (fence: FenceRow) => void;
  onDelete: (fence: FenceRow) => Promise<unknown>;
  onMove: (fence: FenceRow, move: LayerMove) => void;
  /** A move is under way: the sort buttons wait. */
  moving: boolean;
};

const MOVES: { move: LayerMove; icon: React.ReactNode }[] = [
  { move: 'top', icon: <VerticalAlignTopOutlined /> },
  { move: 'up', icon: <ArrowUpOutlined /> },
  { move: 'down', icon: <ArrowDownOutlined /> },
  { move: 'bottom', icon: <VerticalAlignBottomOutlined /> },
];

/** The station's fences, top layer first, with their layer sort buttons. */
export function FenceList({ fences, loading, onEdit, onDelete, onMove, moving }: Props) {
  const { t } = useTranslation('fences');
  const columns: TableColumnsType<FenceRow> = [
    { title: t('fields.layer'), dataIndex: 'layerOrder', width: 56, align: 'center' },
    {
      // The description under the name: the list stays readable beside the map.
      title: `${t('fields.name')} / ${t('fields.description')}`,
      dataIndex: 'name',
      width: 170,
      render: (name: string, fence) => (
        <>
          <Typography.Text ellipsis={{ tooltip: name }} style={{ display: 'block' }}>
            {name}
          </Typography.Text>
          {fence.description ? (
            <Typography.Text type="secondary" ellipsis={{ tooltip: fence.description }} style={{ display: 'block' }}>
              {fence.description}
            </Typography.Text>
          ) : null}
        </>
      ),
    },
    {
      title: t('fields.kind'),
      dataIndex: 'kind',
      width: 96,
      render: (kind: FenceRow['kind']) => (
        <Tag color={AREA_COLOURS[kind]} data-kind={kind}>
          {t(`kinds.${kind}`)}
        </Tag>
      ),
    },
    { title: t('fields.priority'), dataIndex: 'priority', width: 72, align: 'right' },
    {
      title: t('fields.collected'),
      dataIndex: 'collected',
      width: 96,
      render: (collected: boolean) => (
        <Tag color={collected ? 'processing' : 'default'}>{t(collected ? 'collectedYes' : 'collectedNo')}</Tag>
      ),
    },
    { title: t('fields.updateTime'), dataIndex: 'updateTime', width: 150, render: formatTime },
    {
      title: t('actions'),
      key: 'actions',
      width: 196,
      fixed: 'right',
      render: (_, fence, index) => (
        <Space size={0} wrap={false}>
          {MOVES.map(({ move, icon }) => {
            const atEdge = move === 'top' || move === 'up' ? index === 0 : index === fences.length - 1;
            return (
              <Tooltip key={move} title={t(`moves.${move}`)}>
                <Button
                  type="text"
                  size="small"
                  icon={icon}
                  disabled={atEdge || moving}
                  aria-label={t(`moves.${move}Named`, { name: fence.name })}
                  onClick={() => onMove(fence, move)}
                />
              </Tooltip>
            );
          })}
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('editNamed', { name: fence.name })}
            onClick={() => onEdit(fence)}
          />
          <Popconfirm title={t('deleteConfirm', { name: fence.name })} onConfirm={() => onDelete(fence)}>
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('deleteNamed', { name: fence.name })}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Table<FenceRow>
      rowKey="fenceId"
      size="small"
      columns={columns}
      dataSource={fences}
      loading={loading}
      pagination={false}
      scroll={{ x: 840 }}
      aria-label={t('listLabel')}
      locale={{ emptyText: t('empty') }}
    />
  );
}
