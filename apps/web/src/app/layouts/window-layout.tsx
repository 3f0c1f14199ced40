import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Button, ConfigProvider, Spin, Tooltip, theme, type ThemeConfig } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { isApiError, useHomeData } from '@/shared/api';
import { indexMenu, joinMenuPath } from '@/shared/menu';
import { BrandLogo, FullscreenButton, LanguageSwitch, useDocumentTitle } from '@/shared/ui';
import { useCurrentHandle } from '../route-handle';
import { useRouteTitles } from '../route-title';
import { SystemSwitcher } from './header/system-switcher';
import { UserMenu } from './header/user-menu';
import { LiveSocket } from './live-socket';
import { RouteFallback } from './root-layout';
import './window-layout.css';

const onResize = (listener: () => void) => {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
};
/**
 * The wall screen's base text size: 14px on a 1920-wide screen, growing with the viewport (28px on
 * 3840), never below 14 nor above 32.
 */
export const wallFontSize = (width: number) => Math.max(14, Math.min(32, Math.round(width / 137)));
const viewportFontSize = () => wallFontSize(window.innerWidth);

/**
 * The wall screen's dark look, the window header's navy: antd's dark algorithm, with the console's
 * light-theme text tokens put back to light texts that read on it (AA on the panel background).
 */
function wallTheme(fontSize: number): ThemeConfig {
  return {
    algorithm: theme.darkAlgorithm,
    token: {
      fontSize,
      colorPrimary: '#1668dc',
      colorInfo: '#1668dc',
      colorPrimaryHover: '#3c89e8',
      colorLinkHover: '#3c89e8',
      colorError: '#ff7875',
      colorErrorHover: '#ffa39e',
      colorBgBase: '#0b1733',
      colorBgLayout: '#0b1733',
      colorBgContainer: '#10224a',
      colorBgElevated: '#173062',
      colorBorderSecondary: 'rgba(143, 176, 255, 0.18)',
      colorText: 'rgba(255, 255, 255, 0.9)',
      colorTextSecondary: 'rgba(255, 255, 255, 0.75)',
      colorTextTertiary: 'rgba(255, 255, 255, 0.7)',
      colorTextDescription: 'rgba(255, 255, 255, 0.7)',
      colorTextPlaceholder: 'rgba(255, 255, 255, 0.6)',
    },
  };
}

/**
 * The separate-window layout of Work View and Trend View: a tag per sibling page, each opening in
 * its own browser window; full screen; a header that can be hidden.
 */
export function WindowLayout({ section }: { section: 'workVision' | 'trendVision' }) {
  const { t } = useTranslation('layout');
  const home = useHomeData();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [headerShown, setHeaderShown] = useState(true);
  const fontSize = useSyncExternalStore(onResize, viewportFontSize);
  const failed = home.isError && !home.isFetching && !(isApiError(home.error) && home.error.kind === 'unauthorized');
  const handle = useCurrentHandle();
  const titleOf = useRouteTitles();
  // The page, then its window (both sections have an "Overview"), once the menu's titles are here.
  useDocumentTitle(home.data && handle ? titleOf(handle.name) : null, home.data ? titleOf(section) : null);

  useEffect(() => {
    if (failed) void navigate('/500', { replace: true });
  }, [failed, navigate]);

  if (!home.data) {
    return (
      <div className="shell-loading">
        <Spin size="large" />
      </div>
    );
  }

  const entry = indexMenu(home.data.menu).get(section);
  const siblings = entry
    ? entry.node.children.map((child) => ({
        name: child.name,
        title: child.title,
        path: joinMenuPath(entry.fullPath, child.path),
      }))
    : [];
  const user = home.data.loginUser;

  return (
    <ConfigProvider theme={wallTheme(fontSize)}>
      <div className="window-layout" style={{ fontSize }}>
        {headerShown ? (
          <header className="window-layout__header">
            <div className="window-layout__brand">
              <BrandLogo />
              {entry && <span className="window-layout__section">{entry.node.title}</span>}
            </div>
            {/* Links, so the keyboard reaches them and the browser knows where they go: each sibling
              opens in its own window, named as the system switcher names it (`openInWindow`). */}
            <nav className="window-layout__tags" data-testid="window-tags" aria-label={entry?.node.title}>
              {siblings.map((sibling) =>
                sibling.path === pathname ? (
                  <a
                    key={sibling.name}
                    className="window-layout__tag window-layout__tag--active"
                    href={`#${sibling.path}`}
                    aria-current="page"
                    data-testid={`window-tag-${sibling.name}`}
                  >
                    {sibling.title}
                  </a>
                ) : (
                  <Tooltip key={sibling.name} title={t('window.openWindow')}>
                    <a
                      className="window-layout__tag"
                      href={`#${sibling.path}`}
                      target={`patrol-${sibling.name}`}
                      data-testid={`window-tag-${sibling.name}`}
                    >
                      {sibling.title}
                    </a>
                  </Tooltip>
                ),
              )}
            </nav>
            <div className="window-layout__actions">
              <FullscreenButton />
              <Tooltip title={t('window.hideHeader')}>
                <Button
                  type="text"
                  icon={<EyeInvisibleOutlined />}
                  aria-label={t('window.hideHeader')}
                  onClick={() => setHeaderShown(false)}
                />
              </Tooltip>
              <LanguageSwitch onDark />
              <SystemSwitcher current={section} onDark />
              <UserMenu user={user} tenant={user} onDark />
            </div>
          </header>
        ) : (
          <Tooltip title={t('window.showHeader')} placement="left">
            <Button
              className="window-layout__reveal"
              shape="circle"
              icon={<EyeOutlined />}
              aria-label={t('window.showHeader')}
              onClick={() => setHeaderShown(true)}
            />
          </Tooltip>
        )}
        <main className="window-layout__content">
          {/* The console socket: the windows' live figures come from its pushes. */}
          <LiveSocket>
            <Suspense fallback={<RouteFallback />}>
              <Outlet />
            </Suspense>
          </LiveSocket>
        </main>
      </div>
    </ConfigProvider>
  );
}
