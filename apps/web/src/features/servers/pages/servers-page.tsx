import { Badge, Space, Tag, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { SERVER_HEARTBEAT_MS, type PartHealthView, type ServerInstance } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { ListPage, formatTime, ListTable, type ListColumn } from '@/shared/list';
import { fetchServers, serversKey } from '../api/get-servers';
import { DiagnosticsCodeCard } from '../components/diagnostics-code-card';

const PARTS = {
  database: 'parts.database',
  bus: 'parts.bus',
  storage: 'parts.storage',
  broker: 'parts.broker',
} as const;

/** Seconds as "2d 3h 4m" (or "42s"). */
function formatUptime(
  seconds: number,
  t: (key: 'uptime.d' | 'uptime.h' | 'uptime.m' | 'uptime.s', o: { n: number }) => string,
) {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d + h + m === 0) return t('uptime.s', { n: seconds });
  return [d ? t('uptime.d', { n: d }) : '', h ? t('uptime.h', { n: h }) : '', t('uptime.m', { n: m })]
    .filter(Boolean)
    .join(' ');
}

/**
 * Service list (`/sys/server`): every server instance sharing the database and the parts it depends
 * on. Instances report themselves to the database every few seconds and there is no event for
 * that, so this page reads the list again at the same pace.
 */
export function ServersPage() {
  const { t } = useTranslation('servers');
  const query = useQuery({
    queryKey: serversKey,
    queryFn: ({ signal }) => fetchServers(signal),
    refetchInterval: SERVER_HEARTBEAT_MS,
  });
  const partName = (name: string) => (name in PARTS ? t(PARTS[name as keyof typeof PARTS]) : name);
  const columns: ListColumn<ServerInstance>[] = [
    {
      title: t('fields.status'),
      dataIndex: 'status',
      width: 110,
      render: (v: ServerInstance['status']) =>
        v === 'up' ? (
          <Badge status="success" text={t('status.up')} />
        ) : (
          <Badge status="error" text={t('status.down')} />
        ),
    },
    {
      title: t('fields.instance'),
      dataIndex: 'hostname',
      width: 260,
      render: (v: string, row) => (
        <Space direction="vertical" size={0}>
          <span>
            {v} <Typography.Text type="secondary">#{row.pid}</Typography.Text>{' '}
            {row.current ? <Tag color="blue">{t('current')}</Tag> : null}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.address}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('fields.version'), dataIndex: 'version', width: 90 },
    {
      title: t('fields.parts'),
      dataIndex: 'parts',
      render: (parts: PartHealthView[], row) =>
        parts.map((p) => (
          <Tooltip key={p.name} title={p.detail ? `${p.kind} · ${p.detail}` : p.kind}>
            <Tag color={row.status === 'down' ? 'default' : p.status === 'up' ? 'success' : 'error'}>
              {partName(p.name)} · {p.kind} · {p.status === 'up' ? t('status.up') : t('status.down')}
            </Tag>
          </Tooltip>
        )),
    },
    {
      title: t('fields.uptime'),
      dataIndex: 'uptimeSeconds',
      width: 130,
      render: (v: number) => formatUptime(v, t),
    },
    { title: t('fields.startedAt'), dataIndex: 'startedAt', width: 170, render: formatTime },
    { title: t('fields.lastSeenAt'), dataIndex: 'lastSeenAt', width: 170, render: formatTime },
  ];
  return (
    <ListPage title={t('title')}>
      <Typography.Paragraph type="secondary">
        {t('hint', { seconds: (SERVER_HEARTBEAT_MS * 3) / 1000 })}
      </Typography.Paragraph>
      <ListTable<ServerInstance>
        rowKey="instanceId"
        listId="servers"
        onRefresh={() => void query.refetch()}
        failed={query.isError && !query.data}
        columns={columns}
        dataSource={query.data ?? []}
        loading={query.isLoading}
        pagination={false}
        rowClassName={(row) => (row.status === 'down' ? 'server-row--down' : '')}
      />
      <div style={{ marginTop: 16 }}>
        <DiagnosticsCodeCard />
      </div>
    </ListPage>
  );
}
