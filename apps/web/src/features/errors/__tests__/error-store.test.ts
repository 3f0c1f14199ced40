import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/shared/storage';
import { MAX_ERRORS, addError, clearErrors, getErrors, installErrorCapture } from '../store/error-store';

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
