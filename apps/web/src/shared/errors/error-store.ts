import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readJson, writeJson } from '../storage';

/**
 * An error caught in this tab: a script error (spec section 8: type script, code 0, message and
 * url) or a failed API call (type request, its envelope or HTTP code, 0 without an answer, and
 * the API path). Kept in this browser session for the error logger and the diagnostics page.
 */
export type ErrorRecord = {
  id: string;
  type: ErrorType;
  code: number;
  message: string;
  url: string;
  /** Epoch milliseconds. */
  time: number;
};

export type ErrorType = 'script' | 'request';

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

/** Logs an error; a script error (code 0) unless `type` and `code` say otherwise. */
export function addError(entry: {
  message: string;
  url: string;
  time?: number;
  type?: ErrorType;
  code?: number;
}): void {
  sequence += 1;
  const time = entry.time ?? Date.now();
  const record: ErrorRecord = {
    id: `${time}-${sequence}`,
    type: entry.type ?? 'script',
    code: entry.code ?? 0,
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
    // A failed API call is logged once, as a request, by the api client.
    if (isLoggedRequestFailure(event.reason)) return;
    addError({ message: describe(event.reason), url: target.location.href });
  };
  target.addEventListener('error', handleError);
  target.addEventListener('unhandledrejection', handleRejection);
  return () => {
    target.removeEventListener('error', handleError);
    target.removeEventListener('unhandledrejection', handleRejection);
  };
}

const logged = new WeakSet<object>();

/** Logs a failed API call as type request: its code (0 when no answer came), message and API path. */
export function addRequestError(error: Error & { code: number }, path: string): void {
  if (logged.has(error)) return;
  logged.add(error);
  addError({ type: 'request', code: error.code, message: error.message, url: path });
}

function isLoggedRequestFailure(reason: unknown): boolean {
  return typeof reason === 'object' && reason !== null && logged.has(reason);
}

/** The column titles of an export, in the reader's language. */
export type ErrorColumns = Record<'type' | 'code' | 'message' | 'url' | 'time', string>;

function csvCell(value: string): string {
  // A cell that a spreadsheet would read as a formula is kept as text.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The errors as CSV: a byte-order mark (so spreadsheet programs read the Chinese right), one
 * header row, then one row per error, newest first; times in ISO 8601.
 */
export function errorsToCsv(
  list: readonly ErrorRecord[],
  columns: ErrorColumns,
  typeLabel: (type: ErrorType) => string,
  formatTime: (time: number) => string = (time) => new Date(time).toISOString(),
): string {
  const header = [columns.type, columns.code, columns.message, columns.url, columns.time];
  const rows = list.map((r) => [typeLabel(r.type), String(r.code), r.message, r.url, formatTime(r.time)]);
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
