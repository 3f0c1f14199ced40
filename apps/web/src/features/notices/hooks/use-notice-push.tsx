import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSocketSubscription } from '@/shared/realtime';
import { feedback } from '@/shared/ui';
import { noticesKey } from '../api/get-notice-page';

/** At most this many system messages pop up at once; the rest are counted in one "N more" entry. */
export const MAX_NOTICE_POPUPS = 3;
const MORE_KEY = 'system-notices-more';

/**
 * A system notice pushed on the socket (type "1") shows as an info notification titled "system
 * message" and refreshes the notice list; so does a (re)connection, which may have missed some.
 * A burst shows at most three popups and one "N more" entry, in the bottom corner, clear of the
 * header and the tag bar.
 */
export function useNoticePush(onArrive: () => void): void {
  const { t } = useTranslation('notices');
  const queryClient = useQueryClient();
  const shown = useRef(new Set<string>());
  const more = useRef(0);
  const serial = useRef(0);

  useSocketSubscription('1', (message) => {
    const { title, content } = message.data;
    const { notification } = feedback();
    void queryClient.invalidateQueries({ queryKey: noticesKey });
    onArrive();
    if (shown.current.size >= MAX_NOTICE_POPUPS) {
      more.current += 1;
      notification.info({
        key: MORE_KEY,
        placement: 'bottomRight',
        title: t('more', { count: more.current }),
        description: t('moreHint'),
        onClose: () => {
          more.current = 0;
        },
      });
      return;
    }
    serial.current += 1;
    const key = `system-notice-${serial.current}`;
    shown.current.add(key);
    notification.info({
      key,
      placement: 'bottomRight',
      title: t('systemMessage'),
      description: title ? (
        <>
          <strong>{title}</strong>
          <div style={{ whiteSpace: 'pre-wrap' }}>{content}</div>
        </>
      ) : (
        <div style={{ whiteSpace: 'pre-wrap' }}>{content}</div>
      ),
      onClose: () => {
        shown.current.delete(key);
      },
    });
  });
  useSocketSubscription('ready', () => {
    void queryClient.invalidateQueries({ queryKey: noticesKey });
  });
}
