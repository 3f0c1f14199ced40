import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { commandNames, commandStatuses } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useRobotOptions } from '@/shared/fleet';
import { SearchBar } from '@/shared/list';
import type { RecordFilters } from '../api/records-api';

type FormValues = Omit<RecordFilters, 'startTime' | 'endTime'> & { range?: [Dayjs | null, Dayjs | null] | null };

type Props = {
  /** Which extra filters the list has. */
  fields: ('name' | 'status' | 'phase')[];
  onSearch: (filters: RecordFilters) => void;
  onReset: () => void;
};

/** Robot, command, status or phase, keyword and time range, as the record lists filter them. */
export function RecordsSearchBar({ fields, onSearch, onReset }: Props) {
  const { t } = useTranslation('commands');
  const [form] = Form.useForm<FormValues>();
  const robots = useRobotOptions().data ?? [];
  const handleSearch = ({ range, keyword, ...rest }: FormValues) => {
    const [start, end] = range ?? [];
    const filters: RecordFilters = {};
    for (const [key, value] of Object.entries(rest))
      if (value !== undefined && value !== null) Object.assign(filters, { [key]: value });
    if (keyword?.trim()) filters.keyword = keyword.trim();
    if (start) filters.startTime = start.toISOString();
    if (end) filters.endTime = end.toISOString();
    onSearch(filters);
  };
  return (
    <SearchBar form={form} onSearch={handleSearch} onReset={onReset}>
      <Form.Item name="robotId" label={t('records.filters.robot')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 200 }}
          placeholder={t('records.filters.all')}
          options={robots.map((r) => ({ value: r.robotId, label: `${r.name} (${r.serialNumber})` }))}
        />
      </Form.Item>
      {fields.includes('name') && (
        <Form.Item name="name" label={t('records.filters.command')}>
          <Select
            allowClear
            style={{ width: 150 }}
            placeholder={t('records.filters.all')}
            options={commandNames.map((n) => ({ value: n, label: t(`records.commandNames.${n}`) }))}
          />
        </Form.Item>
      )}
      {fields.includes('status') && (
        <Form.Item name="status" label={t('records.filters.status')}>
          <Select
            allowClear
            style={{ width: 130 }}
            placeholder={t('records.filters.all')}
            options={commandStatuses.map((s) => ({ value: s, label: t(`records.statuses.${s}`) }))}
          />
        </Form.Item>
      )}
      {fields.includes('phase') && (
        <Form.Item name="phase" label={t('records.filters.phase')}>
          <Select
            allowClear
            style={{ width: 130 }}
            placeholder={t('records.filters.all')}
            options={(['sync', 'async'] as const).map((p) => ({ value: p, label: t(`records.phases.${p}`) }))}
          />
        </Form.Item>
      )}
      <Form.Item name="keyword" label={t('records.filters.keyword')}>
        <Input allowClear placeholder={t('records.filters.keywordPlaceholder')} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="range" label={t('records.filters.time')}>
        <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
      </Form.Item>
    </SearchBar>
  );
}
