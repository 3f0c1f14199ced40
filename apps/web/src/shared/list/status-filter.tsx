import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** The "status" filter of a search bar: all, enabled (1) or disabled (0). */
export function StatusFilter({ label, name = 'status' }: { label: string; name?: string }) {
  const { t } = useTranslation('common');
  return (
    <Form.Item name={name} label={label}>
      <Select
        allowClear
        style={{ width: 120 }}
        placeholder={t('list.all')}
        options={[
          { value: 1, label: t('list.enabled') },
          { value: 0, label: t('list.disabled') },
        ]}
      />
    </Form.Item>
  );
}
