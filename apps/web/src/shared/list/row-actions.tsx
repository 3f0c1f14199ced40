import type { ReactNode } from 'react';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

type Disabled = {
  /** The action is shown but cannot be used on this row (e.g. one's own account, a built-in role). */
  disabled?: boolean;
  /** Why it cannot be used, as the disabled link's tooltip (also its accessible description). */
  reason?: ReactNode;
};

/** A link that says why it is disabled when pointed at or focused. */
function Explained({ disabled, reason, children }: Disabled & { children: ReactNode }) {
  if (!disabled || !reason) return children;
  // A disabled button receives no pointer events in every browser; its wrapper does.
  return (
    <Tooltip title={reason}>
      <span className="row-actions__disabled">{children}</span>
    </Tooltip>
  );
}

/** The actions cell of a list row: its links side by side, never wrapping. */
export function RowActions({ children }: { children: ReactNode }) {
  return <Space size={0}>{children}</Space>;
}

/** The "Edit" link of a list row. */
export function EditAction({ onClick, disabled, reason }: Disabled & { onClick: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Explained disabled={disabled} reason={reason}>
      <Button type="link" size="small" icon={<EditOutlined />} onClick={onClick} disabled={disabled}>
        {t('list.edit')}
      </Button>
    </Explained>
  );
}

type DeleteProps = Disabled & {
  title: ReactNode;
  description?: ReactNode;
  /** Deletes the row (and refreshes the list); a failure is reported by the query client. */
  onConfirm: () => Promise<unknown>;
};

/** The "Delete" link of a list row: asks first, then deletes through a mutation. */
export function DeleteAction({ title, description, onConfirm, disabled, reason }: DeleteProps) {
  const { t } = useTranslation('common');
  const remove = useMutation({ mutationFn: () => onConfirm() });
  const button = (
    <Button type="link" size="small" danger icon={<DeleteOutlined />} disabled={disabled} loading={remove.isPending}>
      {t('list.delete')}
    </Button>
  );
  // A disabled delete asks nothing: it only says why it cannot be used.
  if (disabled)
    return (
      <Explained disabled reason={reason}>
        {button}
      </Explained>
    );
  return (
    <Popconfirm
      title={title}
      description={description}
      okButtonProps={{ danger: true }}
      // The promise keeps the OK button busy; a refusal closes the question, its message shown once.
      onConfirm={() => remove.mutateAsync().catch(() => undefined)}
    >
      {button}
    </Popconfirm>
  );
}
