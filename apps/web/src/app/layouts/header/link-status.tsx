import { Badge, Tooltip } from 'antd';
import type { BadgeProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSocketStatus } from '@/shared/realtime';

/** A dot that says whether the live link is up; nothing when the console has no socket. */
export function LinkStatus() {
  const { t } = useTranslation('layout');
  const status = useSocketStatus();
  if (!status) return null;
  const view: Record<typeof status, { badge: BadgeProps['status']; text: string }> = {
    open: { badge: 'success', text: t('link.open') },
    connecting: { badge: 'processing', text: t('link.connecting') },
    closed: { badge: 'error', text: t('link.closed') },
    unauthorized: { badge: 'warning', text: t('link.unauthorized') },
  };
  const { badge, text } = view[status];
  return (
    <Tooltip title={text}>
      <span className="link-status" data-testid="link-status" data-status={status} role="status" aria-label={text}>
        <Badge status={badge} />
      </span>
    </Tooltip>
  );
}
