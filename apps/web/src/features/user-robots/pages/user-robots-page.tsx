import { useState } from 'react';
import { Alert, App, Button, Card, Empty, Flex, Input, Tag, Transfer, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { seededText, type UserRobotsUser } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/shared/i18n';
import { ListTable, type ListColumn } from '@/shared/list';
import { PresenceTag, useFleet } from '@/shared/fleet';
import { PageTitle, SectionTitle } from '@/shared/ui';
import {
  assignUserRobots,
  fetchUserRobots,
  fetchUserRobotUsers,
  refreshUserRobots,
  userRobotsKey,
} from '../api/user-robots-api';

/**
 * User robots (`/robot/userRobot`): which robots each user may see and control. Users holding the
 * tenant's administrator roles see the whole fleet; the others only what is assigned here.
 */
export function UserRobotsPage() {
  const { t } = useTranslation('user-robots');
  const lang = useLanguage();
  const { message } = App.useApp();
  const [userId, setUserId] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  // The assignment as edited, until saved; the stored one otherwise.
  const [edited, setEdited] = useState<number[] | null>(null);
  const { robots } = useFleet();
  const users = useQuery({
    queryKey: [...userRobotsKey, 'users'],
    queryFn: ({ signal }) => fetchUserRobotUsers(signal),
  });
  const assigned = useQuery({
    queryKey: [...userRobotsKey, 'list', userId],
    queryFn: ({ signal }) => fetchUserRobots(userId!, signal),
    enabled: userId !== null,
  });
  const target = edited ?? assigned.data?.robotIds ?? [];
  const choose = (id: number) => {
    setUserId(id);
    setEdited(null);
  };
  const user = users.data?.find((u) => u.userId === userId);
  const nameOf = (u: UserRobotsUser) => seededText('userName', u.account, u.username, lang);
  const shownUsers = (users.data ?? []).filter((u) =>
    `${u.account} ${nameOf(u)}`.toLowerCase().includes(keyword.trim().toLowerCase()),
  );
  const dirty = !!assigned.data && [...target].sort().join(',') !== [...assigned.data.robotIds].sort().join(',');

  const assign = useMutation({
    mutationFn: async (input: { userId: number; robotIds: number[] }) => {
      await assignUserRobots(input.userId, input.robotIds);
      await refreshUserRobots();
    },
    onSuccess: () => {
      setEdited(null);
      message.success(t('saved'));
    },
  });
  const save = () => {
    if (userId !== null) assign.mutate({ userId, robotIds: target });
  };

  const columns: ListColumn<UserRobotsUser>[] = [
    { title: t('fields.account'), dataIndex: 'account' },
    { title: t('fields.username'), dataIndex: 'username', render: (_, u) => nameOf(u) },
    {
      title: t('fields.robots'),
      key: 'robots',
      width: 140,
      render: (_, u) => (u.fleetWide ? <Tag color="blue">{t('fleetWide')}</Tag> : t('count', { count: u.robotCount })),
    },
  ];

  return (
    <Flex gap={16} align="stretch" className="user-robots-page">
      <Card
        variant="borderless"
        style={{ width: 460, flex: 'none' }}
        title={<PageTitle look="inherit">{t('title')}</PageTitle>}
      >
        <Input.Search
          allowClear
          placeholder={t('searchUsers')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          style={{ marginBottom: 12 }}
        />
        <ListTable<UserRobotsUser>
          rowKey="userId"
          listId="user-robots.users"
          onRefresh={() => void users.refetch()}
          failed={users.isError && !users.data}
          size="small"
          aria-label={t('usersTitle')}
          columns={columns}
          dataSource={shownUsers}
          loading={users.isLoading}
          pagination={{ pageSize: 12, size: 'small' }}
          onRow={(u) => ({ onClick: () => choose(u.userId), style: { cursor: 'pointer' } })}
          rowClassName={(u) => (u.userId === userId ? 'ant-table-row-selected' : '')}
        />
      </Card>
      <Card
        variant="borderless"
        style={{ flex: 1, minWidth: 0 }}
        title={
          <SectionTitle look="inherit">
            {user ? t('robotsOf', { name: `${nameOf(user)} (${user.account})` }) : t('robotsTitle')}
          </SectionTitle>
        }
        extra={
          user && !user.fleetWide ? (
            <Button type="primary" icon={<SaveOutlined />} disabled={!dirty} loading={assign.isPending} onClick={save}>
              {t('save')}
            </Button>
          ) : null
        }
      >
        {!user ? (
          <Empty description={t('chooseUser')} />
        ) : (
          <>
            {user.fleetWide && <Alert type="info" showIcon title={t('fleetWideHint')} style={{ marginBottom: 12 }} />}
            <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
            <Transfer
              rowKey={(r) => String(r.robotId)}
              dataSource={robots.map((r) => ({ ...r, key: String(r.robotId) }))}
              targetKeys={target.map(String)}
              onChange={(keys) => setEdited(keys.map(Number))}
              disabled={user.fleetWide}
              showSearch
              filterOption={(input, r) => `${r.name} ${r.serialNumber}`.toLowerCase().includes(input.toLowerCase())}
              titles={[t('available'), t('assigned')]}
              styles={{ section: { width: 320, height: 420 } }}
              render={(r) => (
                <span>
                  {r.name} <Typography.Text type="secondary">{r.serialNumber}</Typography.Text>{' '}
                  <PresenceTag online={r.online} />
                </span>
              )}
            />
          </>
        )}
      </Card>
    </Flex>
  );
}
