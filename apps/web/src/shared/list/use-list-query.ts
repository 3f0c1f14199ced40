import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig } from 'antd';
import type { Page, SortRequest } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';

/**
 * What a list asks the server for: its filters, its page, and its sort (`S`, the sort columns of
 * the list's contract; none for a list the server does not sort).
 */
export type ListParams<F, S extends string = never> = F & { index: number; size: number } & SortRequest<S>;

export type UseListQueryOptions<F, R, S extends string = never> = {
  /** The query key of the list; the page's filters, sort and position are appended to it. */
  key: readonly unknown[];
  fetch: (params: ListParams<F, S>, signal: AbortSignal) => Promise<Page<R>>;
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
 * The state of a searchable, paged list: the applied filters, the sort, the page, the query, and
 * ready-made antd Table props (with `ListTable`, a click on a sortable header sorts on the server).
 * A new search or sort goes back to page 1; the previous page stays shown while the next one loads,
 * so the table does not jump.
 */
export function useListQuery<F extends object, R, S extends string = never>(options: UseListQueryOptions<F, R, S>) {
  const { t } = useTranslation('common');
  const [filters, setFilters] = useState<F>(options.initialFilters);
  const [sort, setSort] = useState<SortRequest<S>>({});
  const [index, setIndex] = useState(1);
  const [size, setSize] = useState(options.pageSize ?? PAGE_SIZES[0]!);
  const params = { ...filters, ...sort, index, size } as ListParams<F, S>;
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
  // The table names the column by the key its page gave it, one of the contract's sort columns.
  const handleSortChange = (next: SortRequest) => {
    setSort(next as SortRequest<S>);
    setIndex(1);
  };

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
    sort,
    params,
    search,
    reset,
    query,
    rows: query.data?.rows ?? [],
    tableProps: {
      dataSource: query.data?.rows ?? [],
      loading: query.isFetching,
      pagination,
      sort: sort as SortRequest,
      onSortChange: handleSortChange,
      listId: options.key.filter((part) => typeof part === 'string').join('.'),
      onRefresh: () => void query.refetch(),
      // Rows already shown stay shown when only a refresh fails (its error was reported once).
      failed: query.isError && !query.data,
    },
  };
}
