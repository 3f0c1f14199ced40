import { useQuery } from '@tanstack/react-query';
import { noticesApi, type Notice, type Page } from '@patrol/contracts';
import { call } from '@/shared/api';

export const noticesKey = ['notices'] as const;
export const noticePageKey = (index: number) => [...noticesKey, 'page', index] as const;

/** GET my system notices (type 1, read or not), 15 a page. */
export function fetchNoticePage(index: number, signal?: AbortSignal): Promise<Page<Notice>> {
  return call(noticesApi.pageMyNotices, { query: { index, type: 1, read: '' } }, { signal });
}

export function useNoticePage(index: number, enabled: boolean) {
  return useQuery({
    queryKey: noticePageKey(index),
    queryFn: ({ signal }) => fetchNoticePage(index, signal),
    enabled,
    staleTime: 0,
  });
}
