import { Suspense, useEffect, useState } from 'react';
import { Button, Spin, Tag, Tooltip } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { isApiError, useHomeData } from '@/shared/api';
import { indexMenu, joinMenuPath } from '@/shared/menu';
import { BrandLogo, FullscreenButton, LanguageSwitch, useDocumentTitle } from '@/shared/ui';
import { useCurrentHandle } from '../route-handle';
import { useRouteTitles } from '../route-title';
import { SystemSwitcher, openInWindow } from './header/system-switcher';
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
          <nav className="window-layout__tags" data-testid="window-tags">
            {siblings.map((sibling) => (
              <Tooltip key={sibling.name} title={sibling.path === pathname ? undefined : t('window.openWindow')}>
                <Tag
                  className={`window-layout__tag${sibling.path === pathname ? ' window-layout__tag--active' : ''}`}
                  data-testid={`window-tag-${sibling.name}`}
                  onClick={() => {
                    if (sibling.path !== pathname) openInWindow(sibling.path, sibling.name);
                  }}
                >
                  {sibling.title}
                </Tag>
              </Tooltip>
            ))}
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
