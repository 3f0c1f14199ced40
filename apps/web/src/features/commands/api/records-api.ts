import { commandsApi, type RouteQuery } from '@patrol/contracts';
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
export const fetchCommandRecords = (params: ListParams<RecordFilters>, signal?: AbortSignal) =>
  call(commandsApi.pageCommandRecords, { query: params as RecordsQuery }, { signal });

/** GET the command reply records. */
export const fetchCommandReplies = (params: ListParams<RecordFilters>, signal?: AbortSignal) =>
  call(commandsApi.pageCommandReplies, { query: params as RepliesQuery }, { signal });

/** Downloads the filtered command dispatch records as `<fileName>.xlsx`. */
export const exportCommandRecords = (filters: RecordFilters, fileName: string) =>
  download(commandsApi.exportCommandRecords, { query: filters as RecordsQuery }, fileName);

/** Downloads the filtered command reply records as `<fileName>.xlsx`. */
export const exportCommandReplies = (filters: RecordFilters, fileName: string) =>
  download(commandsApi.exportCommandReplies, { query: filters as RepliesQuery }, fileName);
