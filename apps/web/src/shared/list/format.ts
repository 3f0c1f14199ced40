import dayjs from 'dayjs';

/** A server time (ISO string) as the console shows it, or an empty cell. */
export function formatTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '';
}
