import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readJson, writeJson } from '@/shared/storage';

/** A script error caught in this tab (spec section 8: type script, code 0, message and url). */
export type ErrorRecord = {
  id: string;
  type: 'script';
  code: number;
  message: string;
  url: string;
  /** Epoch milliseconds. */
  time: number;
};

/** The newest errors are kept; older ones drop off. */
export const MAX_ERRORS = 100;

let records: ErrorRecord[] = readJson<ErrorRecord[]>(STORAGE_KEYS.errorLog, 'session') ?? [];
const listeners = new Set<() => void>();
let sequence = 0;

function commit(next: ErrorRecord[]): void {
  records = next;
  writeJson(STORAGE_KEYS.errorLog, records, 'session');
  for (const listener of [...listeners]) listener();
}

export function addError(entry: { message: string; url: string; time?: number }): void {
  sequence += 1;
  const time = entry.time ?? Date.now();
  const record: ErrorRecord = {
    id: `${time}-${sequence}`,
    type: 'script',
    code: 0,
    message: entry.message,
    url: entry.url,
    time,
  };
  commit([record, ...records].slice(0, MAX_ERRORS));
}

export function clearErrors(): void {
  commit([]);
}

export function getErrors(): ErrorRecord[] {
  return records;
}

export function subscribeErrors(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The error log, newest first; re-renders when an error arrives. */
export function useErrorLog(): ErrorRecord[] {
  return useSyncExternalStore(subscribeErrors, getErrors);
}

function describe(reason: unknown): string {
  if (reason instanceof Error) return reason.message || reason.name;
  if (typeof reason === 'string') return reason;
  try {
    return JSON.stringify(reason) ?? String(reason);
  } catch {
    return String(reason);
  }
}

/** Sends window errors and unhandled promise rejections to the store; returns the uninstall. */
export function installErrorCapture(target: Window = window): () => void {
  const handleError = (event: ErrorEvent) => {
    addError({ message: event.message || describe(event.error), url: event.filename || target.location.href });
  };
  const handleRejection = (event: PromiseRejectionEvent) => {
    addError({ message: describe(event.reason), url: target.location.href });
  };
  target.addEventListener('error', handleError);
  target.addEventListener('unhandledrejection', handleRejection);
  return () => {
    target.removeEventListener('error', handleError);
    target.removeEventListener('unhandledrejection', handleRejection);
  };
}
