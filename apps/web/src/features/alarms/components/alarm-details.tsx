import { Descriptions, Drawer, Empty, Flex, Spin, Table, Tag, Timeline, Typography } from 'antd';
import type { AlarmDetail, CommandRecord } from '@patrol/contracts';
import { alarmCommandNames } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/shared/list';
import { SectionTitle } from '@/shared/ui';
import { useAlarmDetail } from '../api/alarms-api';
import { AlarmActions } from './alarm-actions';
import { AlarmImage } from './alarm-image';
import { AlarmPosition } from './alarm-position';
import { AlarmStatusTag, DecisionTag, EscalatedTag, KindTag, OperationText } from './alarm-tags';

/** A reply code: 0 green, others red; a dash while none came. */
export function CodeTag({ code }: { code: number | null }) {
  if (code === null) return <span>—</span>;
  return (
    <Tag color={code === 0 ? 'success' : 'error'} data-code={code}>
      {code}
    </Tag>
  );
}

const COMMAND_STATUS_COLORS: Record<CommandRecord['status'], string> = {
  sent: 'processing',
  acknowledged: 'cyan',
  done: 'success',
  failed: 'error',
  refused: 'orange',
  expired: 'default',
  noResult: 'warning',
};

function CommandsTable({ commands }: { commands: CommandRecord[] }) {
  const { t } = useTranslation('alarms');
  const nameOf = (name: CommandRecord['name']) =>
    (alarmCommandNames as readonly string[]).includes(name) ? t(`commandNames.${name as 'siren'}`) : name;
  return (
    <Table<CommandRecord>
      size="small"
      rowKey="recordId"
      pagination={false}
      dataSource={commands}
      aria-label={t('details.commands')}
      locale={{ emptyText: t('details.noCommands') }}
      scroll={{ x: 640 }}
      columns={[
        { title: t('columns.publishTime'), dataIndex: 'publishTime', width: 160, render: formatTime },
        {
          title: t('columns.command'),
          key: 'name',
          render: (_, r) => (
            <span>
              {nameOf(r.name)}
              {r.name === 'sentimentDecision' && typeof r.args.ret === 'number' ? ` (ret ${r.args.ret})` : ''}
              {r.name === 'gunDecision' && typeof r.args.allow === 'boolean'
                ? ` (${t(r.args.allow ? 'decisions.allowed' : 'decisions.rejected')})`
                : ''}
            </span>
          ),
        },
        {
          title: t('columns.commandStatus'),
          dataIndex: 'status',
          width: 100,
          render: (v: CommandRecord['status']) => (
            <Tag color={COMMAND_STATUS_COLORS[v]} data-command-status={v}>
              {t(`commandStatuses.${v}`)}
            </Tag>
          ),
        },
        {
          title: t('columns.syncCode'),
          dataIndex: 'syncCode',
          width: 90,
          render: (v: number | null) => <CodeTag code={v} />,
        },
        {
          title: t('columns.asyncCode'),
          dataIndex: 'asyncCode',
          width: 90,
          render: (v: number | null) => <CodeTag code={v} />,
        },
        { title: t('columns.message'), dataIndex: 'message', render: (v: string | null) => v ?? '—' },
      ]}
    />
  );
}

function DetailBody({ alarm }: { alarm: AlarmDetail }) {
  const { t } = useTranslation('alarms');
  const dash = (v: string | number | null) => (v === null || v === '' ? '—' : v);
  const robot = `${alarm.robotName} ${alarm.serialNumber}`;
  const items = [
    { key: 'reportTime', label: t('columns.reportTime'), children: formatTime(alarm.reportTime) },
    { key: 'receiveTime', label: t('fields.receiveTime'), children: formatTime(alarm.receiveTime) },
    { key: 'robot', label: t('columns.robot'), children: robot },
    { key: 'kind', label: t('columns.kind'), children: <KindTag kind={alarm.kind} /> },
    { key: 'code', label: t('fields.code'), children: alarm.code },
    { key: 'level', label: t('columns.level'), children: alarm.level },
    { key: 'msg', label: t('fields.msg'), children: alarm.msg, span: 2 },
    {
      key: 'messageId',
      label: t('fields.messageId'),
      children: <Typography.Text copyable>{alarm.messageId}</Typography.Text>,
    },
    { key: 'taskId', label: t('fields.taskId'), children: dash(alarm.taskId) },
    { key: 'topic', label: t('fields.topic'), children: <Typography.Text code>{alarm.topic}</Typography.Text> },
    { key: 'status', label: t('columns.status'), children: <AlarmStatusTag status={alarm.status} /> },
    {
      key: 'operationType',
      label: t('fields.operationType'),
      children: <OperationText operation={alarm.operationType} />,
    },
    ...(alarm.kind === 'gun'
      ? [{ key: 'decision', label: t('columns.decision'), children: <DecisionTag decision={alarm.gunDecision} /> }]
      : []),
    { key: 'handledBy', label: t('columns.handledBy'), children: dash(alarm.handledBy) },
    { key: 'handledTime', label: t('fields.handledTime'), children: formatTime(alarm.handledTime) || '—' },
    { key: 'escalated', label: t('columns.escalated'), children: <EscalatedTag escalatedTime={alarm.escalatedTime} /> },
    { key: 'publishTime', label: t('fields.publishTime'), children: formatTime(alarm.publishTime) || '—' },
    {
      key: 'publishTopic',
      label: t('fields.publishTopic'),
      children: alarm.publishTopic ? <Typography.Text code>{alarm.publishTopic}</Typography.Text> : '—',
    },
    {
      key: 'requestId',
      label: t('fields.requestId'),
      children: alarm.requestId ? <Typography.Text copyable>{alarm.requestId}</Typography.Text> : '—',
    },
    { key: 'syncCode', label: t('columns.syncCode'), children: <CodeTag code={alarm.syncCode} /> },
    { key: 'asyncCode', label: t('columns.asyncCode'), children: <CodeTag code={alarm.asyncCode} /> },
    { key: 'message', label: t('columns.message'), children: dash(alarm.message) },
    {
      key: 'data',
      label: t('fields.data'),
      span: 2,
      children: alarm.data ? (
        <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}>
          {JSON.stringify(alarm.data, null, 2)}
        </pre>
      ) : (
        '—'
      ),
    },
  ];
  return (
    <Flex vertical gap={20}>
      <AlarmActions alarm={alarm} />
      <Descriptions size="small" bordered column={2} items={items} data-testid="alarm-fields" />
      <Flex gap={16} wrap>
        <section style={{ flex: '1 1 280px' }} aria-labelledby="alarm-image-title">
          <SectionTitle id="alarm-image-title" style={{ marginBottom: 8 }}>
            {t('details.image')}
          </SectionTitle>
          <AlarmImage
            alarmId={alarm.alarmId}
            hasImage={alarm.img !== null}
            description={`${robot}, ${t(`kinds.${alarm.kind}`)}`}
            width={300}
          />
        </section>
        <section style={{ flex: '1 1 280px' }} aria-labelledby="alarm-position-title">
          <SectionTitle id="alarm-position-title" style={{ marginBottom: 8 }}>
            {t('details.position')}
          </SectionTitle>
          <AlarmPosition lat={alarm.lat} lng={alarm.lng} label={robot} />
        </section>
      </Flex>
      <section aria-labelledby="alarm-operations-title">
        <SectionTitle id="alarm-operations-title" style={{ marginBottom: 12 }}>
          {t('details.timeline')}
        </SectionTitle>
        {alarm.operations.length ? (
          <Timeline
            items={alarm.operations.map((op, i) => ({
              key: `${op.time}-${i}`,
              content: (
                <span data-operation-entry={op.operation}>
                  <strong>{t(`operations.${op.operation}`)}</strong>
                  {' · '}
                  {op.operatorName ?? t('details.system')}
                  {' · '}
                  <Typography.Text type="secondary">{formatTime(op.time)}</Typography.Text>
                  {op.comment ? <div>{op.comment}</div> : null}
                </span>
              ),
            }))}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('details.noOperations')} />
        )}
      </section>
      <section aria-labelledby="alarm-commands-title">
        <SectionTitle id="alarm-commands-title" style={{ marginBottom: 12 }}>
          {t('details.commands')}
        </SectionTitle>
        <CommandsTable commands={alarm.commands} />
      </section>
    </Flex>
  );
}

/** An alarm's details in a drawer: every field of the record, its image and position, what was done and sent. */
export function AlarmDetails({ alarmId, onClose }: { alarmId: number | null; onClose: () => void }) {
  const { t } = useTranslation('alarms');
  const detail = useAlarmDetail(alarmId);
  return (
    <Drawer
      open={alarmId !== null}
      onClose={onClose}
      size={760}
      title={alarmId === null ? t('details.title') : t('details.titleOf', { alarmId })}
      destroyOnHidden
      closable={{ 'aria-label': t('details.close') }}
    >
      {detail.data ? (
        <DetailBody alarm={detail.data} />
      ) : detail.isError ? (
        <Empty description={t('details.failed')} />
      ) : (
        <Spin spinning>
          <div style={{ height: 240 }} />
        </Spin>
      )}
    </Drawer>
  );
}
