import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Button, FloatButton, Layout, Modal, Spin, Tooltip } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useOutlet } from 'react-router';
import { LAYOUT } from '@patrol/contracts';
import type { HomeData } from '@patrol/contracts';
import { AlarmPopups } from '@/features/alarms/components/alarm-popups';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { FleetStopControl } from '@/features/fleet-stop/components/fleet-stop-control';
import { MessageCenter } from '@/features/notices/components/message-center';
import { isApiError, useAppConfig, useHomeData } from '@/shared/api';
import type { AppConfig } from '@/shared/api';
import { needsCloseConfirm } from '@/shared/close-guard';
import { FleetSync } from '@/shared/fleet';
import { StickyTopContext } from '@/shared/list/sticky-top';
import { RealtimeProvider, resolveSocketUrl } from '@/shared/realtime';
import { isDashboard3dEnabled } from '@/shared/session';
import { BrandLogo, FullscreenButton, LanguageSwitch, useDocumentTitle } from '@/shared/ui';
import { useCurrentHandle } from '../route-handle';
import { useRouteTitles } from '../route-title';
import { BreadcrumbNav } from './header/breadcrumb-nav';
import { DashboardButton } from './header/dashboard-button';
import { LinkStatus } from './header/link-status';
import { SystemSwitcher } from './header/system-switcher';
import { TenantSwitcher } from './header/tenant-switcher';
import { UserMenu } from './header/user-menu';
import { PageCache, usePageCache } from './page-cache';
import { SideMenu } from './side-menu';
import { confirmClose } from './tags/confirm-close';
import { TagBar } from './tags/tag-bar';
import { HOME_TAG, closeAll, closeOthers, closeTag, neighbourAfterClose, removedTags, tagHref } from './tags/tag-store';
import type { TagNav } from './tags/tag-store';
import { useTagNav } from './tags/use-tag-nav';
import './main-layout.css';

/** The height of the bars kept at the top while the page scrolls: the header (56) and the tag bar (40) of main-layout.css. */
const SHELL_TOP_HEIGHT = 56 + 40;

function ShellSpinner() {
  const { t } = useTranslation();
  return (
    <div className="shell-loading" role="status" aria-live="polite">
      <Spin size="large" />
      <span>{t('loading')}</span>
    </div>
  );
}

/**
 * The main shell (spec section 4): a spinner until the home data loads; its failure goes to
 * error_500; an empty menu shows "no menu permission" and logs out on confirm; otherwise the
 * config loads, the shell is initialised and the live socket opens.
 */
export function MainLayout() {
  const { t } = useTranslation('layout');
  const home = useHomeData();
  const navigate = useNavigate();
  const logout = useLogout();
  const menuEmpty = home.data !== undefined && home.data.menu.length === 0;
  const config = useAppConfig(home.data !== undefined && !menuEmpty);
  // A 401 is handled by the api client (it ends the session and goes to login).
  const failed = home.isError && !home.isFetching && !(isApiError(home.error) && home.error.kind === 'unauthorized');

  useEffect(() => {
    if (failed) void navigate('/500', { replace: true });
  }, [failed, navigate]);

  if (menuEmpty) {
    return (
      <>
        <ShellSpinner />
        <Modal
          open
          title={t('noMenu.title')}
          closable={false}
          maskClosable={false}
          keyboard={false}
          onOk={() => void logout()}
          footer={(_, { OkBtn }) => <OkBtn />}
        >
          {t('noMenu.content')}
        </Modal>
      </>
    );
  }
  if (!home.data || failed || config.isPending) return <ShellSpinner />;

  const userId = home.data.loginUser.userId;
  const socketUrl = config.data?.socketUrl ? resolveSocketUrl(config.data.socketUrl, userId) : null;
  return (
    <RealtimeProvider url={socketUrl}>
      <FleetSync />
      <Shell home={home.data} config={config.data ?? null} />
      {/* After the page in the document, so the skip link and the page come first by keyboard. */}
      <AlarmPopups userId={userId} />
    </RealtimeProvider>
  );
}

function Shell({ home, config }: { home: HomeData; config: AppConfig | null }) {
  const { t } = useTranslation('layout');
  const [collapsed, setCollapsed] = useState(false);
  const [dashboard3d] = useState(isDashboard3dEnabled);
  const navigate = useNavigate();
  const location = useLocation();
  const handle = useCurrentHandle();
  const outlet = useOutlet();
  const titleOf = useRouteTitles();
  useDocumentTitle(handle ? titleOf(handle.name) : null);

  const current: TagNav | null = handle
    ? { name: handle.name, path: location.pathname, search: location.search }
    : null;
  const { tags, setTags } = useTagNav(current);
  const { pages, evict } = usePageCache(location.pathname, outlet, handle?.cache !== false);

  /**
   * Applies a close action: confirm if a closing page asks for it, evict, move off a closed page.
   * Resolves once it is over and any dialog has gone (the tag bar moves the focus then): true when
   * closed, false when refused or when nothing was to close.
   */
  const applyClose = (next: TagNav[], target: TagNav): Promise<boolean> => {
    const removed = removedTags(tags, next);
    if (removed.length === 0) return Promise.resolve(false);
    const run = () => {
      setTags(next);
      evict(removed.map((tag) => tag.path));
      if (removed.some((tag) => tag.path === location.pathname)) void navigate(tagHref(target));
    };
    if (!removed.some((tag) => needsCloseConfirm(tag.path))) {
      run();
      return Promise.resolve(true);
    }
    return confirmClose({ title: t('tags.confirmTitle'), content: t('tags.confirmContent') }, run);
  };

  const handleClose = (tag: TagNav) => applyClose(closeTag(tags, tag.path), neighbourAfterClose(tags, tag.path));
  const handleCloseOthers = (tag: TagNav) => applyClose(closeOthers(tags, tag.path), tag);
  const handleCloseAll = () => applyClose(closeAll(tags), tags[0] ?? HOME_TAG);
  const handleSelect = (tag: TagNav) => {
    if (tagHref(tag) !== `${location.pathname}${location.search}`) void navigate(tagHref(tag));
  };

  const siderWidth = collapsed ? LAYOUT.menuCollapsedWidth : LAYOUT.menuWidth;
  const user = home.loginUser;
  // The skip link moves the focus to the page itself (an href would change the hash route).
  const main = useRef<HTMLElement>(null);
  // Signing in removes the login form and the focus with it; the browser would then start the next
  // Tab where the form's button was, in the middle of the shell. Start it at the top (the skip link).
  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    const body = document.body;
    body.tabIndex = -1;
    body.focus({ preventScroll: true });
    body.removeAttribute('tabindex');
  }, []);
  const handleSkip = (event: MouseEvent) => {
    event.preventDefault();
    main.current?.focus();
  };
  return (
    <Layout className="shell">
      <a className="skip-link" href="#" onClick={handleSkip}>
        {t('landmarks.skipToContent')}
      </a>
      <Layout.Sider
        className="shell__sider"
        width={LAYOUT.menuWidth}
        collapsedWidth={LAYOUT.menuCollapsedWidth}
        collapsible
        collapsed={collapsed}
        // A narrow window (a 1366 screen zoomed to 200 %) folds the menu to its icons; the toggle still opens it.
        breakpoint="lg"
        onBreakpoint={setCollapsed}
        trigger={null}
      >
        <BrandLogo collapsed={collapsed} />
        <nav aria-label={t('landmarks.menu')}>
          <SideMenu menu={home.menu} collapsed={collapsed} />
        </nav>
      </Layout.Sider>
      <Layout className="shell__main" style={{ marginLeft: siderWidth }}>
        <div className="shell__top">
          <Layout.Header className="shell__header">
            <Tooltip title={collapsed ? t('sider.expand') : t('sider.collapse')}>
              <Button
                type="text"
                icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                onClick={() => setCollapsed(!collapsed)}
                aria-label={collapsed ? t('sider.expand') : t('sider.collapse')}
                data-testid="sider-toggle"
              />
            </Tooltip>
            <BreadcrumbNav />
            <div className="shell__actions">
              <LinkStatus />
              <FleetStopControl />
              {dashboard3d && <DashboardButton url={config?.dashboardUrl ?? null} />}
              <MessageCenter />
              <FullscreenButton />
              <LanguageSwitch />
              <SystemSwitcher />
              {user.platformAdmin ? <TenantSwitcher tenantId={user.tenantId} /> : null}
              <UserMenu user={user} tenant={user} />
            </div>
          </Layout.Header>
          <TagBar
            tags={tags}
            activePath={location.pathname}
            titleOf={titleOf}
            onSelect={handleSelect}
            onClose={handleClose}
            onCloseOthers={handleCloseOthers}
            onCloseAll={handleCloseAll}
          />
        </div>
        <Layout.Content className="shell__content" ref={main} tabIndex={-1}>
          {/* A list's header row sticks just below those bars. */}
          <StickyTopContext.Provider value={SHELL_TOP_HEIGHT}>
            <PageCache pages={pages} currentKey={location.pathname} outlet={outlet} />
          </StickyTopContext.Provider>
        </Layout.Content>
        <FloatButton.BackTop visibilityHeight={240} />
      </Layout>
    </Layout>
  );
}
