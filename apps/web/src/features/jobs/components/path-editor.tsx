import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Flex, Form, Typography } from 'antd';
import type { FenceRow, LngLat, PathNode, StationRow } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import type { MapConfig } from '@/shared/api';
import { translateMessage } from '@/shared/i18n';
import { AreasLayer, BaseMap, FitAreas, PathLayer, useLeafletMap, useMapProjection, type MapArea } from '@/shared/map';
import { addNode, formatLength, moveNode, pathLength, problemMessage, problemOf } from '../path-rules';
import { NodeList } from './node-list';

/** Hands the map's centre (WGS84) out of the map, for the keyboard's "add a node" button. */
function CentreOf({ onReady }: { onReady: (centre: () => LngLat | null) => void }) {
  const map = useLeafletMap();
  const projection = useMapProjection();
  useEffect(() => onReady(() => (map ? projection.fromMap(map.getCenter()) : null)), [map, projection, onReady]);
  return null;
}

type Props = {
  /** The path (the form field's value). */
  value?: PathNode[];
  onChange?: (nodes: PathNode[]) => void;
  mapConfig: MapConfig | undefined;
  /** The job's station: its area is drawn and fitted, the path must stay in it. */
  station: StationRow | undefined;
  /** The station's fences; the forbidden ones must not be crossed. */
  fences: readonly FenceRow[];
  /** A segment the server refused (0-based), shown until the path changes. */
  refused?: { segment: number | null; message: string } | null;
};

/**
 * A job's path, drawn on the map of its station (click adds a node at the end, drag moves one) and
 * listed beside it (mode, type, guide data, reorder, remove). While drawing, the contract's
 * `pathProblem` is asked: a segment that leaves the station's area or crosses a forbidden fence is
 * drawn red and dashed and said under the map.
 */
export function PathEditor({ value, onChange, mapConfig, station, fences, refused }: Props) {
  const { t } = useTranslation('jobs');
  const nodes = useMemo(() => value ?? [], [value]);
  const [selected, setSelected] = useState<number | null>(null);
  const forbidden = useMemo(() => fences.filter((f) => f.kind === 'forbidden'), [fences]);
  const problem = useMemo(
    () => (station ? problemOf(nodes, { area: station.area, forbidden }) : null),
    [nodes, station, forbidden],
  );
  const highlight = problem?.segment ?? refused?.segment ?? null;
  const said = problem ? problemMessage(problem) : null;
  const saidText = said ? translateMessage(said.key, said.params) : null;
  // The form field says the same under the editor once it is checked: said once, not twice.
  const { errors, status } = Form.Item.useStatus();
  const shownByField = (text: string | null | undefined) => !!text && errors.some((e) => String(e) === text);
  const points = useMemo<LngLat[]>(() => nodes.map((n) => [n.lng, n.lat]), [nodes]);

  const areas = useMemo<MapArea[]>(() => {
    if (!station) return [];
    const list: MapArea[] = [
      { id: `station-${station.stationId}`, nodes: station.area, colour: 'station', label: station.name },
    ];
    // Bottom layer first (the list comes top first).
    for (const fence of [...fences].reverse()) {
      list.push({
        id: `fence-${fence.fenceId}`,
        nodes: fence.points,
        colour: fence.kind,
        label: fence.name,
        muted: fence.kind !== 'forbidden',
      });
    }
    return list;
  }, [station, fences]);

  const form = Form.useFormInstance();
  const change = (next: PathNode[]) => {
    setSelected((s) => (s !== null && s < next.length ? s : null));
    onChange?.(next);
    // A path whose check failed is checked again as it is mended.
    if (status === 'error') setTimeout(() => void form.validateFields(['nodes']).catch(() => undefined));
  };
  const handleAdd = (at: LngLat) => {
    if (!station) return;
    change(addNode(nodes, at));
  };
  const handleMove = (index: number, to: LngLat) => change(moveNode(nodes, index, to));
  const nodeLabel = (index: number) => t('node', { index: index + 1 });
  // The keyboard's way to add a node: pan the map with the arrow keys, then add at its centre.
  const centre = useRef<() => LngLat | null>(() => null);
  const [handleReady] = useState(() => (read: () => LngLat | null) => {
    centre.current = read;
  });
  const handleAddAtCentre = () => {
    const at = centre.current();
    if (at) handleAdd(at);
  };

  return (
    <Flex vertical gap={8}>
      <Flex gap={12} className="path-editor">
        <div
          role="region"
          aria-label={t('mapLabel')}
          style={{ flex: 1, minWidth: 0, height: 360, borderRadius: 6, overflow: 'hidden' }}
        >
          <BaseMap config={mapConfig} testId="job-map">
            <AreasLayer areas={areas} />
            <PathLayer
              nodes={points}
              highlight={highlight}
              selected={selected}
              nodeLabel={nodeLabel}
              onMapClick={handleAdd}
              onMove={handleMove}
              onSelect={setSelected}
            />
            <CentreOf onReady={handleReady} />
            {station ? (
              <FitAreas nodes={station.area.length ? station.area : points} fitKey={station.stationId} />
            ) : null}
          </BaseMap>
        </div>
        <Flex vertical style={{ width: 420, flex: 'none', height: 360 }}>
          <Flex justify="space-between" align="center" style={{ marginBottom: 6 }}>
            <Typography.Text type="secondary">
              {t('nodeCount', { count: nodes.length, length: formatLength(pathLength(nodes)) })}
            </Typography.Text>
            <span>
              <Button size="small" disabled={!station} onClick={handleAddAtCentre} style={{ marginInlineEnd: 6 }}>
                {t('addAtCentre')}
              </Button>
              <Button size="small" disabled={nodes.length === 0} onClick={() => change([])}>
                {t('clearPath')}
              </Button>
            </span>
          </Flex>
          <div style={{ overflow: 'auto', flex: 1 }}>
            <NodeList
              nodes={nodes}
              onChange={change}
              selected={selected}
              onSelect={setSelected}
              markBlank={status === 'error'}
            />
          </div>
        </Flex>
      </Flex>
      {saidText ? (
        shownByField(saidText) ? null : (
          <Alert type="error" showIcon role="alert" title={saidText} data-testid="path-problem" />
        )
      ) : refused ? (
        shownByField(refused.message) ? null : (
          <Alert type="error" showIcon role="alert" title={refused.message} data-testid="path-problem" />
        )
      ) : (
        <Typography.Text type="secondary">
          {station ? t('drawHint') : t('chooseStationFirst')}
          {station && nodes.length >= 2 ? ` · ${t('pathFine')}` : ''}
        </Typography.Text>
      )}
    </Flex>
  );
}
