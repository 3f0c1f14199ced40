import { useMemo } from 'react';
import { Checkbox, Col, DatePicker, Form, InputNumber, Radio, Row, Select, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  SCHEDULE_PRIORITY,
  SCHEDULE_TIMES_MAX,
  scheduleForm,
  scheduleMethods,
  type ScheduleRow,
} from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useRobotOptions } from '@/shared/fleet';
import { ContractField } from '@/shared/form/contract-field';
import { zodRules, isRequiredField } from '@/shared/form/zod-rules';
import { FormModal, type FormDialog } from '@/shared/list';
import { createSchedule, refreshSchedules, updateSchedule, useTaskOptions } from '../api/schedules-api';
import { RunPreview } from './run-preview';
import { NEW_SCHEDULE, previewRuns, requestOf, valuesOfRow, type ScheduleFormValues } from './schedule-values';

type Props = {
  dialog: FormDialog<ScheduleRow>;
  timeZone: string;
  onSaved: () => void;
};

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const PRIORITIES = Array.from({ length: SCHEDULE_PRIORITY.max }, (_, i) => i + 1);

/** `HH:mm` held as text, shown by the time picker. */
const timeValue = {
  getValueProps: (value: unknown) => ({
    value: typeof value === 'string' && value ? dayjs(`2000-01-01T${value}`) : null,
  }),
  normalize: (value: Dayjs | null | undefined) => (value ? value.format('HH:mm') : null),
};
/** One date of a one-time schedule, held as the contract's list of dates. */
const oneDateValue = {
  getValueProps: (value: unknown) => ({ value: Array.isArray(value) && value[0] ? dayjs(value[0] as string) : null }),
  normalize: (value: Dayjs | null | undefined) => (value ? [value.format('YYYY-MM-DD')] : []),
};
/** Many dates of a repeating one. */
const manyDatesValue = {
  getValueProps: (value: unknown) => ({ value: Array.isArray(value) ? value.map((d: string) => dayjs(d)) : [] }),
  normalize: (value: Dayjs[] | null | undefined) => (value ?? []).map((d) => d.format('YYYY-MM-DD')).sort(),
};
/** A cleared count is "not given" (required), not "unlimited". */
const countValue = { normalize: (value: number | null | undefined) => value ?? undefined };

/**
 * New or edited schedule: the task, an optional robot, priority, the method and, by method, the
 * time, the date(s), weekdays and day and month ranges. The next five run times are computed as it
 * is filled in, in the tenant's zone, by the same function the server fires schedules with.
 */
export function ScheduleFormModal({ dialog, timeZone, onSaved }: Props) {
  const { open, record, close: onClose } = dialog;
  const { t } = useTranslation('schedules');
  const [form] = Form.useForm<ScheduleFormValues>();
  const tasks = useTaskOptions(open);
  const robots = useRobotOptions().data ?? [];
  const method = Form.useWatch('method', form) ?? 'repeat';
  const timesMode = Form.useWatch('timesMode', form) ?? 'unlimited';
  const watched = Form.useWatch((values: ScheduleFormValues) => values, form);
  const preview = useMemo(() => previewRuns(watched ?? NEW_SCHEDULE, new Date(), timeZone), [watched, timeZone]);

  const handleSubmit = async (values: ScheduleFormValues) => {
    const body = requestOf(values);
    if (record) await updateSchedule({ ...body, scheduleId: record.scheduleId });
    else await createSchedule(body);
    await refreshSchedules();
    onSaved();
  };

  const rules = (name: string) => ({
    rules: zodRules(scheduleForm, name),
    required: isRequiredField(scheduleForm, name),
  });

  return (
    <FormModal<ScheduleFormValues>
      open={open}
      title={record ? t('editTitle') : t('createTitle')}
      form={form}
      onSubmit={handleSubmit}
      onClose={onClose}
      width={820}
      initialValues={record ? valuesOfRow(record) : NEW_SCHEDULE}
    >
      <Row gutter={16}>
        <Col span={12}>
          <ContractField schema={scheduleForm} name="taskId" label={t('fields.task')}>
            <Select
              showSearch
              optionFilterProp="label"
              loading={tasks.isLoading}
              options={(tasks.data ?? []).map((task) => ({ value: task.taskId, label: task.name }))}
            />
          </ContractField>
        </Col>
        <Col span={12}>
          <Form.Item
            name="robotId"
            label={t('fields.robot')}
            extra={t('hints.robot')}
            dependencies={['method']}
            rules={zodRules(scheduleForm, 'robotId')}
            required={method === 'immediate'}
          >
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              options={robots.map((r) => ({ value: r.robotId, label: `${r.name} (${r.serialNumber})` }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <ContractField schema={scheduleForm} name="priority" label={t('fields.priority')}>
            <Select
              options={PRIORITIES.map((n) => ({
                value: n,
                label:
                  n === SCHEDULE_PRIORITY.min
                    ? t('priorityHighest', { n })
                    : n === SCHEDULE_PRIORITY.max
                      ? t('priorityLowest', { n })
                      : String(n),
              }))}
            />
          </ContractField>
        </Col>
        <Col span={12}>
          <ContractField schema={scheduleForm} name="method" label={t('fields.method')}>
            <Radio.Group
              optionType="button"
              options={scheduleMethods.map((m) => ({ value: m, label: t(`methods.${m}`) }))}
            />
          </ContractField>
        </Col>
      </Row>

      {method === 'repeat' ? (
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="timesMode" label={t('fields.times')} required>
              <Radio.Group
                options={[
                  { value: 'unlimited', label: t('unlimited') },
                  { value: 'limited', label: t('limited') },
                ]}
                onChange={(e) => {
                  if (e.target.value === 'unlimited') form.setFieldValue('times', null);
                }}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            {timesMode === 'limited' ? (
              <Form.Item name="times" label={t('fields.timesCount')} {...rules('times')} required {...countValue}>
                <InputNumber min={1} max={SCHEDULE_TIMES_MAX} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            ) : null}
          </Col>
        </Row>
      ) : null}

      {method !== 'immediate' ? (
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="timeOfDay" label={t('fields.timeOfDay')} {...rules('timeOfDay')} required {...timeValue}>
              <TimePicker format="HH:mm" needConfirm={false} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            {method === 'once' ? (
              <Form.Item name="dates" label={t('fields.date')} {...rules('dates')} required {...oneDateValue}>
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
            ) : (
              <Form.Item
                name="dates"
                label={t('fields.dates')}
                extra={t('hints.dates')}
                {...rules('dates')}
                {...manyDatesValue}
              >
                <DatePicker multiple maxTagCount="responsive" style={{ width: '100%' }} />
              </Form.Item>
            )}
          </Col>
        </Row>
      ) : null}

      {method === 'repeat' ? (
        <>
          <Form.Item name="weekdays" label={t('fields.weekdays')} extra={t('hints.weekdays')}>
            <Checkbox.Group options={WEEKDAYS.map((d) => ({ value: d, label: t(`weekdays.${d}`) }))} />
          </Form.Item>
          <Row gutter={16}>
            {(
              [
                ['startDay', 31, ['endDay']],
                ['endDay', 31, ['startDay']],
                ['startMonth', 12, ['endMonth']],
                ['endMonth', 12, ['startMonth']],
              ] as const
            ).map(([name, max, deps]) => (
              <Col span={6} key={name}>
                <Form.Item name={name} label={t(`fields.${name}`)} dependencies={[...deps]} {...rules(name)} required>
                  <InputNumber min={1} max={max} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </>
      ) : null}

      {method === 'immediate' ? <p>{t('hints.immediate')}</p> : null}
      <RunPreview preview={preview} timeZone={timeZone} />
    </FormModal>
  );
}
