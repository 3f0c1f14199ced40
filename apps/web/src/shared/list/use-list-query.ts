import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig } from 'antd';
import type { Page } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';

export type ListParams<F> = F & { index: number; size: number };

export type UseListQueryOptions<F, R> = {
  /** The query key of the list; the page's filters and position are appended to it. */
  key: readonly unknown[];
  fetch: (params: ListParams<F>, signal: AbortSignal) => Promise<Page<R>>;
  /** Filters of a fresh page (and after Reset). */
  initialFilters: F;
  pageSize?: number;
  /** False while something the list needs (a chosen tenant...) is missing. */
  enabled?: boolean;
  /** Refetch this often (ms) while shown, for lists of live things (robots online). */
  refetchInterval?: number;
};

export const PAGE_SIZES = [10, 20, 50];

/**
 * The state of a searchable, paged list: the applied filters, the page, the query, and ready-made
 * antd Table props. A new search goes back to page 1; the previous page stays shown while the next
 * one loads, so the table does not jump.
 */
export function useListQuery<F extends object, R>(options: UseListQueryOptions<F, R>) {
  const { t } = useTranslation('common');
  const [filters, setFilters] = useState<F>(options.initialFilters);
  const [index, setIndex] = useState(1);
  const [size, setSize] = useState(options.pageSize ?? PAGE_SIZES[0]!);
  const params = { ...filters, index, size } as ListParams<F>;
  const query = useQuery({
    queryKey: [...options.key, params],
    queryFn: ({ signal }) => options.fetch(params, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    ...(options.refetchInterval ? { refetchInterval: options.refetchInterval } : {}),
  });

  const search = (next: F) => {
    setFilters(next);
    setIndex(1);
  };
  const reset = () => search(options.initialFilters);

  const pagination: TablePaginationConfig = {
    current: index,
    pageSize: size,
    total: query.data?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES,
    showTotal: (total) => t('list.total', { total }),
    onChange: (page, pageSize) => {
      setIndex(pageSize === size ? page : 1);
      setSize(pageSize);
    },
  };

  return {
    filters,
    params,
    search,
    reset,
    query,
    rows: query.data?.rows ?? [],
    tableProps: {
      dataSource: query.data?.rows ?? [],
      loading: query.isFetching,
      pagination,
      listId: options.key.filter((part) => typeof part === 'string').join('.'),
      onRefresh: () => void query.refetch(),
      // Rows already shown stay shown when only a refresh fails (its error was reported once).
      failed: query.isError && !query.data,
    },
  };
}
