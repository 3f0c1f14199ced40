import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Button } from 'antd';
import type { MenuProps } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Language } from '@patrol/contracts';
import { isLanguage, setLanguage, useLanguage } from '../i18n';

type Menu = typeof import('./language-menu').LanguageMenu;
// The drop-down (antd's Dropdown and Menu) loads on the first click, and opens then: the login page
// shows only the button. Not earlier (on hover): the button must not be replaced while it is pressed.
const loadMenu = (): Promise<Menu> => import('./language-menu').then((m) => m.LanguageMenu);

/**
 * The language switch of the header and the login page (data-testid `language-switch`). A menu
 * button: Enter, Space or ArrowDown opens the menu with the focus in it; choosing or Escape closes
 * it and gives the focus back to the button.
 */
export function LanguageSwitch({ onDark = false }: { onDark?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [LanguageMenu, setLanguageMenu] = useState<Menu | null>(null);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const labels: Record<Language, string> = {
    'zh-CN': t('languages.zhCN'),
    'zh-TW': t('languages.zhTW'),
    'en-US': t('languages.enUS'),
  };
  const items: MenuProps['items'] = (Object.keys(labels) as Language[]).map((key) => ({
    key,
    label: labels[key],
  }));
  const handleSelect = (key: string) => {
    button.current?.focus();
    if (isLanguage(key) && key !== language) void setLanguage(key);
  };
  const handleEscape = () => {
    setOpen(false);
    button.current?.focus();
  };
  const openFirstTime = () => {
    void loadMenu().then((menu) => {
      setLanguageMenu(() => menu);
      setOpen(true);
    });
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' || open) return;
    event.preventDefault();
    if (LanguageMenu) setOpen(true);
    else openFirstTime();
  };
  const trigger = (
    <Button
      ref={button}
      type="text"
      icon={<GlobalOutlined />}
      // The name starts with what the button shows (the language), then says what it does.
      aria-label={`${labels[language]}, ${t('languages.label')}`}
      data-testid="language-switch"
      style={onDark ? { color: 'rgba(255,255,255,0.85)' } : undefined}
      aria-haspopup="menu"
      aria-expanded={open}
      onClick={LanguageMenu ? undefined : openFirstTime}
      onKeyDown={handleKeyDown}
    >
      {labels[language]}
    </Button>
  );
  if (!LanguageMenu) return trigger;
  return (
    <LanguageMenu
      items={items}
      selected={language}
      open={open}
      onOpenChange={setOpen}
      onSelect={handleSelect}
      onEscape={handleEscape}
    >
      {trigger}
    </LanguageMenu>
  );
}
