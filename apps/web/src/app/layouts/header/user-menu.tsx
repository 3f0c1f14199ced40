import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Avatar, Button, Dropdown, theme } from 'antd';
import type { MenuProps } from 'antd';
import {
  DownOutlined,
  KeyOutlined,
  LogoutOutlined,
  ReloadOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { seededText } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { ChangePasswordModal } from '@/features/auth/components/change-password-modal';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { useLanguage } from '@/shared/i18n';
import { handleMenuKeys, useMenuFocus } from '@/shared/ui';

type Props = {
  /** The signed-in user; the first administrator's seeded name shows in the reader's language. */
  user: { account: string; username: string };
  /** The acting tenant as stored; a seeded one (known by its code) shows in the reader's language. */
  tenant: { tenantName: string; tenantCode: string };
  onDark?: boolean;
};

/**
 * Tenant (disabled), refresh cache (reload), change password, logout (data-testid `user-menu`).
 * A menu button: Enter, Space or ArrowDown opens the menu with the focus on its first item; an
 * item chosen or Escape gives the focus back to the button (and a dialog opened from it returns
 * there when it closes).
 */
export function UserMenu({ user, tenant, onDark = false }: Props) {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  const lang = useLanguage();
  const tenantName = seededText('tenantName', tenant.tenantCode, tenant.tenantName, lang);
  const username = seededText('userName', user.account, user.username, lang);
  const logout = useLogout();
  const [changing, setChanging] = useState(false);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useMenuFocus(open);

  const items: MenuProps['items'] = [
    { key: 'tenant', icon: <TeamOutlined />, label: t('userMenu.tenant', { name: tenantName }), disabled: true },
    { type: 'divider' },
    { key: 'refresh', icon: <ReloadOutlined />, label: t('userMenu.refreshCache') },
    { key: 'password', icon: <KeyOutlined />, label: t('userMenu.changePassword') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('userMenu.logout'), danger: true },
  ];

  const handleClick: MenuProps['onClick'] = ({ key }) => {
    button.current?.focus();
    if (key === 'refresh') window.location.reload();
    if (key === 'password') setChanging(true);
    if (key === 'logout') void logout();
  };

  const handleEscape = () => {
    setOpen(false);
    button.current?.focus();
  };
  const handleButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' || open) return;
    event.preventDefault();
    setOpen(true);
  };

  return (
    <>
      <Dropdown
        menu={{ id: menuId, items, onClick: handleClick, onKeyDown: (event) => handleMenuKeys(event, handleEscape) }}
        trigger={['click']}
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        autoFocus
      >
        <Button
          ref={button}
          type="text"
          data-testid="user-menu"
          aria-haspopup="menu"
          aria-expanded={open}
          className={onDark ? 'header-button--dark' : undefined}
          onKeyDown={handleButtonKeyDown}
        >
          <Avatar size="small" icon={<UserOutlined />} style={{ backgroundColor: token.colorPrimary }} />
          <span className="user-menu__name">{username}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      <ChangePasswordModal open={changing} onClose={() => setChanging(false)} />
    </>
  );
}
