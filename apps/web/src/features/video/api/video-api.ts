import { useQuery } from '@tanstack/react-query';
import { videoApi, type VideoLayout } from '@patrol/contracts';
import { call } from '@/shared/api';

export const videoKey = ['video'] as const;

/** A camera of a robot, as the player asks for it. */
export type CameraRef = { robotId: number; camera: string };

/** The robots the user may see and the cameras each announced. */
export function useVideoCameras() {
  return useQuery({
    queryKey: [...videoKey, 'cameras'],
    queryFn: ({ signal }) => call(videoApi.videoCameras, {}, { signal }),
    refetchInterval: 15_000,
  });
}

/** A fresh signed URL of a camera's live picture (they expire, so one per connection). */
export function fetchLiveUrl(ref: CameraRef, signal?: AbortSignal) {
  return call(videoApi.videoLive, { query: { robotId: ref.robotId, camera: ref.camera } }, { signal, silent: true });
}

/** A signed URL of a camera's recordings between two times, and where recordings exist. */
export function fetchHistory(ref: CameraRef & { from: number; to: number }, signal?: AbortSignal) {
  return call(
    videoApi.videoHistory,
    { query: { robotId: ref.robotId, camera: ref.camera, from: String(ref.from), to: String(ref.to) } },
    { signal, silent: true },
  );
}

/** A signed download URL of a recorded clip. */
export function fetchClipUrl(ref: CameraRef & { from: number; to: number }) {
  return call(
    videoApi.videoClip,
    { query: { robotId: ref.robotId, camera: ref.camera, from: String(ref.from), to: String(ref.to) } },
    { silent: true },
  );
}

/** The user's panel layout, as the server remembers it. */
export function useVideoLayout() {
  return useQuery({
    queryKey: [...videoKey, 'layout'],
    queryFn: ({ signal }) => call(videoApi.videoLayout, {}, { signal }),
    staleTime: Infinity,
  });
}

export function saveVideoLayout(layout: VideoLayout) {
  return call(videoApi.saveVideoLayout, { body: layout });
}
