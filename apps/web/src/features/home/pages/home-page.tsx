import type { ComponentType, ReactNode } from 'react';
import { Avatar, Badge, Card, Col, Empty, List, Row, Space, Tag, Typography } from 'antd';
import { RightOutlined, UserOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { APP_VERSION, seededText, type DashboardMine } from '@patrol/contracts';
import { useHomeData } from '@/shared/api';
import { useLanguage } from '@/shared/i18n';
import { firstLeafPath, indexMenu, type MenuEntry } from '@/shared/menu';
import { PageTitle, SectionTitle } from '@/shared/ui';
import { useDashboardMine } from '../api/home-api';
import './home-page.css';

type Props = {
  /** The fleet at a glance (the dashboards' overview, handed in by the app). */
  overview?: ComponentType<{ compact?: boolean }>;
};

const URGENCY_COLORS = { low: 'default', normal: 'blue', high: 'orange', urgent: 'red' } as const;
const ORDER_STATUS_COLORS = { draft: 'default', pending: 'gold', processing: 'blue', processed: 'green' } as const;

/** The path of a page of the user's menu by route name, or null when the menu does not open it. */
function pathOf(index: Map<string, MenuEntry>, name: string): string | null {
  const entry = index.get(name);
  return entry ? entry.fullPath : null;
}

/** A card of the user's open items: its title with their count, a link to all, a short list. */
function MineCard<T>({
  title,
  total,
  color,
  path,
  testId,
  rows,
  emptyText,
  renderItem,
}: {
  title: string;
  total: number | undefined;
  color: string;
  path: string | null;
  testId: string;
  rows: T[] | undefined;
  emptyText: string;
  renderItem: (row: T) => ReactNode;
}) {
  const { t } = useTranslation('home');
  return (
    <Card
      variant="borderless"
      title={
        <Space>
          <SectionTitle look="inherit">{title}</SectionTitle>
          <Badge count={total ?? 0} showZero color={color} overflowCount={999} />
        </Space>
      }
      extra={path ? <Link to={path}>{t('mine.all')}</Link> : null}
      style={{ height: '100%' }}
      data-testid={testId}
    >
      <List
        loading={!rows}
        dataSource={rows ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
        renderItem={renderItem}
      />
    </Card>
  );
}

/** A row's title: a link to the row on its page when the user's menu opens that page. */
function RowTitle({ to, text }: { to: string | null; text: string }) {
  return to ? <Link to={to}>{text}</Link> : <>{text}</>;
}

function MyAlarms({ mine, path }: { mine: DashboardMine['alarms'] | undefined; path: string | null }) {
  const { t } = useTranslation('home');
  return (
    <MineCard
      title={t('mine.alarms')}
      total={mine?.total}
      color="#a8071a"
      path={path}
      testId="home-alarms"
      rows={mine?.rows}
      emptyText={t('mine.noAlarms')}
      renderItem={(alarm) => (
        <List.Item
          extra={<Typography.Text type="secondary">{dayjs(alarm.reportedAt).format('MM-DD HH:mm')}</Typography.Text>}
        >
          <List.Item.Meta
            title={
              <RowTitle
                to={path ? `${path}?alarmId=${alarm.alarmId}` : null}
                text={`${alarm.robotName ?? t('mine.deletedRobot')} · ${t(`mine.kinds.${alarm.kind}`)}`}
              />
            }
            description={alarm.msg}
          />
        </List.Item>
      )}
    />
  );
}

function MyWorkOrders({ mine, path }: { mine: DashboardMine['workOrders'] | undefined; path: string | null }) {
  const { t } = useTranslation('home');
  return (
    <MineCard
      title={t('mine.workOrders')}
      total={mine?.total}
      color="#0958d9"
      path={path}
      testId="home-work-orders"
      rows={mine?.rows}
      emptyText={t('mine.noWorkOrders')}
      renderItem={(order) => (
        <List.Item
          extra={
            <Space size={4} wrap>
              <Tag color={ORDER_STATUS_COLORS[order.status]}>{t(`mine.statuses.${order.status}`)}</Tag>
              <Tag color={URGENCY_COLORS[order.urgency]}>{t(`mine.urgency.${order.urgency}`)}</Tag>
            </Space>
          }
        >
          <List.Item.Meta
            title={
              <RowTitle
                to={path ? `${path}?workOrderId=${order.workOrderId}` : null}
                text={`${order.number} · ${order.robotName}`}
              />
            }
            description={
              <Space size={6}>
                <span>{t('mine.deadline', { date: dayjs(order.deadline).format('YYYY-MM-DD HH:mm') })}</span>
                {order.overdue && <Tag color="red">{t('mine.overdue')}</Tag>}
              </Space>
            }
          />
        </List.Item>
      )}
    />
  );
}

/**
 * Home: who is signed in, the fleet at a glance, the open alarms and the user's open work orders,
 * and the areas their menu opens.
 */
export function HomePage({ overview: Overview }: Props) {
  const { t } = useTranslation('home');
  const lang = useLanguage();
  const { data } = useHomeData();
  const mine = useDashboardMine();
  if (!data) return null;
  const user = data.loginUser;
  const index = indexMenu(data.menu);
  const areas = data.menu.filter((node) => node.showFlag === 1 && node.name !== 'home');
  const showsFleet = Overview && index.has('workHensive');
  const wall = pathOf(index, 'workHensive');

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless" className="home-welcome" styles={{ body: { padding: '16px 20px' } }}>
        <div className="home-welcome__row">
          <Avatar size={48} icon={<UserOutlined />} className="home-welcome__avatar" />
          <div className="home-welcome__who">
            <PageTitle look={4}>
              {t('welcome', { name: seededText('userName', user.account, user.username, lang) })}
            </PageTitle>
            <Typography.Text type="secondary">
              {t('today', { date: dayjs().format('LL dddd') })}
              {' · '}
              {seededText('tenantName', user.tenantCode, user.tenantName, lang)}
              {' · '}
              {user.account}
            </Typography.Text>
          </div>
          <Space size={[4, 4]} wrap className="home-welcome__roles" aria-label={t('profile.roles')}>
            {user.platformAdmin && <Tag color="gold">{t('profile.platformAdmin')}</Tag>}
            {user.roles.length === 0 ? (
              <Tag>{t('profile.noRole')}</Tag>
            ) : (
              user.roles.map((role) => (
                <Tag key={role.roleId} color="blue">
                  {seededText('roleName', role.roleCode, role.roleName, lang)}
                </Tag>
              ))
            )}
            <Typography.Text type="secondary">{t('profile.versionShort', { version: APP_VERSION })}</Typography.Text>
          </Space>
        </div>
      </Card>
      {showsFleet && (
        <Card
          variant="borderless"
          title={<SectionTitle look="inherit">{t('fleet.title')}</SectionTitle>}
          extra={
            wall ? (
              <a href={`#${wall}`} target="patrol-workHensive">
                {t('fleet.wall')}
              </a>
            ) : null
          }
          styles={{ body: { paddingTop: 12 } }}
        >
          <Overview compact />
        </Card>
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <MyAlarms mine={mine.data?.alarms} path={pathOf(index, 'alarmHandling')} />
        </Col>
        <Col xs={24} xl={12}>
          <MyWorkOrders mine={mine.data?.workOrders} path={pathOf(index, 'repair')} />
        </Col>
      </Row>
      <Card
        title={<SectionTitle look="inherit">{t('areas.title')}</SectionTitle>}
        variant="borderless"
        styles={{ body: { paddingTop: 12 } }}
      >
        {areas.length === 0 ? (
          <Empty description={t('areas.empty')} />
        ) : (
          <div className="home-areas">
            {areas.map((area) => {
              const entry = index.get(area.name);
              if (!entry) return null;
              return (
                <Link key={area.name} to={firstLeafPath(entry)} className="home-areas__item">
                  <span>{area.title}</span>
                  <RightOutlined />
                </Link>
              );
            })}
          </div>
        )}
      </Card>
    </Space>
  );
}
