import { Suspense, useEffect, useState } from 'react';
import { Button, Spin, Tooltip } from 'antd';
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
import { RouteFallback } from './root-layout';
import './window-layout.css';

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
    <div className="window-layout">
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
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
