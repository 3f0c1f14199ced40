import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRobotOptions } from '@/shared/fleet';

/** Chooses the robots a window shows, at most `max` of them, by name or serial number. */
export function RobotPicker({
  value,
  onChange,
  max,
  label,
}: {
  value: number[];
  onChange: (robotIds: number[]) => void;
  max: number;
  label: string;
}) {
  const { t } = useTranslation('dashboards');
  const options = useRobotOptions();
  return (
    <Select
      mode="multiple"
      aria-label={label}
      placeholder={label}
      value={value}
      onChange={onChange}
      maxCount={max}
      maxTagCount="responsive"
      allowClear
      loading={options.isLoading}
      optionFilterProp="label"
      style={{ minWidth: 'min(100%, 420px)', flex: 1, maxWidth: 720 }}
      notFoundContent={t('picker.none')}
      options={(options.data ?? []).map((robot) => ({
        value: robot.robotId,
        label: `${robot.name} (${robot.serialNumber})`,
      }))}
    />
  );
}

/** `robots=1,2,3` of the window's address: the choice survives a reload of the wall screen. */
export function parseRobotIds(text: string | null, max: number): number[] | null {
  if (text === null) return null;
  const ids = text
    .split(',')
    .map((part) => Number(part))
    .filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)].slice(0, max);
}
