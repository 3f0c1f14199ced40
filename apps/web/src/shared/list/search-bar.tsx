import type { ReactNode } from 'react';
import { Button, Form, Space } from 'antd';
import type { FormInstance } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

type Props<V> = {
  form: FormInstance<V>;
  /** The form's values when Search is pressed (or Enter in a field). */
  onSearch: (values: V) => void;
  /** After the fields are cleared. */
  onReset: () => void;
  /** The filter fields, each a `Form.Item` with a `name`. */
  children: ReactNode;
};

/** The filter row above a list: fields, then Search and Reset. */
export function SearchBar<V extends object>({ form, onSearch, onReset, children }: Props<V>) {
  const { t } = useTranslation('common');
  return (
    <Form
      form={form}
      name="search"
      layout="inline"
      className="list-search-bar"
      onFinish={(values) => onSearch(values)}
      style={{ rowGap: 12 }}
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('list.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              onReset();
            }}
          >
            {t('list.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
