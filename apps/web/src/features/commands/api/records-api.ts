import {
  commandsApi,
  type CommandReplySortColumn,
  type CommandSortColumn,
  type RouteQuery,
  type SortRequest,
} from '@patrol/contracts';
import { call, download } from '@/shared/api';
import type { ListParams } from '@/shared/list';

/** Filters of the record lists; times are ISO strings. */
export type RecordFilters = {
  robotId?: number;
  name?: string;
  status?: string;
  phase?: string;
  keyword?: string;
  startTime?: string;
  endTime?: string;
};

// The search bar's selects hold plain strings; the server checks them against the contract.
type RecordsQuery = RouteQuery<typeof commandsApi.pageCommandRecords>;
type RepliesQuery = RouteQuery<typeof commandsApi.pageCommandReplies>;

export const commandRecordsKey = ['commands', 'records'] as const;
export const commandRepliesKey = ['commands', 'replies'] as const;

/** GET the command dispatch records. */
export const fetchCommandRecords = (params: ListParams<RecordFilters, CommandSortColumn>, signal?: AbortSignal) =>
  call(commandsApi.pageCommandRecords, { query: params as RecordsQuery }, { signal });

/** GET the command reply records. */
export const fetchCommandReplies = (params: ListParams<RecordFilters, CommandReplySortColumn>, signal?: AbortSignal) =>
  call(commandsApi.pageCommandReplies, { query: params as RepliesQuery }, { signal });

/** Downloads the filtered command dispatch records, in the list's order, as `<fileName>.xlsx`. */
export const exportCommandRecords = (filters: RecordFilters & SortRequest<CommandSortColumn>, fileName: string) =>
  download(commandsApi.exportCommandRecords, { query: filters as RecordsQuery }, fileName);

/** Downloads the filtered command reply records, in the list's order, as `<fileName>.xlsx`. */
export const exportCommandReplies = (filters: RecordFilters & SortRequest<CommandReplySortColumn>, fileName: string) =>
  download(commandsApi.exportCommandReplies, { query: filters as RepliesQuery }, fileName);
