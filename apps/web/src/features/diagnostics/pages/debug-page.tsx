import { useEffect, type ReactNode } from 'react';
import { Badge, Button, Card, Descriptions, Empty, Flex, Spin, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { DiagnosticsReport, ServerInstance } from '@patrol/contracts';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useErrorLog, type ErrorRecord } from '@/shared/errors';
import { useLanguage } from '@/shared/i18n';
import { useSocketStatus, type SocketStatus } from '@/shared/realtime';
import { PageTitle, SectionTitle } from '@/shared/ui';
import { diagnosticsKey, fetchDiagnostics } from '../api/diagnostics-api';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** The newest errors shown here; the error log has them all. */
const RECENT_ERRORS = 10;

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function useUptime() {
  const { t } = useTranslation('diagnostics');
  return (seconds: number) => {
    const d = Math.floor(seconds / 86_400);
    const h = Math.floor((seconds % 86_400) / 3600);
    const m = Math.floor((seconds % 3600) / 60);
    const s = seconds % 60;
    return [
      d ? t('uptime.d', { n: d }) : '',
      d || h ? t('uptime.h', { n: h }) : '',
      t('uptime.m', { n: m }),
      t('uptime.s', { n: s }),
    ]
      .filter(Boolean)
      .join(' ');
  };
}

const SOCKET_STATES = {
  open: { badge: 'success', label: 'socket.open' },
  connecting: { badge: 'processing', label: 'socket.connecting' },
  closed: { badge: 'default', label: 'socket.closed' },
  unauthorized: { badge: 'error', label: 'socket.unauthorized' },
} as const satisfies Record<SocketStatus, { badge: string; label: string }>;

/**
 * The diagnostics page (`/debug?code=`): what runs on the server (versions, database and its
 * migration, broker, bus, every instance, uptime, memory) and in this browser (console socket,
 * user agent, language, screen) with the recent errors, for whoever holds the code a platform
 * administrator set. Without the code, or with a wrong or expired one, it goes to the
 * no-permission page.
 */
export function DebugPage({ title }: { name: string; title?: string }) {
  const { t } = useTranslation('diagnostics');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const query = useQuery({
    queryKey: [...diagnosticsKey, code],
    queryFn: ({ signal }) => fetchDiagnostics(code, signal),
    enabled: code !== '',
    retry: false,
    gcTime: 0,
  });
  const refused = code === '' || query.isError;

  useEffect(() => {
    if (refused) void navigate('/401', { replace: true });
  }, [refused, navigate]);

  if (refused || !query.data) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  }
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <PageTitle>{title ?? t('title')}</PageTitle>
        <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('refresh')}
        </Button>
      </Flex>
      <ServerSide report={query.data} />
      <BrowserSide />
      <RecentErrors />
    </Flex>
  );
}

function Section({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <Card title={<SectionTitle look="inherit">{title}</SectionTitle>} extra={extra} size="small">
      {children}
    </Card>
  );
}

function ServerSide({ report }: { report: DiagnosticsReport }) {
  const { t } = useTranslation('diagnostics');
  const uptime = useUptime();
  const instanceColumns: TableColumnsType<ServerInstance> = [
    {
      title: t('instances.status'),
      dataIndex: 'status',
      width: 110,
      render: (status: ServerInstance['status']) => (
        <Badge status={status === 'up' ? 'success' : 'error'} text={t(status === 'up' ? 'up' : 'down')} />
      ),
    },
    {
      title: t('instances.instance'),
      dataIndex: 'hostname',
      render: (hostname: string, row) => (
        <span>
          {hostname} <Typography.Text type="secondary">#{row.pid}</Typography.Text>{' '}
          {row.current ? <Tag color="blue">{t('instances.current')}</Tag> : null}
        </span>
      ),
    },
    { title: t('instances.version'), dataIndex: 'version', width: 100 },
    {
      title: t('instances.uptime'),
      dataIndex: 'uptimeSeconds',
      width: 160,
      render: (seconds: number) => uptime(seconds),
    },
    {
      title: t('instances.lastSeenAt'),
      dataIndex: 'lastSeenAt',
      width: 180,
      render: (at: string) => dayjs(at).format(TIME_FORMAT),
    },
  ];
  return (
    <>
      <Section title={t('versions.title')}>
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} bordered>
          <Descriptions.Item label={t('versions.console')}>{report.consoleVersion}</Descriptions.Item>
          <Descriptions.Item label={t('versions.node')}>{report.nodeVersion}</Descriptions.Item>
          <Descriptions.Item label={t('versions.database')}>
            {t(report.database.kind === 'postgresql' ? 'kinds.postgresql' : 'kinds.pglite')}
          </Descriptions.Item>
          <Descriptions.Item label={t('versions.migration')}>
            {report.database.migration ?? t('none')}{' '}
            <Typography.Text type="secondary">
              {t('versions.migrationCount', { count: report.database.migrationCount })}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('versions.broker')}>
            {t(report.broker.kind === 'embedded' ? 'kinds.embedded' : 'kinds.external')}
          </Descriptions.Item>
          <Descriptions.Item label={t('versions.robots')}>{report.broker.connectedRobots}</Descriptions.Item>
          <Descriptions.Item label={t('versions.bus')}>
            {t(report.bus.kind === 'redis' ? 'kinds.redis' : 'kinds.memory')}
          </Descriptions.Item>
          <Descriptions.Item label={t('process.uptime')}>{uptime(report.uptimeSeconds)}</Descriptions.Item>
          <Descriptions.Item label={t('process.generatedAt')}>
            {dayjs(report.generatedAt).format(TIME_FORMAT)}
          </Descriptions.Item>
          <Descriptions.Item label={t('process.rss')}>{megabytes(report.memory.rss)}</Descriptions.Item>
          <Descriptions.Item label={t('process.heap')}>
            {megabytes(report.memory.heapUsed)} / {megabytes(report.memory.heapTotal)}
          </Descriptions.Item>
        </Descriptions>
      </Section>
      <Section title={t('instances.title')}>
        <Table<ServerInstance>
          rowKey="instanceId"
          size="small"
          columns={instanceColumns}
          dataSource={report.servers}
          pagination={false}
        />
      </Section>
    </>
  );
}

function BrowserSide() {
  const { t } = useTranslation('diagnostics');
  const language = useLanguage();
  const socket = useSocketStatus();
  return (
    <Section title={t('browser.title')}>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
        <Descriptions.Item label={t('browser.socket')}>
          {socket ? (
            <Badge status={SOCKET_STATES[socket].badge} text={t(SOCKET_STATES[socket].label)} />
          ) : (
            <Badge status="default" text={t('socket.none')} />
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('browser.language')}>
          {language} <Typography.Text type="secondary">({navigator.language})</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('browser.screen')}>
          {window.screen.width} × {window.screen.height}{' '}
          <Typography.Text type="secondary">
            {t('browser.viewport', { width: window.innerWidth, height: window.innerHeight })}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('browser.pixelRatio')}>{window.devicePixelRatio}</Descriptions.Item>
        <Descriptions.Item label={t('browser.userAgent')} span={2}>
          <Typography.Text copyable>{navigator.userAgent}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </Section>
  );
}

function RecentErrors() {
  const { t } = useTranslation('diagnostics');
  const errors = useErrorLog();
  const columns: TableColumnsType<ErrorRecord> = [
    {
      title: t('errors.type'),
      dataIndex: 'type',
      width: 100,
      render: (type: ErrorRecord['type']) => (
        <Tag color={type === 'request' ? 'orange' : 'red'}>
          {t(type === 'request' ? 'errors.request' : 'errors.script')}
        </Tag>
      ),
    },
    { title: t('errors.code'), dataIndex: 'code', width: 80 },
    { title: t('errors.message'), dataIndex: 'message', ellipsis: true },
    { title: t('errors.url'), dataIndex: 'url', ellipsis: true, width: 280 },
    {
      title: t('errors.time'),
      dataIndex: 'time',
      width: 180,
      render: (time: number) => dayjs(time).format(TIME_FORMAT),
    },
  ];
  return (
    <Section
      title={t('errors.title', { count: errors.length })}
      extra={<Link to="/errorLogger">{t('errors.open')}</Link>}
    >
      <Table<ErrorRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={errors.slice(0, RECENT_ERRORS)}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('errors.empty')} /> }}
      />
    </Section>
  );
}
