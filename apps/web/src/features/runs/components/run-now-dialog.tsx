import { Alert, Form, Select } from 'antd';
import { RUN_MIN_BATTERY, type RunRow } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useRobotOptions } from '@/shared/fleet';
import { FormModal } from '@/shared/list';
import { announce, feedback } from '@/shared/ui';
import { startRun, useTaskOptions } from '../api/runs-api';

type Values = { taskId: number; robotId: number };

/**
 * "Run now": a task and a robot; the run starts at once. A robot that cannot take it (offline,
 * elsewhere, busy, low battery, held by the fleet stop) is refused with the reason, said in the
 * dialog, which stays open.
 */
export function RunNowDialog({
  open,
  onClose,
  onStarted,
}: {
  open: boolean;
  onClose: () => void;
  onStarted: (run: RunRow) => void;
}) {
  const { t } = useTranslation('runs');
  const [form] = Form.useForm<Values>();
  const tasks = useTaskOptions(true).data ?? [];
  const robots = useRobotOptions().data ?? [];
  const handleSubmit = async (values: Values) => {
    const run = await startRun(values);
    const said = t('runNow.started', { task: run.taskName, robot: run.robotName ?? '' });
    feedback().message.success(said);
    announce(said);
    onStarted(run);
  };
  return (
    <FormModal<Values>
      open={open}
      title={t('runNow.title')}
      form={form}
      onSubmit={handleSubmit}
      onClose={onClose}
      width={520}
    >
      <Alert type="info" showIcon title={t('runNow.hint', { min: RUN_MIN_BATTERY })} style={{ marginBottom: 16 }} />
      <Form.Item name="taskId" label={t('runNow.task')} rules={[{ required: true, message: t('runNow.taskRequired') }]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={tasks.map(({ value, label }) => ({ value, label }))}
        />
      </Form.Item>
      <Form.Item
        name="robotId"
        label={t('runNow.robot')}
        rules={[{ required: true, message: t('runNow.robotRequired') }]}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={robots.map((r) => ({ value: r.robotId, label: `${r.name} (${r.serialNumber})` }))}
        />
      </Form.Item>
    </FormModal>
  );
}
