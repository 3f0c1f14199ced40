import { describe, expect, it } from 'vitest';
import { decideRoute, signInFirst } from './decide-route';

const MENU = 'home|task|path|taskList|sys|tenant';

describe('decideRoute (spec section 2 navigation guard)', () => {
  describe('without the login cookie', () => {
    it.each(['login', 'external-login'])('lets %s open', (routeName) => {
      expect(decideRoute({ hasLoginCookie: false, menuList: null, routeName })).toEqual({ type: 'allow' });
    });

    it.each(['home', 'path', 'error_401', 'error_404', 'debug', 'lol'])('sends %s to login', (routeName) => {
      expect(decideRoute({ hasLoginCookie: false, menuList: MENU, routeName })).toEqual({
        type: 'redirect',
        to: 'login',
      });
    });
  });

  describe('with the login cookie', () => {
    it('sends login to home', () => {
      expect(decideRoute({ hasLoginCookie: true, menuList: MENU, routeName: 'login' })).toEqual({
        type: 'redirect',
        to: 'home',
      });
    });

    it('sends login to home even before the menu list exists', () => {
      expect(decideRoute({ hasLoginCookie: true, menuList: null, routeName: 'login' })).toEqual({
        type: 'redirect',
        to: 'home',
      });
    });

    it.each([null, ''])('clears the session and goes to login when the menu list is %j', (menuList) => {
      expect(decideRoute({ hasLoginCookie: true, menuList, routeName: 'home' })).toEqual({
        type: 'redirect',
        to: 'login',
        clearSession: true,
      });
    });

    it('lets a route of the menu list open', () => {
      expect(decideRoute({ hasLoginCookie: true, menuList: MENU, routeName: 'taskList' })).toEqual({ type: 'allow' });
    });

    it('matches whole names only', () => {
      expect(decideRoute({ hasLoginCookie: true, menuList: MENU, routeName: 'task' })).toEqual({ type: 'allow' });
      expect(decideRoute({ hasLoginCookie: true, menuList: MENU, routeName: 'taskExecute' })).toEqual({
        type: 'redirect',
        to: 'error_401',
      });
    });

    it.each(['home', 'external-login', 'error_401', 'error_404', 'error_500', 'debug', 'lol', 'error_logger'])(
      'lets the always-allowed route %s open when it is not in the menu',
      (routeName) => {
        expect(decideRoute({ hasLoginCookie: true, menuList: 'path', routeName })).toEqual({ type: 'allow' });
      },
    );

    it('sends a route outside the menu to error_401', () => {
      expect(decideRoute({ hasLoginCookie: true, menuList: MENU, routeName: 'moveRobot' })).toEqual({
        type: 'redirect',
        to: 'error_401',
      });
    });
  });
});

describe('signInFirst: the login page opens on its own when nobody is signed in', () => {
  it('opens the login page first for any console route, keeping the wanted page', () => {
    expect(signInFirst('#/sys/rolectrl', false)).toBe('/login?redirect=%2Fsys%2Frolectrl');
    expect(signInFirst('#/data/position?robot=7', false)).toBe('/login?redirect=%2Fdata%2Fposition%3Frobot%3D7');
    expect(signInFirst('#/login?redirect=%2Fsys%2Ftenant', false)).toBe('/login?redirect=%2Fsys%2Ftenant');
  });

  it('does not keep home, the root or the login page itself as the page to open afterwards', () => {
    expect(signInFirst('', false)).toBe('/login');
    expect(signInFirst('#/', false)).toBe('/login');
    expect(signInFirst('#/home', false)).toBe('/login');
    expect(signInFirst('#/login', false)).toBe('/login');
  });

  it('leaves the routes to decide for a signed-in user and for the external login', () => {
    expect(signInFirst('#/sys/rolectrl', true)).toBeNull();
    expect(signInFirst('#/login', true)).toBeNull();
    expect(signInFirst('#/external-login?token=x', false)).toBeNull();
  });
});
