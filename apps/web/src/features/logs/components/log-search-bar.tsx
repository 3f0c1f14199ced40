import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SearchBar } from '@/shared/list';

/** The filters both logs send: a time range (ISO), the operator and the result. */
export type LogFilters = {
  startTime?: string;
  endTime?: string;
  operator?: string;
  result?: string;
  description?: string;
};

const RESULT_KEYS = {
  success: 'result.success',
  failure: 'result.failure',
  locked: 'result.locked',
  unknown: 'result.unknown',
} as const;

type FormValues = {
  range?: [Dayjs | null, Dayjs | null] | null;
  operator?: string;
  result?: string;
  description?: string;
};

type Props = {
  results: readonly (keyof typeof RESULT_KEYS)[];
  /** The operation log also searches its descriptions. */
  withDescription?: boolean;
  onSearch: (filters: LogFilters) => void;
  onReset: () => void;
};

/** Time range, operator and result, as both log pages filter them (plus the description for operations). */
export function LogSearchBar({ results, withDescription, onSearch, onReset }: Props) {
  const { t } = useTranslation('logs');
  const [form] = Form.useForm<FormValues>();
  const handleSearch = (values: FormValues) => {
    const [start, end] = values.range ?? [];
    onSearch({
      ...(start ? { startTime: start.toISOString() } : {}),
      ...(end ? { endTime: end.toISOString() } : {}),
      ...(values.operator?.trim() ? { operator: values.operator.trim() } : {}),
      ...(values.result ? { result: values.result } : {}),
      ...(values.description?.trim() ? { description: values.description.trim() } : {}),
    });
  };
  return (
    <SearchBar form={form} onSearch={handleSearch} onReset={onReset}>
      <Form.Item name="range" label={t('filters.time')}>
        <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
      </Form.Item>
      <Form.Item name="operator" label={t('filters.operator')}>
        <Input allowClear placeholder={t('filters.operatorPlaceholder')} style={{ width: 180 }} />
      </Form.Item>
      {withDescription ? (
        <Form.Item name="description" label={t('filters.description')}>
          <Input allowClear placeholder={t('filters.descriptionPlaceholder')} style={{ width: 200 }} />
        </Form.Item>
      ) : null}
      <Form.Item name="result" label={t('filters.result')}>
        <Select
          allowClear
          style={{ width: 140 }}
          popupMatchSelectWidth={false}
          placeholder={t('filters.all')}
          options={results.map((r) => ({ value: r, label: t(RESULT_KEYS[r]) }))}
        />
      </Form.Item>
    </SearchBar>
  );
}
