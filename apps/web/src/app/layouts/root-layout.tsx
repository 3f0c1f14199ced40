import { Suspense, useEffect } from 'react';
import { Spin } from 'antd';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { Announcer } from '@/shared/ui/announcer';
import { ScreenWarning } from './screen-warning';
import { beginProgress } from '../progress';

/** Shown while a route chunk loads; keeps the loading bar running meanwhile. */
export function RouteFallback() {
  useEffect(() => beginProgress(), []);
  return (
    <div className="route-fallback">
      <Spin size="large" />
    </div>
  );
}

/** Around every route: loading bar per navigation, scroll to top afterwards, the screen check, the live regions. */
export function RootLayout() {
  const navigation = useNavigation();
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (navigation.state === 'idle') return;
    return beginProgress();
  }, [navigation.state]);

  useEffect(() => {
    const end = beginProgress();
    window.scrollTo(0, 0);
    const timer = setTimeout(end, 150);
    return () => {
      clearTimeout(timer);
      end();
    };
  }, [pathname, search]);

  return (
    <>
      <Suspense fallback={<RouteFallback />}>
        <Outlet />
      </Suspense>
      <ScreenWarning />
      <Announcer />
    </>
  );
}
