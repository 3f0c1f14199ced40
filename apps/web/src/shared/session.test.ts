import { afterEach, describe, expect, it } from 'vitest';
import type { LoginResponse } from '@patrol/contracts';
import { clearSession, isDashboard3dEnabled, startSession } from './session';
import { STORAGE_KEYS } from './storage';

const login = (dashboard3d: boolean): LoginResponse => ({
  token: 'token-1',
  expiresAt: '2026-11-29T00:00:00.000Z',
  user: {
    userId: 7,
    account: 'east-admin',
    username: 'Li Lei',
    tenantId: 5,
    tenantName: 'Campus east',
    platformAdmin: false,
    dashboard3d,
  },
});

describe('session: the 3D dashboard flag', () => {
  afterEach(() => clearSession());

  it("keeps '1' for the browser session when the user's tenant has the 3D dashboard on", () => {
    startSession(login(true));
    expect(sessionStorage.getItem(STORAGE_KEYS.dashboard3d)).toBe('1');
    expect(isDashboard3dEnabled()).toBe(true);
  });

  it("keeps '0' otherwise, replacing what an earlier sign-in left, and sign-out removes it", () => {
    startSession(login(true));
    startSession(login(false));
    expect(sessionStorage.getItem(STORAGE_KEYS.dashboard3d)).toBe('0');
    expect(isDashboard3dEnabled()).toBe(false);
    clearSession();
    expect(sessionStorage.getItem(STORAGE_KEYS.dashboard3d)).toBeNull();
  });
});
