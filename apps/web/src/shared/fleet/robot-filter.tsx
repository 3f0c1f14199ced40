import { Form, Select } from 'antd';
import { useRobotOptions } from './use-fleet';

/**
 * A list's robot filter (`robotId`): the acting tenant's robots the user may see, searchable by
 * name or serial. For a search bar's form.
 */
export function RobotFilter({ label, placeholder }: { label: string; placeholder: string }) {
  const robots = useRobotOptions().data ?? [];
  return (
    <Form.Item name="robotId" label={label}>
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 200 }}
        placeholder={placeholder}
        options={robots.map((r) => ({ value: r.robotId, label: `${r.name} (${r.serialNumber})` }))}
      />
    </Form.Item>
  );
}
