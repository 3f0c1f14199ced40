import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Empty, Select, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  AimOutlined,
  BulbFilled,
  BulbOutlined,
  HomeOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  PoweroffOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CommandBody, CommandRecord, CommandStatus } from '@patrol/contracts';
import { DANGEROUS_COMMANDS } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { FleetBanner, PresenceTag, ReadingAge, useCommandProgress, useFleet } from '@/shared/fleet';
import { formatTime } from '@/shared/list';
import { PageTitle, SectionTitle, announce } from '@/shared/ui';
import { fetchRecentCommands, recentCommandsKey, sendCommand } from '../api/send-command';
import { CommandStatusTag } from '../components/command-status-tag';
import { argsText } from '../components/records-format';

/** The actions of the control page (spec section 4: other actions), each one command. */
type ActionKey =
  | 'powerOn'
  | 'lightsOn'
  | 'lightsOff'
  | 'pauseTask'
  | 'resumeTask'
  | 'returnToBase'
  | 'netGunLeftFront'
  | 'netGunRightRear'
  | 'tripwireFire';
/** Progress that means the command did not do what was asked. */
const UNSUCCESSFUL: readonly CommandStatus[] = ['failed', 'refused', 'expired', 'noResult'];

const ACTIONS: { key: ActionKey; icon: React.ReactNode; command: CommandBody }[] = [
  { key: 'powerOn', icon: <PoweroffOutlined />, command: { name: 'powerOn', args: {} } },
  { key: 'lightsOn', icon: <BulbFilled />, command: { name: 'lights', args: { on: true } } },
  { key: 'lightsOff', icon: <BulbOutlined />, command: { name: 'lights', args: { on: false } } },
  { key: 'pauseTask', icon: <PauseCircleOutlined />, command: { name: 'pauseTask', args: {} } },
  { key: 'resumeTask', icon: <PlayCircleOutlined />, command: { name: 'resumeTask', args: {} } },
  { key: 'returnToBase', icon: <HomeOutlined />, command: { name: 'returnToBase', args: {} } },
  { key: 'netGunLeftFront', icon: <AimOutlined />, command: { name: 'netGunFire', args: { side: 'leftFront' } } },
  { key: 'netGunRightRear', icon: <AimOutlined />, command: { name: 'netGunFire', args: { side: 'rightRear' } } },
  { key: 'tripwireFire', icon: <ThunderboltOutlined />, command: { name: 'tripwireFire', args: {} } },
];

/** Keeps the newest version of each record, newest command first. */
function upsert(list: CommandRecord[], record: CommandRecord): CommandRecord[] {
  const rest = list.filter((r) => r.recordId !== record.recordId);
  const old = list.find((r) => r.recordId === record.recordId);
  // A late "sent" echo never hides a reply that already arrived.
  const newer = old && old.status !== 'sent' && record.status === 'sent' ? old : record;
  return [newer, ...rest].sort((a, b) => b.recordId - a.recordId).slice(0, 20);
}

/**
 * Robot control (`/control/manage`): power on, lights, net gun fire, tripwire fire, pause and
 * resume task, return to base. Each command's progress (sent, acknowledged, done, failed,
 * expired) shows live; an offline robot takes no command; firing asks for confirmation first.
 */
export function ControlPage() {
  const { t } = useTranslation('commands');
  const { message, modal } = App.useApp();
  const { robots, fleet } = useFleet();
  // Only a robot the operator chose is ever a target: there is no default one.
  const [robotId, setRobotId] = useState<number | null>(null);
  // Commands sent from here or pushed by the server since the page opened, newest first.
  const [updates, setUpdates] = useState<CommandRecord[]>([]);
  const [busy, setBusy] = useState<ActionKey | null>(null);
  const robot = robotId === null ? undefined : fleet.get(robotId);

  const recent = useQuery({
    queryKey: recentCommandsKey(robotId ?? 0),
    queryFn: ({ signal }) => fetchRecentCommands(robotId!, signal),
    enabled: robotId !== null,
  });
  const progress = useMemo(
    () =>
      updates
        .filter((r) => r.robotId === robotId)
        .reduceRight((list, record) => upsert(list, record), recent.data ?? []),
    [updates, recent.data, robotId],
  );
  useCommandProgress((record) => {
    setUpdates((list) => [record, ...list].slice(0, 200));
    // Said to screen readers as it happens, for the robot on screen; a command that did not go through interrupts.
    if (record.robotId !== robotId) return;
    const text = t('control.progressSaid', {
      robot: robot?.name ?? '',
      command: t(`records.commandNames.${record.name}`),
      status: t(`records.statuses.${record.status}`),
    });
    announce(text, UNSUCCESSFUL.includes(record.status) ? 'assertive' : 'polite');
  });

  const dispatch = useMutation({
    mutationFn: (input: { robotId: number; key: ActionKey; command: CommandBody; confirm: boolean }) =>
      sendCommand({ robotId: input.robotId, command: input.command, ...(input.confirm ? { confirm: true } : {}) }),
    onMutate: (input) => setBusy(input.key),
    onSuccess: (record, input) => {
      setUpdates((list) => [record, ...list].slice(0, 200));
      message.success(t('control.sent', { command: t(`control.actions.${input.key}`) }));
    },
    onSettled: () => setBusy(null),
  });
  /** Sends a command; a refusal is reported once by the query client, and the dialog closes. */
  const send = (robotId: number, key: ActionKey, command: CommandBody, confirm: boolean) =>
    dispatch.mutateAsync({ robotId, key, command, confirm }).catch(() => undefined);

  const run = (key: ActionKey, command: CommandBody) => {
    if (!robot) return;
    if (!DANGEROUS_COMMANDS.includes(command.name)) return void send(robot.robotId, key, command, false);
    // The dialog freezes the robot, action and arguments as they are now; OK shows as pending until sent.
    const target = { robotId: robot.robotId, name: robot.name, key, command: structuredClone(command) };
    modal.confirm({
      title: t('control.confirmTitle', { command: t(`control.actions.${target.key}`), robot: target.name }),
      content: t('control.confirmContent'),
      okText: t('control.confirmOk'),
      okButtonProps: { danger: true },
      cancelText: t('control.cancel'),
      onOk: () => send(target.robotId, target.key, target.command, true),
    });
  };

  const columns: TableColumnsType<CommandRecord> = [
    { title: t('control.columns.time'), dataIndex: 'publishTime', width: 170, render: formatTime },
    {
      title: t('control.columns.command'),
      key: 'command',
      render: (_, r) => {
        const args = argsText(r, t);
        return t(`records.commandNames.${r.name}`) + (args ? ` · ${args}` : '');
      },
    },
    {
      title: t('control.columns.status'),
      dataIndex: 'status',
      width: 110,
      render: (_, r) => <CommandStatusTag status={r.status} />,
    },
    { title: t('control.columns.syncCode'), dataIndex: 'syncCode', width: 90 },
    { title: t('control.columns.asyncCode'), dataIndex: 'asyncCode', width: 90 },
    { title: t('control.columns.message'), dataIndex: 'message', ellipsis: true },
    { title: t('control.columns.operator'), dataIndex: 'operatorName', width: 130 },
  ];

  const offline = robot ? !robot.online : false;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} className="control-page">
      <Card size="small" title={<PageTitle look="inherit">{t('control.title')}</PageTitle>}>
        <Space wrap size={16} align="center">
          <Typography.Text strong>{t('control.robot')}</Typography.Text>
          <Select
            aria-label={t('control.robot')}
            style={{ width: 320 }}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('control.chooseRobot')}
            value={robot ? robotId : undefined}
            onChange={(id: number) => setRobotId(id)}
            options={robots.map((r) => ({
              value: r.robotId,
              label: `${r.name} (${r.serialNumber})`,
            }))}
            notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('control.noRobots')} />}
          />
          {robot && (
            <Descriptions
              size="small"
              column={5}
              items={[
                {
                  key: 'status',
                  label: t('control.status'),
                  children: <PresenceTag online={robot.online} unknown={robot.presenceUnknown} />,
                },
                {
                  key: 'mode',
                  label: t('control.mode'),
                  children: robot.state ? t(`control.modes.${robot.state.mode}`) : '-',
                },
                {
                  key: 'battery',
                  label: t('control.battery'),
                  children: robot.state ? `${Math.round(robot.state.battery)}%` : '-',
                },
                {
                  key: 'lights',
                  label: t('control.lights'),
                  children: robot.state ? t(robot.state.lights ? 'control.on' : 'control.off') : '-',
                },
                {
                  key: 'age',
                  label: t('control.reading'),
                  children: robot.state ? <ReadingAge ts={robot.state.ts} /> : '-',
                },
              ]}
            />
          )}
        </Space>
      </Card>
      <FleetBanner />
      {offline && <Alert type="warning" showIcon title={t('control.offline')} />}
      <Card size="small" title={<SectionTitle look="inherit">{t('control.actionsTitle')}</SectionTitle>}>
        <Space wrap size={[12, 12]}>
          {ACTIONS.map(({ key, icon, command }) => (
            <Button
              key={key}
              icon={icon}
              danger={DANGEROUS_COMMANDS.includes(command.name)}
              type={DANGEROUS_COMMANDS.includes(command.name) ? 'primary' : 'default'}
              disabled={!robot || offline}
              loading={busy === key}
              onClick={() => run(key, command)}
            >
              {t(`control.actions.${key}`)}
            </Button>
          ))}
        </Space>
        {/* A refused command is said here too, not only in the toast that fades. */}
        {dispatch.error ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={dispatch.error.message}
            style={{ marginTop: 12 }}
            data-testid="command-refusal"
          />
        ) : null}
      </Card>
      <Card size="small" title={<SectionTitle look="inherit">{t('control.progressTitle')}</SectionTitle>}>
        <Table
          rowKey="recordId"
          size="small"
          columns={columns}
          dataSource={progress}
          loading={recent.isLoading && robotId !== null}
          pagination={false}
          aria-label={t('control.progressTitle')}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('control.noCommands')} /> }}
        />
      </Card>
    </Space>
  );
}
