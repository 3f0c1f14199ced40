import { Button, Dropdown, Tooltip } from 'antd';
import type { MenuProps } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { firstLeafPath, useMenuIndex } from '@/shared/menu';

const WINDOWS = ['workVision', 'trendVision'] as const;

/** Opens a console route in its own browser window (named, so a second click reuses it). */
export function openInWindow(path: string, name: string): Window | null {
  const url = `${window.location.pathname}${window.location.search}#${path}`;
  return window.open(url, `patrol-${name}`);
}

/**
 * The console, and the Work View and Trend View windows the user's menu holds
 * (data-testid `system-switcher`). The views open in a new window.
 */
export function SystemSwitcher({ current = 'console', onDark = false }: { current?: string; onDark?: boolean }) {
  const { t } = useTranslation('layout');
  const index = useMenuIndex();
  const navigate = useNavigate();
  const items: MenuProps['items'] = [
    { key: 'console', label: t('systems.console') },
    ...WINDOWS.flatMap((name) => {
      const entry = index.get(name);
      return entry ? [{ key: name, label: entry.node.title }] : [];
    }),
  ];
  const handleClick: MenuProps['onClick'] = ({ key }) => {
    if (key === current) return;
    if (key === 'console') {
      void navigate('/home');
      return;
    }
    const entry = index.get(key);
    if (entry) openInWindow(firstLeafPath(entry), key);
  };
  return (
    <Dropdown menu={{ items, onClick: handleClick, selectable: true, selectedKeys: [current] }} trigger={['click']}>
      <Tooltip title={t('systems.label')} placement="left">
        <Button
          type="text"
          icon={<AppstoreOutlined />}
          aria-label={t('systems.label')}
          data-testid="system-switcher"
          className={onDark ? 'header-button--dark' : undefined}
        />
      </Tooltip>
    </Dropdown>
  );
}
