import { useEffect, useMemo } from 'react';

type Entry = { url: string; users: number; timer?: ReturnType<typeof setTimeout> };
const entries = new Map<Blob, Entry>();

function entryOf(blob: Blob): Entry {
  let entry = entries.get(blob);
  if (!entry) {
    entry = { url: URL.createObjectURL(blob), users: 0 };
    entries.set(blob, entry);
  }
  return entry;
}

/**
 * An object URL for a Blob, shared by everything that shows the same Blob (the list's thumbnail
 * and the details' image) and released a moment after the last one goes (a remount keeps it).
 */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const url = useMemo(() => (blob ? entryOf(blob).url : null), [blob]);
  useEffect(() => {
    if (!blob) return;
    const entry = entryOf(blob);
    entry.users += 1;
    clearTimeout(entry.timer);
    return () => {
      entry.users -= 1;
      if (entry.users > 0) return;
      entry.timer = setTimeout(() => {
        if (entry.users > 0) return;
        URL.revokeObjectURL(entry.url);
        entries.delete(blob);
      }, 1_000);
    };
  }, [blob]);
  return url;
}
