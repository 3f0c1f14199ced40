import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { LoginPage } from '@/features/auth/pages/login-page';
import { hasLoginCookie } from '@/shared/session';
import { signInFirst } from './guard/decide-route';
import { ScreenWarning } from './layouts/screen-warning';
import { AppProviders } from './providers';
import { setUpApi } from './configure-api';

/**
 * The login page on its own, for a console opened by nobody signed in: it loads without the
 * router, the guard and the layouts, which load once the user has signed in (`openConsole`), on
 * the page the user had asked for. `start` is the login path, with `redirect` when there is one.
 */
export function renderSignIn(root: Root, start: string, openConsole: () => void): void {
  let opened = false;
  const open = () => {
    if (opened) return;
    opened = true;
    window.removeEventListener('hashchange', onHashChange);
    openConsole();
  };
  const go = (path: string) => {
    window.history.replaceState(null, '', `#${path}`);
    if (!path.startsWith('/login')) open();
  };
  const show = (at: string) => {
    window.history.replaceState(null, '', `#${at}`);
    const redirect = new URLSearchParams(at.split('?')[1] ?? '').get('redirect');
    root.render(
      <StrictMode>
        <AppProviders>
          <LoginPage redirect={redirect} go={go} />
          <ScreenWarning />
        </AppProviders>
      </StrictMode>,
    );
  };
  // Another address typed or pasted while the page shows: the guard's answer, as the routes give it.
  const onHashChange = () => {
    const at = signInFirst(window.location.hash, hasLoginCookie());
    if (at === null) open();
    else show(at);
  };
  window.addEventListener('hashchange', onHashChange);
  setUpApi(go);
  show(start);
}
