import type { CommandRecord, CommandReplyRow, Page } from '@patrol/contracts';
import { get } from '@/shared/api';
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

export const commandRecordsKey = ['commands', 'records'] as const;
export const commandRepliesKey = ['commands', 'replies'] as const;

/** GET the command dispatch records. */
export const fetchCommandRecords = (params: ListParams<RecordFilters>, signal?: AbortSignal) =>
  get<Page<CommandRecord>>('robot-server/cmd/page', { query: params, signal });

/** GET the command reply records. */
export const fetchCommandReplies = (params: ListParams<RecordFilters>, signal?: AbortSignal) =>
  get<Page<CommandReplyRow>>('robot-server/cmd/reply/page', { query: params, signal });
