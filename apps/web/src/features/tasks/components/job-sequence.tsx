import { useState } from 'react';
import { Button, Empty, Flex, Select, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import type { JobRow } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { canAddJob, shiftJob, taskNodeCount, taskStation } from '../task-rules';

type Props = {
  /** The chosen jobs in order (the form field's value). */
  value?: number[];
  onChange?: (jobIds: number[]) => void;
  jobs: readonly JobRow[];
  loading?: boolean;
  id?: string;
};

/**
 * A task's jobs in the order the robot runs them: added from a select (jobs of another station
 * than the first job's are disabled), each shown with its nodes and rounds, moved up or down, or
 * removed. The task's station follows from the first job.
 */
export function JobSequence({ value, onChange, jobs, loading, id }: Props) {
  const { t } = useTranslation('tasks');
  const jobIds = value ?? [];
  // The list closes on a pick, so the job just added shows below it.
  const [open, setOpen] = useState(false);
  const station = taskStation(jobIds, jobs);
  const byId = new Map(jobs.map((j) => [j.jobId, j]));
  const options = jobs.map((job) => {
    const allowed = canAddJob(job, jobIds, jobs);
    return {
      value: job.jobId,
      label: allowed
        ? `${job.name} · ${job.stationName}`
        : `${job.name} · ${t('otherStation', { station: job.stationName })}`,
      disabled: !allowed,
    };
  });
  const change = (next: number[]) => onChange?.(next);

  return (
    <Flex vertical gap={8}>
      <Select<number>
        id={id}
        value={null as unknown as number}
        placeholder={t('chooseJob')}
        options={options}
        loading={loading}
        showSearch={{ optionFilterProp: 'label' }}
        open={open}
        onOpenChange={setOpen}
        onChange={(jobId) => {
          setOpen(false);
          change([...jobIds, jobId]);
        }}
      />
      <Typography.Text type="secondary">
        {station ? `${t('stationOf', { station: station.name })} · ` : ''}
        {t('totalNodes', { count: taskNodeCount(jobIds, jobs) })} · {t('jobsHint')}
      </Typography.Text>
      {jobIds.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('jobsEmpty')} />
      ) : (
        <ol aria-label={t('fields.jobs')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {jobIds.map((jobId, index) => {
            const job = byId.get(jobId);
            const name = job?.name ?? `#${jobId}`;
            return (
              <li key={`${jobId}-${index}`} className="job-sequence__item">
                <Flex align="center" gap={8}>
                  <Tag>{index + 1}</Tag>
                  <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                    <Typography.Text strong ellipsis>
                      {name}
                    </Typography.Text>
                    {job ? (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {t('jobSummary', { nodes: job.nodes.length, rounds: job.rounds })}
                      </Typography.Text>
                    ) : null}
                  </Flex>
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={t('moveUp', { name })}
                    disabled={index === 0}
                    onClick={() => change(shiftJob(jobIds, index, -1))}
                  />
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={t('moveDown', { name })}
                    disabled={index === jobIds.length - 1}
                    onClick={() => change(shiftJob(jobIds, index, 1))}
                  />
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('remove', { name })}
                    onClick={() => change(jobIds.filter((_, i) => i !== index))}
                  />
                </Flex>
              </li>
            );
          })}
        </ol>
      )}
    </Flex>
  );
}
