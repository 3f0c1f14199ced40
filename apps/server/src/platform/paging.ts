import { asc, desc, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { SortRequest } from '@patrol/contracts';

/** The most rows an xlsx export holds; a bigger list is cut (the file says so in its name). */
export const EXPORT_MAX_ROWS = 10_000;

/** The default page size of the console's lists. */
export const DEFAULT_PAGE_SIZE = 10;

/** Offset and limit of a 1-based page request (`pageQuery` of the contracts). */
export function pageWindow(query: { index: number; size?: number | undefined }, defaultSize = DEFAULT_PAGE_SIZE) {
  const limit = query.size ?? defaultSize;
  return { offset: (query.index - 1) * limit, limit };
}

/** Escapes `%`, `_` and `\` for a LIKE pattern, so a search for "50%" finds "50%" only. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The ORDER BY of a sorted page: the chosen column in the chosen direction (ascending unless told),
 * then the row id the same way, so rows that tie keep one order and paging never repeats or skips
 * a row. No column chosen: the list's own order. `columns` maps each name the contract allows to
 * what the database orders by.
 */
export function orderOf<C extends string>(
  sort: SortRequest<C>,
  columns: Record<C, AnyColumn | SQLWrapper>,
  id: AnyColumn,
  otherwise: SQL[],
): SQL[] {
  if (sort.sortBy === undefined) return otherwise;
  const direction = sort.sortOrder === 'descend' ? desc : asc;
  return [direction(columns[sort.sortBy]), direction(id)];
}
