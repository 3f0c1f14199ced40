import { useQuery } from '@tanstack/react-query';
import { noticesApi } from '@patrol/contracts';
import { call } from '@/shared/api';
import { noticesKey } from './get-notice-page';

export const unreadCountKey = [...noticesKey, 'unread'] as const;

/** POST: every unread system notice of mine read; answers how many changed. */
export function markAllNoticesRead(): Promise<{ count: number }> {
  return call(noticesApi.markAllNoticesRead, { body: { type: 1 } });
}

/** How many of my system notices are unread (the total of the unread filter). */
export function useUnreadCount() {
  return useQuery({
    queryKey: unreadCountKey,
    queryFn: async ({ signal }) =>
      (await call(noticesApi.pageMyNotices, { query: { index: 1, type: 1, read: '0' } }, { signal })).total,
    staleTime: 0,
  });
}
