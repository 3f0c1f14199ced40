import { redirect } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { clearSession, getMenuList, hasLoginCookie } from '@/shared/session';
import { decideRoute, guardTarget } from './decide-route';

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
