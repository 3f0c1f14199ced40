import type { ReactNode } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';

type Props = {
  /** What it creates, e.g. "New user". */
  children: ReactNode;
  onClick: () => void;
  disabled?: boolean;
};

/**
 * A list's button that opens its create dialog: the toolbar's one primary button. Its test id
 * (`list-create`) lets the accessibility suite open every list's create dialog, whatever each
 * page calls it.
 */
export function CreateButton({ children, onClick, disabled }: Props) {
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick} disabled={disabled} data-testid="list-create">
      {children}
    </Button>
  );
}
