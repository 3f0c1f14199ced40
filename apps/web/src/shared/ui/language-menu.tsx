import type { ReactElement } from 'react';
import { Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { handleMenuKeys } from './menu-keys';
import { useMenuFocus } from './use-menu-focus';

type Props = {
  items: MenuProps['items'];
  selected: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (key: string) => void;
  /** Escape was pressed in the menu: it closes, and the focus goes back to the button. */
  onEscape: () => void;
  children: ReactElement;
};

/**
 * The language switch's drop-down menu around its button (loaded on first use, see LanguageSwitch).
 * It takes the focus when it opens, on the language in use, so the arrows move through it at once.
 */
export function LanguageMenu({ items, selected, open, onOpenChange, onSelect, onEscape, children }: Props) {
  const id = useMenuFocus(open);
  return (
    <Dropdown
      menu={{
        id,
        items,
        onClick: ({ key }) => onSelect(key),
        onKeyDown: (event) => handleMenuKeys(event, onEscape),
        selectable: true,
        selectedKeys: [selected],
      }}
      trigger={['click']}
      open={open}
      onOpenChange={(next) => onOpenChange(next)}
      autoFocus
    >
      {children}
    </Dropdown>
  );
}
