import { afterEach, describe, expect, it } from 'vitest';
import Cookies from 'js-cookie';
import { createMemoryRouter, matchRoutes } from 'react-router';
import { ALWAYS_ALLOWED_ROUTES, MENU_TREE } from '@patrol/contracts';
import type { MenuSeed } from '@patrol/contracts';
import { STORAGE_KEYS } from '@/shared/storage';
import { routes } from './router';
import type { RouteHandle } from './route-handle';

function routeAt(path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  return matches[matches.length - 1]?.route;
}

function leaves(nodes: MenuSeed[], base = ''): { name: string; path: string }[] {
  return nodes.flatMap((node) => {
    const path = node.path.startsWith('/') ? node.path : `${base}/${node.path}`;
    return node.children?.length ? leaves(node.children, path) : [{ name: node.name, path }];
  });
}

async function navigateTo(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
  const { pathname, search } = router.state.location;
  router.dispose();
  return `${pathname}${search}`;
}

describe('route table', () => {
  it.each(leaves(MENU_TREE))('has a guarded route named $name at $path', ({ name, path }) => {
    const route = routeAt(path);
    expect((route?.handle as RouteHandle | undefined)?.name).toBe(name);
    expect(route?.loader).toBeTypeOf('function');
  });

  it.each([
    ['/login', 'login'],
    ['/external-login', 'external-login'],
    ['/home', 'home'],
    ['/401', 'error_401'],
    ['/500', 'error_500'],
    ['/lol', 'lol'],
    ['/debug', 'debug'],
    ['/errorLogger', 'error_logger'],
    ['/no/such/page', 'error_404'],
  ])('maps %s to %s', (path, name) => {
    expect((routeAt(path)?.handle as RouteHandle).name).toBe(name);
  });

  it('names only routes the guard knows', () => {
    const menu = new Set(leaves(MENU_TREE).map((leaf) => leaf.name));
    const hidden = ['/401', '/500', '/lol', '/debug', '/errorLogger', '/x', '/home', '/login', '/external-login'];
    for (const path of hidden) {
      const name = (routeAt(path)?.handle as RouteHandle).name;
      expect(menu.has(name) || (ALWAYS_ALLOWED_ROUTES as readonly string[]).includes(name)).toBe(true);
    }
  });
});

describe('navigation guard on the router', () => {
  afterEach(() => Cookies.remove(STORAGE_KEYS.loginCookie));

  const signIn = (menuList: string) => {
    Cookies.set(STORAGE_KEYS.loginCookie, '1');
    localStorage.setItem(STORAGE_KEYS.menuList, menuList);
  };

  it('sends a signed-out user to login, keeping the wanted page', async () => {
    expect(await navigateTo('/task/path')).toBe('/login?redirect=%2Ftask%2Fpath');
    expect(await navigateTo('/')).toBe('/login');
  });

  it('opens / as /home for a signed-in user', async () => {
    signIn('home|task|path');
    expect(await navigateTo('/')).toBe('/home');
  });

  it('opens a route of the menu and refuses the others with 401', async () => {
    signIn('home|task|path');
    expect(await navigateTo('/task/path')).toBe('/task/path');
    expect(await navigateTo('/sys/tenant')).toBe('/401');
  });

  it('sends a signed-in user away from login', async () => {
    signIn('home');
    expect(await navigateTo('/login')).toBe('/home');
  });

  it('shows 404 for unknown paths', async () => {
    signIn('home');
    expect(await navigateTo('/nothing/here')).toBe('/nothing/here');
  });

  it('clears the session when the menu list is empty', async () => {
    signIn('');
    localStorage.setItem(STORAGE_KEYS.token, 't');
    expect(await navigateTo('/home')).toBe('/login');
    expect(Cookies.get(STORAGE_KEYS.loginCookie)).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
