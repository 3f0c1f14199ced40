/**
 * Every key the console keeps in the browser (spec section 3), in one place so that signing out
 * can clear exactly what belongs to the session and keep what belongs to the person (language).
 */
export const STORAGE_KEYS = {
  /** Cookie (js-cookie, 1 day): present while signed in. Holds no secret, only the fact. */
  loginCookie: 'login',
  /** sessionStorage: the signed-in user as the login answer gave it. */
  userInfo: 'userInfo',
  token: 'token',
  language: 'language',
  /** The route names of the user's menu joined with '|' (the guard's list). */
  menuList: 'menulist',
  /** The open tag tabs. */
  tagNavList: 'tagNaveList',
  tenantId: 'tenantId',
  /** `{ name }` of the current tenant. */
  tenantInfo: 'tenantInfo',
  warningMuteUntil: 'warningMuteUntil',
  sentimentMuteUntil: 'sentimentMuteUntil',
  /** '0' when the person turned the alarm popups' sound off (kept after signing out). */
  alarmSound: 'alarmSound',
  /** sessionStorage '1' when the console was opened through external access. */
  external: 'isExternal',
  /** sessionStorage '1' when the 3D dashboard button is shown. */
  dashboard3d: 'show3dDashboard',
  /** sessionStorage: script errors caught in this tab. */
  errorLog: 'errorLog',
} as const;

type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage can be disabled by the browser's privacy settings; the console then forgets on reload.
    return null;
  }
}

export function readItem(key: string, which: Area = 'local'): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string, which: Area = 'local'): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: nothing else to do.
  }
}

export function removeItem(key: string, which: Area = 'local'): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // Storage disabled.
  }
}

export function readJson<T>(key: string, which: Area = 'local'): T | null {
  const raw = readItem(key, which);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown, which: Area = 'local'): void {
  writeItem(key, JSON.stringify(value), which);
}
