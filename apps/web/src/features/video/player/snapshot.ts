import dayjs from 'dayjs';

/** `<robot>-<camera>-<time>.png`, the time as the wall clock reads it (no characters files refuse). */
export function snapshotName(robot: string, camera: string, at: number): string {
  const safe = (text: string) => text.replace(/[\\/:*?"<>|\s]+/g, '_');
  return `${safe(robot)}-${safe(camera)}-${dayjs(at).format('YYYYMMDD-HHmmss')}.png`;
}

/** Draws the video's current picture to a canvas and downloads it as a PNG; false when there is none. */
export function takeSnapshot(video: HTMLVideoElement, fileName: string): boolean {
  if (!video.videoWidth || !video.videoHeight) return false;
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  if (!context) return false;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  const anchor = document.createElement('a');
  anchor.href = canvas.toDataURL('image/png');
  anchor.download = fileName;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  return true;
}
