import { Alert, Button, Flex, Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { EditOutlined, ScissorOutlined } from '@ant-design/icons';
import {
  FENCE_PRIORITY_MAX,
  FENCE_PRIORITY_MIN,
  fenceForm,
  fenceKinds,
  type FenceKind,
  type LngLat,
  type StationRow,
} from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { ContractField } from '@/shared/form/contract-field';
import { translateMessage } from '@/shared/i18n';
import { SectionTitle } from '@/shared/ui';

/** The form's values: the request's, with the collected data as JSON text. */
export type FenceValues = {
  name: string;
  kind: FenceKind;
  priority: number;
  stationId: number;
  description?: string;
  collected: boolean;
  points: string;
};

export type CutState = { picked: number[] };

type Props = {
  form: FormInstance<FenceValues>;
  title: string;
  stations: StationRow[];
  nodes: LngLat[] | null;
  drawing: boolean;
  cut: CutState | null;
  /** The problem of the picked cut (a message key), when there is one. */
  cutProblem: string | null;
  saving: boolean;
  onValuesChange: (changed: Partial<FenceValues>) => void;
  onToggleDraw: () => void;
  onToggleCut: () => void;
  onPick: (index: number) => void;
  onKeep: (part: 0 | 1) => void;
  onSave: () => void;
  onCancel: () => void;
};

/**
 * The fence being created or edited: every field of the spec, the collected data as JSON text kept
 * in step with the shape on the map (the keyboard's way to give it), drawing and cut mode.
 */
export function FenceForm(props: Props) {
  const { form, title, stations, nodes, drawing, cut, cutProblem: problem, saving } = props;
  const { t } = useTranslation('fences');
  const picked = cut?.picked ?? [];
  const vertexOptions = (nodes ?? []).map((n, i) => ({
    value: i,
    label: `${i + 1} (${n[0].toFixed(6)}, ${n[1].toFixed(6)})`,
  }));
  const parts = cut && picked.length === 2 && !problem;
  return (
    <Flex vertical gap={8}>
      <SectionTitle style={{ margin: 0 }}>{title}</SectionTitle>
      <Form<FenceValues>
        form={form}
        name="fence"
        layout="vertical"
        onValuesChange={(changed) => props.onValuesChange(changed)}
        disabled={saving}
      >
        <ContractField schema={fenceForm} name="name" label={t('fields.name')}>
          <Input showCount />
        </ContractField>
        <Space size={12} wrap align="start">
          <ContractField schema={fenceForm} name="kind" label={t('fields.kind')}>
            <Select style={{ width: 160 }} options={fenceKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
          </ContractField>
          <ContractField schema={fenceForm} name="priority" label={t('fields.priority')} kind="number">
            <InputNumber min={FENCE_PRIORITY_MIN} max={FENCE_PRIORITY_MAX} precision={0} style={{ width: 120 }} />
          </ContractField>
          <Form.Item name="collected" label={t('fields.collected')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <ContractField schema={fenceForm} name="stationId" label={t('fields.station')}>
          <Select options={stations.map((s) => ({ value: s.stationId, label: s.name }))} />
        </ContractField>
        <ContractField schema={fenceForm} name="description" label={t('fields.description')}>
          <Input.TextArea rows={2} showCount />
        </ContractField>
        <Flex gap={8} wrap style={{ marginBottom: 8 }}>
          <Button
            icon={<EditOutlined />}
            type={drawing ? 'primary' : 'default'}
            aria-pressed={drawing}
            onClick={props.onToggleDraw}
            disabled={saving || cut !== null}
          >
            {drawing ? t('stopDrawing') : nodes ? t('redraw') : t('draw')}
          </Button>
          <Button
            icon={<ScissorOutlined />}
            type={cut ? 'primary' : 'default'}
            aria-pressed={cut !== null}
            onClick={props.onToggleCut}
            disabled={saving || drawing || !nodes || nodes.length < 4}
          >
            {cut ? t('cutLeave') : t('cut')}
          </Button>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {drawing ? t('drawingHint') : cut ? t('cutHint') : t('editHint')}
        </Typography.Paragraph>
        {cut ? (
          <Flex vertical gap={8} style={{ marginBottom: 12 }} data-testid="cut-panel">
            <Space wrap>
              {[0, 1].map((slot) => (
                <Select
                  key={slot}
                  aria-label={t(slot === 0 ? 'cutFirst' : 'cutSecond')}
                  placeholder={t(slot === 0 ? 'cutFirst' : 'cutSecond')}
                  style={{ width: 220 }}
                  value={picked[slot]}
                  options={vertexOptions}
                  onChange={(value: number) => props.onPick(value)}
                />
              ))}
            </Space>
            {problem ? <Alert type="error" showIcon role="alert" title={translateMessage(problem)} /> : null}
            {parts ? (
              <Space wrap>
                <Typography.Text>{t('cutKeepHint')}</Typography.Text>
                <Button onClick={() => props.onKeep(0)}>{t('keepPart', { part: 1 })}</Button>
                <Button onClick={() => props.onKeep(1)}>{t('keepPart', { part: 2 })}</Button>
              </Space>
            ) : null}
          </Flex>
        ) : null}
        <ContractField schema={fenceForm} name="points" label={t('fields.points')} extra={t('pointsHint')}>
          <Input.TextArea rows={4} spellCheck={false} />
        </ContractField>
      </Form>
      <Flex gap={8} justify="flex-end">
        <Button onClick={props.onCancel} disabled={saving}>
          {t('cancel')}
        </Button>
        <Button type="primary" onClick={props.onSave} loading={saving}>
          {t('save')}
        </Button>
      </Flex>
    </Flex>
  );
}
