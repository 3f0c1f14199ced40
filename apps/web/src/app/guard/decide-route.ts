import { ALWAYS_ALLOWED_ROUTES } from '@patrol/contracts/plain';

/** Routes reachable without the login cookie. */
export const PUBLIC_ROUTES = ['login', 'external-login'] as const;

export type GuardInput = {
  /** The login cookie is present. */
  hasLoginCookie: boolean;
  /** The pipe-separated menu name list kept in localStorage (`menulist`), or null when absent. */
  menuList: string | null;
  /** The name of the route being opened. */
  routeName: string;
};

export type GuardDecision =
  | { type: 'allow' }
  | { type: 'redirect'; to: 'login' | 'home' | 'error_401'; clearSession?: true };

/**
 * The navigation guard of spec section 2, as a pure function:
 * - without the login cookie, only login and external-login open; everything else goes to login;
 * - a signed-in user opening login goes to home;
 * - an empty or missing menu list clears the stored session and goes to login;
 * - otherwise the route name must be in the menu list or always allowed, else error_401.
 */
export function decideRoute({ hasLoginCookie, menuList, routeName }: GuardInput): GuardDecision {
  if (!hasLoginCookie) {
    return (PUBLIC_ROUTES as readonly string[]).includes(routeName)
      ? { type: 'allow' }
      : { type: 'redirect', to: 'login' };
  }
  if (routeName === 'login') return { type: 'redirect', to: 'home' };
  const names = (menuList ?? '').split('|').filter(Boolean);
  if (names.length === 0) return { type: 'redirect', to: 'login', clearSession: true };
  if (names.includes(routeName) || (ALWAYS_ALLOWED_ROUTES as readonly string[]).includes(routeName)) {
    return { type: 'allow' };
  }
  return { type: 'redirect', to: 'error_401' };
}

const TARGETS = { login: '/login', home: '/home', error_401: '/401' } as const;

/** Where the guard sends a refused navigation; login keeps the wanted page as `redirect`. */
export function guardTarget(to: keyof typeof TARGETS, wanted: string): string {
  if (to !== 'login' || wanted === '/' || wanted === '/home' || wanted.startsWith('/login')) return TARGETS[to];
  return `${TARGETS.login}?redirect=${encodeURIComponent(wanted)}`;
}

/**
 * Where a console opened on `hash` starts when it would show the login page first (no login
 * cookie, and not the external login): the login path with the wanted page as `redirect`, so the
 * page opens without the router; null when the console's routes decide.
 */
export function signInFirst(hash: string, hasLoginCookie: boolean): string | null {
  const wanted = hash.replace(/^#/, '') || '/';
  const pathname = wanted.split('?')[0]!;
  if (hasLoginCookie || pathname === '/external-login') return null;
  return pathname === '/login' ? wanted : guardTarget('login', wanted);
}
