import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/shared/storage';
import {
  MAX_ERRORS,
  addError,
  addRequestError,
  clearErrors,
  errorsToCsv,
  getErrors,
  installErrorCapture,
} from './error-store';

describe('error store', () => {
  let uninstall: () => void = () => {};

  beforeEach(() => {
    clearErrors();
    uninstall = installErrorCapture(window);
  });

  afterEach(() => uninstall());

  it('logs a window error as a script error with code 0, message and url', () => {
    window.dispatchEvent(new ErrorEvent('error', { message: 'x is not defined', filename: 'http://host/app.js' }));
    const [record] = getErrors();
    expect(record).toMatchObject({ type: 'script', code: 0, message: 'x is not defined', url: 'http://host/app.js' });
    expect(typeof record!.time).toBe('number');
  });

  it('logs an unhandled rejection with its reason', () => {
    const event = Object.assign(new Event('unhandledrejection'), { reason: new Error('boom') });
    window.dispatchEvent(event);
    expect(getErrors()[0]).toMatchObject({ type: 'script', code: 0, message: 'boom', url: window.location.href });
  });

  it('keeps the newest entries first, capped, in sessionStorage', () => {
    for (let i = 0; i < MAX_ERRORS + 5; i++) addError({ message: `error ${i}`, url: 'u' });
    const errors = getErrors();
    expect(errors).toHaveLength(MAX_ERRORS);
    expect(errors[0]!.message).toBe(`error ${MAX_ERRORS + 4}`);
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.errorLog)!) as unknown[];
    expect(stored).toHaveLength(MAX_ERRORS);
  });

  it('stops listening once uninstalled', () => {
    uninstall();
    window.dispatchEvent(new ErrorEvent('error', { message: 'late' }));
    expect(getErrors()).toHaveLength(0);
  });
});

describe('error export', () => {
  beforeEach(() => clearErrors());

  const columns = { type: 'Type', code: 'Code', message: 'Message', url: 'URL', time: 'Time' };
  const label = (type: string) => (type === 'script' ? 'Script' : 'Request');

  it('writes a header and one row per error, newest first, quoting what needs it', () => {
    addError({ message: 'x is not defined', url: 'http://host/app.js', time: Date.UTC(2026, 0, 2, 3, 4, 5) });
    addError({
      type: 'request',
      code: 500,
      message: 'Server error, "try later"',
      url: '/system-server/user/page',
      time: 0,
    });
    const csv = errorsToCsv(getErrors(), columns, label);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Type,Code,Message,URL,Time',
      'Request,500,"Server error, ""try later""",/system-server/user/page,1970-01-01T00:00:00.000Z',
      'Script,0,x is not defined,http://host/app.js,2026-01-02T03:04:05.000Z',
      '',
    ]);
  });

  it('keeps a message that a spreadsheet would run as a formula as text', () => {
    addError({ message: '=HYPERLINK("http://evil")', url: 'u', time: 0 });
    const [, row] = errorsToCsv(getErrors(), columns, label).slice(1).split('\r\n');
    expect(row).toBe('Script,0,"\'=HYPERLINK(""http://evil"")",u,1970-01-01T00:00:00.000Z');
  });

  it('logs a failed API call once, as a request error, not again as an unhandled rejection', () => {
    const uninstall = installErrorCapture(window);
    const failure = Object.assign(new Error('Server error'), { code: 500 });
    addRequestError(failure, '/system-server/user/page');
    addRequestError(failure, '/system-server/user/page');
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: failure }));
    uninstall();
    expect(getErrors()).toEqual([
      expect.objectContaining({ type: 'request', code: 500, message: 'Server error', url: '/system-server/user/page' }),
    ]);
  });
});
