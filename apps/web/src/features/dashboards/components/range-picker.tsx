import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DASHBOARD_LIMITS } from '@patrol/contracts';

/** A range of the tenant's days, `YYYY-MM-DD` both ends counted. */
export type DayRange = { from: string; to: string };

const DAY = 'YYYY-MM-DD';

/** The last `days` days up to today. */
export function lastDays(days: number, today: Dayjs = dayjs()): DayRange {
  return { from: today.subtract(days - 1, 'day').format(DAY), to: today.format(DAY) };
}

/**
 * Days of a range picker: no later than today (the tenant's, once the server said it), and at most
 * `rangeDaysMax` of them.
 */
export function DayRangePicker({
  value,
  onChange,
  label,
  today,
}: {
  value: DayRange;
  onChange: (range: DayRange) => void;
  label: string;
  today?: string | undefined;
}) {
  const max = DASHBOARD_LIMITS.rangeDaysMax;
  const last = today ? dayjs(today) : dayjs();
  return (
    <DatePicker.RangePicker
      aria-label={label}
      allowClear={false}
      value={[dayjs(value.from), dayjs(value.to)]}
      disabledDate={(current, { from }) =>
        current.isAfter(last, 'day') || (from ? Math.abs(current.diff(from, 'day')) >= max : false)
      }
      onChange={(dates) => {
        if (dates?.[0] && dates[1]) onChange({ from: dates[0].format(DAY), to: dates[1].format(DAY) });
      }}
    />
  );
}
