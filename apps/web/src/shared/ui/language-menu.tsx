import type { ReactElement } from 'react';
import { Dropdown } from 'antd';
import type { MenuProps } from 'antd';

type Props = {
  items: MenuProps['items'];
  selected: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (key: string) => void;
  children: ReactElement;
};

/** The language switch's drop-down menu around its button (loaded on first use, see LanguageSwitch). */
export function LanguageMenu({ items, selected, open, onOpenChange, onSelect, children }: Props) {
  return (
    <Dropdown
      menu={{ items, onClick: ({ key }) => onSelect(key), selectable: true, selectedKeys: [selected] }}
      trigger={['click']}
      open={open}
      onOpenChange={(next) => onOpenChange(next)}
    >
      {children}
    </Dropdown>
  );
}
