import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Card, Empty, Flex, Form, Select, Space } from 'antd';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import {
  cutPolygon,
  cutProblem,
  fenceDataText,
  parseFenceImport,
  type FenceRow,
  type ImportProblem,
  type LayerMove,
  type LngLat,
} from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError, saveText, useAppConfig } from '@/shared/api';
import { useConfirmBeforeClose } from '@/shared/close-guard';
import { translateMessage } from '@/shared/i18n';
import { AreasLayer, BaseMap, FitAreas, type MapArea } from '@/shared/map';
import { AreaEditor } from '@/shared/map/area-editor';
import { PageTitle } from '@/shared/ui';
import {
  createFence,
  deleteFence,
  exportFences,
  importFences,
  refreshFences,
  sortFence,
  updateFence,
  useFenceList,
  useStations,
} from '../api/fences-api';
import { CutLayer } from '../components/cut-layer';
import { FenceForm, type CutState, type FenceValues } from '../components/fence-form';
import { FenceList } from '../components/fence-list';
import { ImportProblems } from '../components/import-problems';
import { sameLayerOverlap } from '../fence-rules';

type Editing = { fence: FenceRow | null };

/**
 * Electronic fences (`/enclosure/electronicfence`): a station's fences, top layer first, beside the
 * map; create and edit them by drawing (Leaflet-Geoman) or typing their nodes, cut one between two
 * vertices, reorder the layers, import and export GeoJSON. Every change reaches the station's robots.
 */
export function FencesPage() {
  const { t } = useTranslation('fences');
  const { message, modal } = App.useApp();
  const config = useAppConfig(true);
  const stations = useStations();
  const [chosenId, setStationId] = useState<number | undefined>();
  // The first station is shown until another is chosen.
  const stationId = chosenId ?? stations.data?.[0]?.stationId;
  const station = stations.data?.find((s) => s.stationId === stationId);
  const fences = useFenceList(stationId);
  const [form] = Form.useForm<FenceValues>();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [nodes, setNodes] = useState<LngLat[] | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [cut, setCut] = useState<CutState | null>(null);
  const [dirty, setDirty] = useState(false);
  const [problems, setProblems] = useState<ImportProblem[] | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const kind = Form.useWatch('kind', form) ?? editing?.fence?.kind ?? 'forbidden';

  // Leaving with unsaved changes asks first: the open page's tag and the browser's tab.
  useConfirmBeforeClose(dirty);
  useEffect(() => {
    if (!dirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [dirty]);

  const confirmLeave = (then: () => void) => {
    if (!dirty) return then();
    modal.confirm({
      title: t('unsavedTitle'),
      content: t('unsavedContent'),
      okText: t('discard'),
      cancelText: t('keepEditing'),
      onOk: then,
    });
  };

  const stopEditing = () => {
    setEditing(null);
    setNodes(null);
    setDrawing(false);
    setCut(null);
    setDirty(false);
    form.resetFields();
  };

  const startEditing = (fence: FenceRow | null) => {
    setEditing({ fence });
    setNodes(fence ? fence.points : null);
    setDrawing(!fence);
    setCut(null);
    setDirty(false);
    form.resetFields();
    form.setFieldsValue(
      fence
        ? {
            name: fence.name,
            kind: fence.kind,
            priority: fence.priority,
            stationId: fence.stationId,
            description: fence.description,
            collected: fence.collected,
            points: JSON.stringify(fence.points),
          }
        : { kind: 'forbidden', priority: 1, stationId, description: '', collected: false, points: '' },
    );
  };

  const showNodes = (next: LngLat[]) => {
    setNodes(next);
    setDirty(true);
    form.setFieldValue('points', JSON.stringify(next));
    void form.validateFields(['points']).catch(() => undefined);
  };

  const handleValuesChange = (changed: Partial<FenceValues>) => {
    setDirty(true);
    if (changed.points !== undefined) {
      const parsed = fenceDataText.safeParse(changed.points);
      if (parsed.success) setNodes(parsed.data);
    }
  };

  // Cut mode: two vertices picked, the cut checked, then the part to keep.
  const picked = useMemo(() => cut?.picked ?? [], [cut]);
  const problem = nodes && picked.length === 2 ? cutProblem(nodes, picked[0]!, picked[1]!) : null;
  const parts = useMemo<[LngLat[], LngLat[]] | null>(
    () => (nodes && picked.length === 2 && !problem ? cutPolygon(nodes, picked[0]!, picked[1]!) : null),
    [nodes, picked, problem],
  );
  const handlePick = useCallback((index: number) => {
    setCut((c) => {
      const current = c?.picked ?? [];
      if (current.includes(index)) return { picked: current.filter((i) => i !== index) };
      return { picked: current.length >= 2 ? [current[1]!, index] : [...current, index] };
    });
  }, []);
  const handleKeep = (part: 0 | 1) => {
    if (!parts) return;
    showNodes(parts[part]);
    setCut(null);
    message.info(t('cutDone'));
  };
  const partLabels = useMemo(() => [t('part', { part: 1 }), t('part', { part: 2 })] as const, [t]);

  const save = useMutation({
    mutationFn: async (values: FenceValues) => {
      const points = fenceDataText.parse(values.points);
      const body = { ...values, description: values.description ?? '', points };
      return editing?.fence ? updateFence({ ...body, fenceId: editing.fence.fenceId }) : createFence(body);
    },
  });

  const handleSave = async () => {
    let values: FenceValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const points = fenceDataText.parse(values.points);
    // The server's same-priority rule, said before sending, naming the other fence.
    const others = values.stationId === stationId ? (fences.data ?? []) : [];
    const other = sameLayerOverlap(
      { fenceId: editing?.fence?.fenceId, stationId: values.stationId, priority: values.priority, points },
      others,
    );
    if (other) {
      form.setFields([{ name: 'points', errors: [translateMessage('fences.overlap', { name: other.name })] }]);
      return;
    }
    try {
      await save.mutateAsync(values);
    } catch (error) {
      // The original shape comes back; the reason is the server's.
      const original = editing?.fence?.points ?? null;
      setNodes(original);
      setCut(null);
      form.setFieldValue('points', original ? JSON.stringify(original) : '');
      const reason = isApiError(error) ? error.message : String(error);
      message.error(`${translateMessage('fences.saveFailed')}: ${reason}`);
      return;
    }
    await refreshFences();
    message.success(t(editing?.fence ? 'saved' : 'created'));
    if (values.stationId !== stationId) setStationId(values.stationId);
    stopEditing();
  };

  const move = useMutation({
    mutationFn: ({ fence, to }: { fence: FenceRow; to: LayerMove }) => sortFence(fence.fenceId, to),
    onSuccess: () => refreshFences(),
  });

  const handleDelete = async (fence: FenceRow) => {
    await deleteFence(fence.fenceId);
    await refreshFences();
    message.success(t('deleted'));
  };

  const handleImport = async (file: File) => {
    if (!stationId) return;
    const text = await file.text();
    const parsed = parseFenceImport(text);
    if (parsed.problems.length > 0) return setProblems(parsed.problems);
    try {
      const answer = await importFences({ stationId, text });
      if (answer.problems.length > 0) return setProblems(answer.problems);
      await refreshFences();
      message.success(t('imported', { count: answer.imported }));
    } catch (error) {
      const fields = isApiError(error) ? error.fields : [];
      if (fields.length > 0) {
        setProblems(
          fields.map((f) => {
            const index = Number(/\d+/.exec(f.path)?.[0] ?? -1);
            return { index, name: parsed.fences[index]?.name ?? null, key: f.message };
          }),
        );
      } else message.error(isApiError(error) ? error.message : String(error));
    }
  };

  const handleExport = async () => {
    if (!station) return;
    const data = await exportFences(station.stationId);
    saveText(JSON.stringify(data, null, 2), `${station.name}-fences.geojson`, 'application/geo+json');
  };

  const editedId = editing?.fence?.fenceId;
  const areas = useMemo<MapArea[]>(() => {
    const list: MapArea[] = station
      ? [{ id: `station-${station.stationId}`, nodes: station.area, colour: 'station', label: station.name }]
      : [];
    // Bottom layer first, so the top layer is drawn last.
    const shown = [...(fences.data ?? [])].reverse().filter((f) => f.fenceId !== editedId);
    for (const fence of shown) {
      list.push({
        id: `fence-${fence.fenceId}`,
        nodes: fence.points,
        colour: fence.kind,
        label: `${fence.name} · ${t(`kinds.${fence.kind}`)} · P${fence.priority}`,
        muted: editing !== null,
      });
    }
    return list;
  }, [station, fences.data, editedId, editing, t]);

  const stationOptions = (stations.data ?? []).map((s) => ({ value: s.stationId, label: s.name }));

  return (
    <Flex vertical gap={12} className="fences-page">
      <Card variant="borderless" styles={{ body: { padding: '12px 16px' } }}>
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Space size={16} wrap>
            <PageTitle>{t('title')}</PageTitle>
            <Space>
              <label htmlFor="fence-station">{t('fields.station')}</label>
              <Select
                id="fence-station"
                style={{ width: 220 }}
                placeholder={t('chooseStation')}
                options={stationOptions}
                value={stationId}
                loading={stations.isLoading}
                onChange={(value: number) =>
                  confirmLeave(() => {
                    stopEditing();
                    setStationId(value);
                  })
                }
              />
            </Space>
          </Space>
          <Space wrap>
            <input
              ref={fileInput}
              type="file"
              accept=".geojson,.json,application/geo+json,application/json"
              aria-label={t('importFile')}
              hidden
              data-testid="fence-import-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void handleImport(file);
              }}
            />
            <Button
              icon={<UploadOutlined />}
              disabled={!stationId || editing !== null}
              onClick={() => fileInput.current?.click()}
            >
              {t('import')}
            </Button>
            <Button icon={<DownloadOutlined />} disabled={!station} onClick={() => void handleExport()}>
              {t('export')}
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={!stationId || editing !== null}
              onClick={() => startEditing(null)}
            >
              {t('create')}
            </Button>
          </Space>
        </Flex>
      </Card>
      <Flex gap={12} style={{ height: 'calc(100vh - 220px)', minHeight: 540 }}>
        <Card
          variant="borderless"
          style={{ width: 'min(760px, 58%)', flex: 'none', display: 'flex', flexDirection: 'column' }}
          styles={{ body: { overflow: 'auto', flex: 1 } }}
        >
          {!stations.isLoading && stationOptions.length === 0 ? (
            <Empty description={t('noStations')} />
          ) : editing ? (
            <FenceForm
              form={form}
              title={editing.fence ? t('editTitle', { name: editing.fence.name }) : t('createTitle')}
              stations={stations.data ?? []}
              nodes={nodes}
              drawing={drawing}
              cut={cut}
              cutProblem={problem}
              saving={save.isPending}
              onValuesChange={handleValuesChange}
              onToggleDraw={() => setDrawing((d) => !d)}
              onToggleCut={() => setCut((c) => (c ? null : { picked: [] }))}
              onPick={handlePick}
              onKeep={handleKeep}
              onSave={() => void handleSave()}
              onCancel={() => confirmLeave(stopEditing)}
            />
          ) : (
            <FenceList
              fences={fences.data ?? []}
              loading={fences.isLoading}
              onEdit={(fence) => startEditing(fence)}
              onDelete={handleDelete}
              onMove={(fence, to) => move.mutate({ fence, to })}
              moving={move.isPending}
            />
          )}
        </Card>
        <Card
          variant="borderless"
          style={{ flex: 1, minWidth: 0 }}
          styles={{ body: { padding: 0, height: '100%' } }}
          role="region"
          aria-label={t('mapLabel')}
        >
          <BaseMap config={config.data?.map} testId="fence-map">
            <AreasLayer areas={areas} />
            {editing ? (
              <AreaEditor
                nodes={nodes}
                drawing={drawing}
                editable={cut === null}
                colour={kind}
                onChange={showNodes}
                onDrawEnd={() => setDrawing(false)}
              />
            ) : null}
            {editing && cut && nodes ? (
              <CutLayer
                nodes={nodes}
                picked={picked}
                parts={parts}
                partLabels={partLabels}
                onPick={handlePick}
                onKeep={handleKeep}
              />
            ) : null}
            {station ? (
              <FitAreas
                nodes={station.area.length ? station.area : (fences.data ?? []).flatMap((f) => f.points)}
                fitKey={station.stationId}
              />
            ) : null}
          </BaseMap>
        </Card>
      </Flex>
      <ImportProblems problems={problems} onClose={() => setProblems(null)} />
    </Flex>
  );
}
