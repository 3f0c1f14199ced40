import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSocketSubscription } from '@/shared/realtime';
import { feedback } from '@/shared/ui';
import { noticesKey } from '../api/get-notice-page';

/**
 * A system notice pushed on the socket (type "1") shows as an info notification titled "system
 * message" and refreshes the notice list; so does a (re)connection, which may have missed some.
 */
export function useNoticePush(onArrive: () => void): void {
  const { t } = useTranslation('notices');
  const queryClient = useQueryClient();
  useSocketSubscription('1', (message) => {
    const { title, content } = message.data;
    feedback().notification.info({
      title: t('systemMessage'),
      description: title ? (
        <>
          <strong>{title}</strong>
          <div style={{ whiteSpace: 'pre-wrap' }}>{content}</div>
        </>
      ) : (
        <div style={{ whiteSpace: 'pre-wrap' }}>{content}</div>
      ),
    });
    void queryClient.invalidateQueries({ queryKey: noticesKey });
    onArrive();
  });
  useSocketSubscription('ready', () => {
    void queryClient.invalidateQueries({ queryKey: noticesKey });
  });
}
