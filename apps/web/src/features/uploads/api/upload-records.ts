import type { Page, UploadRecordRow } from '@patrol/contracts';
import { get } from '@/shared/api';
import type { ListParams } from '@/shared/list';

export type UploadFilters = { robotId?: number; keyword?: string; startTime?: string; endTime?: string };
export const uploadRecordsKey = ['uploads', 'records'] as const;

/** GET the data upload records. */
export const fetchUploadRecords = (params: ListParams<UploadFilters>, signal?: AbortSignal) =>
  get<Page<UploadRecordRow>>('robot-server/upload/page', { query: params, signal });
