import Cookies from 'js-cookie';
import { DEFAULT_TENANT_ID, LOGIN_COOKIE_DAYS, menuNames } from '@patrol/contracts/plain';
import type { LoginResponse, MenuNode, SessionUser } from '@patrol/contracts';
import { STORAGE_KEYS, readItem, readJson, removeItem, writeItem, writeJson } from './storage';

/** True while the login cookie lives (it expires after one day, like the server session). */
export function hasLoginCookie(): boolean {
  return Cookies.get(STORAGE_KEYS.loginCookie) !== undefined;
}

export function getToken(): string | null {
  return readItem(STORAGE_KEYS.token);
}

export function getTenantId(): number {
  const value = Number(readItem(STORAGE_KEYS.tenantId));
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_TENANT_ID;
}

export function getUserInfo(): SessionUser | null {
  return readJson<SessionUser>(STORAGE_KEYS.userInfo, 'session');
}

export function getMenuList(): string | null {
  return readItem(STORAGE_KEYS.menuList);
}

export function isExternalAccess(): boolean {
  return readItem(STORAGE_KEYS.external, 'session') === '1';
}

export function isDashboard3dEnabled(): boolean {
  return readItem(STORAGE_KEYS.dashboard3d, 'session') === '1';
}

/** Stores what a successful sign-in returns. */
export function startSession(login: LoginResponse): void {
  Cookies.set(STORAGE_KEYS.loginCookie, '1', { expires: LOGIN_COOKIE_DAYS, sameSite: 'lax' });
  writeItem(STORAGE_KEYS.token, login.token);
  writeJson(STORAGE_KEYS.userInfo, login.user, 'session');
  writeItem(STORAGE_KEYS.tenantId, String(login.user.tenantId));
  writeJson(STORAGE_KEYS.tenantInfo, { name: login.user.tenantName });
  // The header's 3D dashboard button (spec section 3): '1' when the user's tenant has it on.
  writeItem(STORAGE_KEYS.dashboard3d, login.user.dashboard3d ? '1' : '0', 'session');
}

/** Writes the guard's list: every route name of the menu tree joined with '|'. */
export function storeMenuList(menu: MenuNode[]): string {
  const list = menuNames(menu).join('|');
  writeItem(STORAGE_KEYS.menuList, list);
  return list;
}

/**
 * Ends the session in the browser: cookie, token, user, menu list, tags, tenant and the alarm
 * mute times go; the language stays, it belongs to the person and not to the session.
 */
export function clearSession(): void {
  Cookies.remove(STORAGE_KEYS.loginCookie);
  for (const key of [
    STORAGE_KEYS.token,
    STORAGE_KEYS.menuList,
    STORAGE_KEYS.tagNavList,
    STORAGE_KEYS.tenantId,
    STORAGE_KEYS.tenantInfo,
    STORAGE_KEYS.warningMuteUntil,
    STORAGE_KEYS.sentimentMuteUntil,
  ]) {
    removeItem(key);
  }
  for (const key of [STORAGE_KEYS.userInfo, STORAGE_KEYS.external, STORAGE_KEYS.dashboard3d]) {
    removeItem(key, 'session');
  }
}

const tenantListeners = new Set<() => void>();

/** Calls `listener` whenever the acting tenant changes (live views re-watch it); returns the unsubscribe. */
export function onTenantChange(listener: () => void): () => void {
  tenantListeners.add(listener);
  return () => {
    tenantListeners.delete(listener);
  };
}

/**
 * A platform administrator's choice of the tenant to act in: every following call sends it as the
 * `tenant-id` header, and the server checks it on each request.
 */
export function setActingTenant(tenantId: number, tenantName: string): void {
  writeItem(STORAGE_KEYS.tenantId, String(tenantId));
  writeJson(STORAGE_KEYS.tenantInfo, { name: tenantName });
  for (const listener of [...tenantListeners]) listener();
}

/** Flags this browser session as opened through external access (spec section 3). */
export function markExternalAccess(): void {
  writeItem(STORAGE_KEYS.external, '1', 'session');
}
