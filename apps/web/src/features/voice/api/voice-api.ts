import {
  voiceApi,
  type AnnouncementRow,
  type AudioFileRow,
  type PlaybackRequest,
  type VoiceStartRequest,
} from '@patrol/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, queryClient, uploadTo, type UploadProgress } from '@/shared/api';
import type { ListParams } from '@/shared/list';

/** Every voice query starts with this key. */
export const voiceKey = ['voice'] as const;
export const filesKey = [...voiceKey, 'files'] as const;
export const announcementsKey = [...voiceKey, 'announcements'] as const;

export type FileFilters = { keyword?: string };
export type FileSortColumn = 'uploadTime' | 'name' | 'durationMs' | 'size';
export type AnnouncementFilters = { robotId?: number };

/** GET a page of the tenant's audio files. */
export const fetchFilePage = (params: ListParams<FileFilters, FileSortColumn>, signal?: AbortSignal) =>
  call(voiceApi.pageAudioFiles, { query: params }, { signal });

/** Every file of the tenant for a playlist (the largest page the server gives). */
export function useAllFiles() {
  return useQuery({
    queryKey: [...filesKey, 'all'],
    queryFn: ({ signal }) =>
      call(
        voiceApi.pageAudioFiles,
        { query: { index: 1, size: 200, sortBy: 'name', sortOrder: 'ascend' } },
        { signal },
      ),
    select: (page): AudioFileRow[] => page.rows,
  });
}

/** Uploads one file with progress; the page shows a refusal itself (silent). */
export function uploadAudioFile(file: File, onProgress: (progress: UploadProgress) => void, signal: AbortSignal) {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadTo(voiceApi.uploadAudioFile, {}, form, onProgress, { signal, silent: true });
}

export const renameAudioFile = (fileId: number, name: string) =>
  call(voiceApi.renameAudioFile, { body: { fileId, name } }, { silent: true });
/** Refused (409) while a robot plays the file; the message names the robots. */
export const deleteAudioFile = (fileId: number) =>
  call(voiceApi.deleteAudioFile, { body: { fileId } }, { silent: true });
export const fetchAudioFileUrl = (fileId: number) =>
  call(voiceApi.audioFileUrl, { query: { fileId } }, { silent: true });

export function refreshFiles(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: filesKey });
}

/** One action on robots; refusals (409 announcing...) are the page's to show. */
export const sendPlayback = (body: PlaybackRequest) => call(voiceApi.playback, { body }, { silent: true });

/** Takes the robot's announcement; 409 while offline, in use by someone or playing audio. */
export const startIntercom = (body: VoiceStartRequest) => call(voiceApi.startIntercom, { body }, { silent: true });
export const endIntercom = (sessionId: string) => call(voiceApi.endIntercom, { body: { sessionId } }, { silent: true });

/** Who holds the robot's announcement now (refreshed while the page shows it). */
export function useIntercomHolder(robotId: number | undefined) {
  return useQuery({
    queryKey: [...voiceKey, 'holder', robotId ?? null],
    queryFn: ({ signal }) => call(voiceApi.intercomHolder, { query: { robotId: robotId! } }, { signal, silent: true }),
    enabled: robotId !== undefined,
    refetchInterval: 5_000,
  });
}

/** GET a page of the announcements on record. */
export const fetchAnnouncementPage = (
  params: ListParams<AnnouncementFilters, 'startTime'>,
  signal?: AbortSignal,
): Promise<{ total: number; rows: AnnouncementRow[] }> =>
  call(voiceApi.pageAnnouncements, { query: params }, { signal });

export function refreshAnnouncements(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: announcementsKey });
}
