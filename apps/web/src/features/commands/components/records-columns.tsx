import { Typography } from 'antd';
import type { TFunction } from 'i18next';

type WithRobot = { topic: string; commandId: string; robotName: string; serialNumber: string };

/** The columns both record lists start with: topic, request id and robot. */
export function wireColumns<R extends WithRobot>(t: TFunction<'commands'>) {
  return [
    {
      title: t('records.columns.topic'),
      dataIndex: 'topic',
      width: 200,
      ellipsis: true,
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      title: t('records.columns.requestId'),
      dataIndex: 'commandId',
      width: 120,
      ellipsis: true,
      render: (v: string) => <Typography.Text copyable={{ text: v }}>{v.slice(0, 8)}</Typography.Text>,
    },
    {
      title: t('records.columns.robot'),
      key: 'robot',
      width: 190,
      render: (_: unknown, r: R) => (
        <span>
          {r.robotName} <Typography.Text type="secondary">{r.serialNumber}</Typography.Text>
        </span>
      ),
    },
  ];
}
