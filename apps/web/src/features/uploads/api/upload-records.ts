import { uploadsApi, type SortRequest, type UploadSortColumn } from '@patrol/contracts';
import { call, download } from '@/shared/api';
import type { ListParams } from '@/shared/list';

export type UploadFilters = { robotId?: number; keyword?: string; startTime?: string; endTime?: string };
export const uploadRecordsKey = ['uploads', 'records'] as const;

/** GET the data upload records. */
export const fetchUploadRecords = (params: ListParams<UploadFilters, UploadSortColumn>, signal?: AbortSignal) =>
  call(uploadsApi.pageUploadRecords, { query: params }, { signal });

/** Downloads the filtered data upload records, in the list's order, as `<fileName>.xlsx`. */
export const exportUploadRecords = (filters: UploadFilters & SortRequest<UploadSortColumn>, fileName: string) =>
  download(uploadsApi.exportUploadRecords, { query: filters }, fileName);
