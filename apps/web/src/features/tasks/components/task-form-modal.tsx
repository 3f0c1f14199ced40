import { Form, Input, Select } from 'antd';
import { createTaskRequest, taskTypes, type TaskRow } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { ContractField } from '@/shared/form/contract-field';
import { FormModal, type FormDialog } from '@/shared/list';
import { createTask, refreshTasks, updateTask, useJobList } from '../api/tasks-api';
import { JobSequence } from './job-sequence';

export type TaskValues = {
  name: string;
  type: TaskRow['type'];
  description?: string;
  jobIds: number[];
};

type Props = {
  dialog: FormDialog<TaskRow>;
  onSaved: () => void;
};

/** New or edited task: its name, type, description and its jobs in order, all of one station. */
export function TaskFormModal({ dialog, onSaved }: Props) {
  const { open, record: task, close } = dialog;
  const { t } = useTranslation('tasks');
  const [form] = Form.useForm<TaskValues>();
  const jobs = useJobList(open);

  const handleSubmit = async (values: TaskValues) => {
    const body = { ...values, description: values.description ?? '' };
    if (task) await updateTask({ ...body, taskId: task.taskId });
    else await createTask(body);
    await refreshTasks();
    onSaved();
  };

  return (
    <FormModal<TaskValues>
      open={open}
      title={task ? t('editTitle', { name: task.name }) : t('createTitle')}
      form={form}
      onSubmit={handleSubmit}
      onClose={close}
      width={720}
      initialValues={
        task
          ? { name: task.name, type: task.type, description: task.description, jobIds: task.jobs.map((j) => j.jobId) }
          : { jobIds: [] }
      }
    >
      <ContractField schema={createTaskRequest} name="name" label={t('fields.name')}>
        <Input showCount />
      </ContractField>
      <ContractField schema={createTaskRequest} name="type" label={t('fields.type')}>
        <Select options={taskTypes.map((v) => ({ value: v, label: t(`types.${v}`) }))} />
      </ContractField>
      <ContractField schema={createTaskRequest} name="description" label={t('fields.description')}>
        <Input.TextArea rows={2} />
      </ContractField>
      <ContractField schema={createTaskRequest} name="jobIds" label={t('fields.jobs')}>
        <JobSequence jobs={jobs.data ?? []} loading={jobs.isLoading} />
      </ContractField>
    </FormModal>
  );
}
