import { z } from 'zod';

/** The directions of a sorted column, in antd Table's words, so the console sends what its table says. */
export const SORT_ORDERS = ['ascend', 'descend'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The sort of a list request: a column the list allows and a direction (ascending when none). */
export type SortRequest<C extends string = string> = {
  sortBy?: C | undefined;
  sortOrder?: SortOrder | undefined;
};

/**
 * The sort fields of a server-paged list, spread into its query: `sortBy` names one of `columns`
 * (the row fields the server can order by), `sortOrder` the direction. Any other column is refused
 * with a translated message, so a request never orders by something the list does not allow.
 */
export function sortQuery<const C extends readonly [string, ...string[]]>(columns: C) {
  return {
    sortBy: z.enum(columns, { error: 'validation.sortUnknown' }).optional(),
    sortOrder: z.enum(SORT_ORDERS, { error: 'validation.sortOrderInvalid' }).optional(),
  };
}
