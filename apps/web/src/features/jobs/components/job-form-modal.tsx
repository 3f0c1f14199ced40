import { useState } from 'react';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import {
  actionTypes,
  createJobRequest,
  jobTypes,
  JOB_ROUNDS_MAX,
  triggerTypes,
  type JobRow,
  type PathNode,
} from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError, useAppConfig } from '@/shared/api';
import { ContractField } from '@/shared/form/contract-field';
import { zodRules } from '@/shared/form/zod-rules';
import { translateMessage } from '@/shared/i18n';
import { FormModal, type FormDialog } from '@/shared/list';
import { createJob, refreshJobs, updateJob, useStationFences, useStations } from '../api/jobs-api';
import { problemMessage, problemOf, refusedSegment } from '../path-rules';
import { PathEditor } from './path-editor';

export type JobValues = {
  name: string;
  type: JobRow['type'];
  stationId: number;
  description?: string;
  triggerName: string;
  triggerType: JobRow['triggerType'];
  actionName: string;
  actionType: JobRow['actionType'];
  rounds: number;
  speakerData: string;
  nodes: PathNode[];
};

type Props = {
  dialog: FormDialog<JobRow>;
  onSaved: () => void;
};

const valuesOf = (job: JobRow): JobValues => ({
  name: job.name,
  type: job.type,
  stationId: job.stationId,
  description: job.description,
  triggerName: job.triggerName,
  triggerType: job.triggerType,
  actionName: job.actionName,
  actionType: job.actionType,
  rounds: job.rounds,
  speakerData: job.speakerData,
  nodes: job.nodes,
});

/**
 * New or edited job: the fields of the contract (all the spec's job rule names are required) and
 * its path, drawn on the map of the chosen station beside the list of its nodes. A path the station
 * does not allow is refused here as on the server, with the offending segment highlighted.
 */
export function JobFormModal({ dialog, onSaved }: Props) {
  const { open, record: job, close } = dialog;
  const { t } = useTranslation('jobs');
  const [form] = Form.useForm<JobValues>();
  const config = useAppConfig(open);
  const stations = useStations();
  const stationId = Form.useWatch('stationId', form) ?? job?.stationId;
  const station = stations.data?.find((s) => s.stationId === stationId);
  const fences = useStationFences(open ? stationId : undefined);
  const nodes = Form.useWatch('nodes', form);
  const [refused, setRefused] = useState<{ segment: number | null; message: string; for: unknown } | null>(null);

  const handleSubmit = async (values: JobValues) => {
    const body = { ...values, description: values.description ?? '' };
    try {
      if (job) await updateJob({ ...body, jobId: job.jobId });
      else await createJob(body);
    } catch (error) {
      // A path the server refused (a fence added meanwhile): the fences again, the segment shown.
      if (isApiError(error) && error.code === 422) {
        const field = error.fields.find((f) => f.path.startsWith('nodes'));
        if (field || error.fields.length === 0) {
          const message = field?.message ?? error.message;
          setRefused({ segment: refusedSegment(error.fields, values.nodes.length), message, for: values.nodes });
          void fences.refetch();
        }
      }
      throw error;
    }
    await refreshJobs();
    onSaved();
  };

  const typeOptions = jobTypes.map((v) => ({ value: v, label: t(`types.${v}`) }));
  const triggerOptions = triggerTypes.map((v) => ({ value: v, label: t(`triggerTypes.${v}`) }));
  const actionOptions = actionTypes.map((v) => ({ value: v, label: t(`actionTypes.${v}`) }));
  const stationOptions = (stations.data ?? []).map((s) => ({ value: s.stationId, label: s.name }));
  const forbiddenOf = () => (fences.data ?? []).filter((f) => f.kind === 'forbidden');
  // The path's rule: the contract's (nodes, guide data), then the station's area and fences.
  const pathRules = [
    ...zodRules(createJobRequest, 'nodes'),
    {
      validator: async (_: unknown, value: PathNode[] | undefined) => {
        const problem = station && value ? problemOf(value, { area: station.area, forbidden: forbiddenOf() }) : null;
        if (problem) {
          const said = problemMessage(problem);
          throw new Error(translateMessage(said.key, said.params));
        }
      },
    },
  ];

  return (
    <FormModal<JobValues>
      open={open}
      title={job ? t('editTitle', { name: job.name }) : t('createTitle')}
      form={form}
      onSubmit={handleSubmit}
      onClose={() => {
        setRefused(null);
        close();
      }}
      width={1240}
      initialValues={job ? valuesOf(job) : { rounds: 1, nodes: [] }}
    >
      <Row gutter={12} wrap>
        <Col flex="20%">
          <ContractField schema={createJobRequest} name="name" label={t('fields.name')}>
            <Input showCount />
          </ContractField>
        </Col>
        <Col flex="20%">
          <ContractField schema={createJobRequest} name="type" label={t('fields.type')}>
            <Select options={typeOptions} />
          </ContractField>
        </Col>
        <Col flex="20%">
          <ContractField schema={createJobRequest} name="stationId" label={t('fields.station')}>
            <Select options={stationOptions} loading={stations.isLoading} showSearch={{ optionFilterProp: 'label' }} />
          </ContractField>
        </Col>
        <Col flex="20%">
          <ContractField schema={createJobRequest} name="triggerName" label={t('fields.triggerName')}>
            <Input />
          </ContractField>
        </Col>
        <Col flex="20%">
          <ContractField schema={createJobRequest} name="triggerType" label={t('fields.triggerType')}>
            <Select options={triggerOptions} />
          </ContractField>
        </Col>
        <Col flex="20%">
          <ContractField schema={createJobRequest} name="actionName" label={t('fields.actionName')}>
            <Input />
          </ContractField>
        </Col>
        <Col flex="20%">
          <ContractField schema={createJobRequest} name="actionType" label={t('fields.actionType')}>
            <Select options={actionOptions} />
          </ContractField>
        </Col>
        <Col flex="20%">
          <ContractField schema={createJobRequest} name="rounds" label={t('fields.rounds')}>
            <InputNumber min={1} max={JOB_ROUNDS_MAX} precision={0} style={{ width: '100%' }} />
          </ContractField>
        </Col>
        <Col flex="20%">
          <ContractField schema={createJobRequest} name="speakerData" label={t('fields.speakerData')}>
            <Input />
          </ContractField>
        </Col>
        <Col flex="20%">
          <ContractField schema={createJobRequest} name="description" label={t('fields.description')}>
            <Input />
          </ContractField>
        </Col>
      </Row>
      {/* Checked when saving, not at each click while drawing; then again as it is mended (the editor). */}
      <Form.Item name="nodes" label={t('fields.path')} required rules={pathRules} validateTrigger={[]}>
        <PathEditor
          mapConfig={config.data?.map}
          station={open ? station : undefined}
          fences={fences.data ?? []}
          refused={refused && refused.for === nodes ? refused : null}
        />
      </Form.Item>
    </FormModal>
  );
}
