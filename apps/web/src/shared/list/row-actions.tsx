import type { ReactNode } from 'react';
import { Button, Popconfirm } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The "Edit" link of a list row. */
export function EditAction({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Button type="link" size="small" icon={<EditOutlined />} onClick={onClick}>
      {t('list.edit')}
    </Button>
  );
}

/** The "Delete" link of a list row, asking first. */
export function DeleteAction(props: { title: ReactNode; description?: ReactNode; onConfirm: () => Promise<unknown> }) {
  const { t } = useTranslation('common');
  return (
    <Popconfirm
      title={props.title}
      description={props.description}
      okButtonProps={{ danger: true }}
      onConfirm={props.onConfirm}
    >
      <Button type="link" size="small" danger icon={<DeleteOutlined />}>
        {t('list.delete')}
      </Button>
    </Popconfirm>
  );
}
