import { useEffect, useRef } from 'react';
import { Badge, Tooltip } from 'antd';
import type { BadgeProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSocketStatus } from '@/shared/realtime';
import { announce } from '@/shared/ui';

/**
 * A dot that says whether the live link is up; nothing when the console has no socket. A link that
 * drops or is refused is said at once to screen readers, its return politely; the first connection
 * is not said.
 */
export function LinkStatus() {
  const { t } = useTranslation('layout');
  const status = useSocketStatus();
  const said = useRef<{ status: typeof status; lost: boolean }>({ status, lost: false });
  useEffect(() => {
    const before = said.current;
    if (status === before.status) return;
    if (status === 'closed' || status === 'unauthorized') {
      announce(t(`link.${status}`), 'assertive');
      said.current = { status, lost: true };
    } else if (status === 'open' && before.lost) {
      announce(t('link.open'));
      said.current = { status, lost: false };
    } else {
      said.current = { status, lost: before.lost };
    }
  }, [status, t]);
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
