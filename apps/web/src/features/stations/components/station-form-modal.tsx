import { useMemo, useState } from 'react';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { areaNodesText, stationForm, type LngLat, type StationRow } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/shared/api';
import { ContractField } from '@/shared/form/contract-field';
import { FormModal, type FormDialog } from '@/shared/list';
import { AreasLayer, BaseMap, FitAreas, type MapArea } from '@/shared/map';
import { AreaEditor } from '@/shared/map/area-editor';
import { createStation, refreshStations, updateStation, useStationList } from '../api/stations-api';

type Values = { name: string; areaText: string };

type Props = {
  dialog: FormDialog<StationRow>;
  onSaved: () => void;
};

/**
 * New or edited station: its name and its area, drawn on the map (Geoman: click the corners,
 * click the first one to finish, then drag vertices) or typed as JSON — the keyboard's way.
 */
export function StationFormModal({ dialog, onSaved }: Props) {
  const { open, record: station, close: onClose } = dialog;
  const { t } = useTranslation('stations');
  const [form] = Form.useForm<Values>();
  const config = useAppConfig(open);
  const stations = useStationList();
  const [nodes, setNodes] = useState<LngLat[] | null>(null);
  const [drawing, setDrawing] = useState(false);

  // Opening on a station (or on a new one) starts from its area, not from the last dialog's.
  const openedOn = open ? (station ?? 'new') : null;
  const [shownFor, setShownFor] = useState<StationRow | 'new' | null>(null);
  if (openedOn !== shownFor) {
    setShownFor(openedOn);
    setNodes(station ? station.area : null);
    setDrawing(false);
  }

  const others = useMemo<MapArea[]>(
    () =>
      (stations.data ?? [])
        .filter((s) => s.stationId !== station?.stationId)
        .map((s) => ({ id: `station-${s.stationId}`, nodes: s.area, colour: 'station', label: s.name, muted: true })),
    [stations.data, station],
  );

  const handleDrawn = (next: LngLat[]) => {
    setNodes(next);
    form.setFieldValue('areaText', JSON.stringify(next));
    void form.validateFields(['areaText']).catch(() => undefined);
  };
  const handleText = (text: string) => {
    const parsed = areaNodesText.safeParse(text);
    if (parsed.success) setNodes(parsed.data);
  };
  const handleSubmit = async (values: Values) => {
    const area = areaNodesText.parse(values.areaText);
    if (station) await updateStation({ stationId: station.stationId, name: values.name, area });
    else await createStation({ name: values.name, area });
    await refreshStations();
    onSaved();
  };

  return (
    <FormModal<Values>
      open={open}
      title={station ? t('editTitle') : t('createTitle')}
      form={form}
      onSubmit={handleSubmit}
      onClose={onClose}
      width={960}
      initialValues={station ? { name: station.name, areaText: JSON.stringify(station.area) } : {}}
    >
      <ContractField schema={stationForm} name="name" label={t('fields.name')}>
        <Input showCount />
      </ContractField>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }} gap={8} wrap>
        <Typography.Text type="secondary">{drawing ? t('drawingHint') : t('drawHint')}</Typography.Text>
        <Button
          icon={<EditOutlined />}
          type={drawing ? 'primary' : 'default'}
          aria-pressed={drawing}
          onClick={() => setDrawing((d) => !d)}
        >
          {drawing ? t('stopDrawing') : nodes ? t('redraw') : t('draw')}
        </Button>
      </Flex>
      <div
        role="region"
        aria-label={t('mapLabel')}
        style={{ height: 360, marginBottom: 16, borderRadius: 6, overflow: 'hidden' }}
      >
        {open ? (
          <BaseMap config={config.data?.map} testId="station-map">
            <AreasLayer areas={others} />
            <AreaEditor
              nodes={nodes}
              drawing={drawing}
              colour="station"
              onChange={handleDrawn}
              onDrawEnd={() => setDrawing(false)}
            />
            {station ? <FitAreas nodes={station.area} fitKey={station.stationId} /> : null}
          </BaseMap>
        ) : null}
      </div>
      <ContractField schema={stationForm} name="areaText" label={t('fields.area')} extra={t('areaHint')}>
        <Input.TextArea rows={3} spellCheck={false} onChange={(e) => handleText(e.target.value)} />
      </ContractField>
    </FormModal>
  );
}
