import { redirect } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { clearSession, getMenuList, hasLoginCookie } from '@/shared/session';
import { decideRoute } from './decide-route';

const TARGETS = { login: '/login', home: '/home', error_401: '/401' } as const;

/** Where the guard sends a refused navigation; login keeps the wanted page as `redirect`. */
export function guardTarget(to: keyof typeof TARGETS, wanted: string): string {
  if (to !== 'login' || wanted === '/' || wanted === '/home' || wanted.startsWith('/login')) return TARGETS[to];
  return `${TARGETS.login}?redirect=${encodeURIComponent(wanted)}`;
}

/** A route loader that runs the navigation guard for the route called `name`. */
export function guardLoader(name: string) {
  return ({ request }: LoaderFunctionArgs) => {
    const decision = decideRoute({ hasLoginCookie: hasLoginCookie(), menuList: getMenuList(), routeName: name });
    if (decision.type === 'allow') return null;
    if (decision.clearSession) clearSession();
    const url = new URL(request.url);
    throw redirect(guardTarget(decision.to, `${url.pathname}${url.search}`));
  };
}
