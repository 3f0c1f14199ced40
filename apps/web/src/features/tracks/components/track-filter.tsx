import { Button, DatePicker, Form, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { TRACK_RANGE_MAX_MS } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useRobotOptions } from '@/shared/fleet';
import type { TrackRange } from '../api/tracks-api';

export type RangePreset = 'lastHour' | 'today' | 'yesterday';
export const RANGE_PRESETS: RangePreset[] = ['lastHour', 'today', 'yesterday'];

/** The range of a preset at `now`: the last hour, today so far, or all of yesterday (local time). */
export function presetRange(preset: RangePreset, now: Dayjs = dayjs()): { from: number; to: number } {
  if (preset === 'lastHour') return { from: now.subtract(1, 'hour').valueOf(), to: now.valueOf() };
  if (preset === 'today') return { from: now.startOf('day').valueOf(), to: now.valueOf() };
  const day = now.subtract(1, 'day');
  return { from: day.startOf('day').valueOf(), to: day.endOf('day').valueOf() };
}

type Props = {
  value: Partial<TrackRange>;
  onChange: (next: Partial<TrackRange>) => void;
};

/** Which robot and when: a robot the user may see, quick ranges and a range of at most 7 days. */
export function TrackFilter({ value, onChange }: Props) {
  const { t } = useTranslation('tracks');
  const robots = useRobotOptions().data ?? [];
  const range: [Dayjs, Dayjs] | null =
    value.from !== undefined && value.to !== undefined ? [dayjs(value.from), dayjs(value.to)] : null;
  return (
    <Form layout="vertical" aria-label={t('filters')} className="track-filter">
      <Form.Item label={t('robot')} htmlFor="track-robot">
        <Select
          id="track-robot"
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('chooseRobot')}
          value={value.robotId}
          onChange={(robotId: number) => onChange({ ...value, robotId })}
          options={robots.map((r) => ({ value: r.robotId, label: `${r.name} (${r.serialNumber})` }))}
        />
      </Form.Item>
      <Form.Item label={t('presets.label')}>
        <Space wrap>
          {RANGE_PRESETS.map((p) => (
            <Button key={p} onClick={() => onChange({ ...value, ...presetRange(p) })}>
              {t(`presets.${p}`)}
            </Button>
          ))}
        </Space>
      </Form.Item>
      <Form.Item label={t('range')} htmlFor="track-range" extra={t('rangeTooLong')}>
        <DatePicker.RangePicker
          id={{ start: 'track-range' }}
          showTime
          value={range}
          style={{ width: '100%' }}
          disabledDate={(day, info) => {
            const from = info.from;
            return !!from && Math.abs(day.valueOf() - from.valueOf()) > TRACK_RANGE_MAX_MS;
          }}
          onChange={(dates) => {
            const [from, to] = dates ?? [];
            if (from && to) onChange({ ...value, from: from.valueOf(), to: to.valueOf() });
          }}
        />
      </Form.Item>
    </Form>
  );
}
