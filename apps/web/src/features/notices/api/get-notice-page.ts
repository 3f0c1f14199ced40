import { useQuery } from '@tanstack/react-query';
import type { Notice, Page } from '@patrol/contracts';
import { get } from '@/shared/api';

export const NOTICE_PAGE_PATH = 'notice-server/notice/my/page';

export const noticesKey = ['notices'] as const;
export const noticePageKey = (index: number) => [...noticesKey, 'page', index] as const;

/** GET my system notices (type 1, read or not), 15 a page. */
export function fetchNoticePage(index: number, signal?: AbortSignal): Promise<Page<Notice>> {
  return get<Page<Notice>>(NOTICE_PAGE_PATH, { query: { index, type: 1, read: '' }, signal });
}

export function useNoticePage(index: number, enabled: boolean) {
  return useQuery({
    queryKey: noticePageKey(index),
    queryFn: ({ signal }) => fetchNoticePage(index, signal),
    enabled,
    staleTime: 0,
  });
}
