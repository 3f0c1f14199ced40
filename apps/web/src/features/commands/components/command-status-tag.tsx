import { Tag } from 'antd';
import type { CommandStatus } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';

export const STATUS_COLORS: Record<CommandStatus, string> = {
  sent: 'processing',
  acknowledged: 'cyan',
  done: 'success',
  failed: 'error',
  refused: 'orange',
  expired: 'default',
  noResult: 'warning',
};

/** Where a command stands: sent, acknowledged, done, failed, refused, expired, or
 * accepted with no result sent in time. */
export function CommandStatusTag({ status }: { status: CommandStatus }) {
  const { t } = useTranslation('commands');
  return (
    <Tag color={STATUS_COLORS[status]} data-status={status}>
      {t(`records.statuses.${status}`)}
    </Tag>
  );
}
