import { useCallback, useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Empty,
  Pagination,
  Popconfirm,
  Segmented,
  Select,
  Slider,
  Spin,
  theme,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { PointCloudError, type PointCloudPageQuery, type PointCloudRow } from '@patrol/contracts';
import { useRobotOptions } from '@/shared/fleet';
import { formatTime } from '@/shared/list/format';
import { useMenuTitle } from '@/shared/menu';
import { PageTitle, SectionTitle } from '@/shared/ui';
import { deletePointCloud, pointCloudsKey, usePointCloudFile, usePointClouds } from '../api/point-clouds-api';
import { PointCloudViewer } from '../components/point-cloud-viewer';
import {
  cloudBounds,
  colorModes,
  legendGradient,
  VIEWER_MAX_POINTS,
  type ColorMode,
  type ValueRange,
} from '../components/point-colors';
import '../components/point-clouds.css';

const PAGE_SIZE = 20;
const DEFAULT_POINT_SIZE = 2;

/** A file size for people: KB below a megabyte, else MB with one decimal. */
function useSize() {
  const { t } = useTranslation('point-clouds');
  return (bytes: number) =>
    bytes < 1024 * 1024
      ? t('units.kb', { value: Math.max(1, Math.round(bytes / 1024)) })
      : t('units.mb', { value: (bytes / 1024 / 1024).toFixed(1) });
}

/**
 * Trend View, point cloud (`/trendVision/trendPoint`): the scans robots uploaded, the latest first,
 * filtered by robot and time; the chosen one drawn in 3D, coloured by height, intensity or its own
 * colours, with its legend, point size, a reset of the view and the number of points shown.
 */
export function TrendPointPage() {
  const { t, i18n } = useTranslation('point-clouds');
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const title = useMenuTitle('trendPoint');
  const robots = useRobotOptions();
  const queryClient = useQueryClient();
  const size = useSize();
  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);

  const [robotId, setRobotId] = useState<number | undefined>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [index, setIndex] = useState(1);
  const query = useMemo<PointCloudPageQuery>(
    () => ({
      index,
      size: PAGE_SIZE,
      ...(robotId ? { robotId } : {}),
      ...(range?.[0] ? { startTime: range[0].toISOString() } : {}),
      ...(range?.[1] ? { endTime: range[1].toISOString() } : {}),
    }),
    [index, robotId, range],
  );
  const list = usePointClouds(query);
  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);
  const [pickedId, setChosenId] = useState<number | null>(null);
  // The latest scan shows at once; a choice that left the list (deleted, filtered out) gives way to it.
  const chosen: PointCloudRow | undefined = rows.find((r) => r.pointCloudId === pickedId) ?? rows[0];
  const chosenId = chosen?.pointCloudId ?? null;

  const tooBig = chosen !== undefined && chosen.points > VIEWER_MAX_POINTS;
  const file = usePointCloudFile(chosen && !tooBig ? chosen.pointCloudId : null);
  const cloud = file.data;
  const modes = useMemo(() => (cloud ? colorModes(cloud) : (['height'] as ColorMode[])), [cloud]);
  const [mode, setMode] = useState<ColorMode>('height');
  const shownMode: ColorMode = modes.includes(mode) ? mode : 'height';
  const [pointSize, setPointSize] = useState(DEFAULT_POINT_SIZE);
  const [resetKey, setResetKey] = useState(0);
  const [legend, setLegend] = useState<ValueRange | null>(null);
  const [noWebgl, setNoWebgl] = useState(false);
  const handleColored = useCallback((range: ValueRange | null) => setLegend(range), []);
  const handleUnavailable = useCallback(() => setNoWebgl(true), []);
  const bounds = useMemo(() => (cloud ? cloudBounds(cloud.positions) : null), [cloud]);

  const handleDelete = async (row: PointCloudRow) => {
    await deletePointCloud(row.pointCloudId);
    void message.success(t('list.deleted'));
    await queryClient.invalidateQueries({ queryKey: pointCloudsKey });
  };

  const fixed = (v: number) => v.toFixed(2);
  const modeName = t(`viewer.modes.${shownMode}`);
  const summary =
    chosen && cloud
      ? t('viewer.summary', {
          points: number.format(cloud.points),
          robot: chosen.robotName,
          time: formatTime(chosen.capturedAt),
          size: size(chosen.sizeBytes),
          xMin: fixed(bounds?.min[0] ?? 0),
          xMax: fixed(bounds?.max[0] ?? 0),
          yMin: fixed(bounds?.min[1] ?? 0),
          yMax: fixed(bounds?.max[1] ?? 0),
          zMin: fixed(bounds?.min[2] ?? 0),
          zMax: fixed(bounds?.max[2] ?? 0),
          mode: modeName,
        })
      : '';

  const fileError = file.error;
  let viewerState: React.ReactNode = null;
  if (!chosen) viewerState = <Empty description={t('viewer.choose')} />;
  else if (tooBig)
    viewerState = (
      <Alert
        type="warning"
        showIcon
        title={t('viewer.tooBig', { points: number.format(chosen.points), max: number.format(VIEWER_MAX_POINTS) })}
      />
    );
  else if (fileError)
    viewerState = (
      <Alert
        type="error"
        showIcon
        title={fileError instanceof PointCloudError ? t('viewer.unreadable') : t('viewer.loadFailed')}
      />
    );
  else if (noWebgl) viewerState = <Alert type="error" showIcon title={t('viewer.noWebgl')} />;
  else if (!cloud)
    viewerState = (
      <div className="pc-state" role="status">
        <Spin />
        <span>{t('viewer.loading')}</span>
      </div>
    );

  const panelStyle = { background: token.colorBgContainer, borderColor: token.colorBorderSecondary };
  return (
    <div className="pc-page">
      <div className="pc-page__bar">
        <PageTitle look={3} className="pc-page__title">
          {title}
        </PageTitle>
        <Select
          aria-label={t('filters.robot')}
          placeholder={t('filters.robot')}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 200 }}
          value={robotId}
          onChange={(v: number | undefined) => {
            setRobotId(v);
            setIndex(1);
          }}
          options={(robots.data ?? []).map((r) => ({ value: r.robotId, label: `${r.name} (${r.serialNumber})` }))}
        />
        <DatePicker.RangePicker
          showTime
          allowEmpty={[true, true]}
          aria-label={t('filters.time')}
          value={range}
          onChange={(v) => {
            setRange(v);
            setIndex(1);
          }}
        />
        <Button onClick={() => void list.refetch()}>{t('filters.refresh')}</Button>
      </div>
      <div className="pc-page__body">
        <section className="pc-list" style={panelStyle} aria-labelledby="pc-list-title">
          <SectionTitle look="inherit" level={2} id="pc-list-title" className="pc-panel__title">
            {t('list.title')}
            {list.data ? <span className="pc-list__total">{t('list.total', { n: list.data.total })}</span> : null}
          </SectionTitle>
          {list.isError ? <Alert type="error" showIcon title={t('list.loadFailed')} /> : null}
          {list.isLoading ? (
            <div className="pc-state" role="status">
              <Spin />
            </div>
          ) : rows.length === 0 && !list.isError ? (
            <Empty description={t('list.empty')} />
          ) : (
            <ul className="pc-list__items" aria-label={t('list.label')}>
              {rows.map((row) => {
                const active = row.pointCloudId === chosenId;
                return (
                  <li
                    key={row.pointCloudId}
                    className={`pc-item${active ? ' pc-item--active' : ''}`}
                    style={
                      active
                        ? { borderColor: token.colorPrimary, background: token.colorPrimaryBg }
                        : { borderColor: token.colorBorderSecondary }
                    }
                  >
                    <button
                      type="button"
                      className="pc-item__choose"
                      aria-pressed={active}
                      onClick={() => setChosenId(row.pointCloudId)}
                    >
                      <span className="pc-item__robot">{row.robotName}</span>
                      <span className="pc-item__meta" style={{ color: token.colorTextSecondary }}>
                        <span>{formatTime(row.capturedAt)}</span>
                        <span>{t('list.points', { n: number.format(row.points) })}</span>
                        <span>{size(row.sizeBytes)}</span>
                        <span>{row.format.toUpperCase()}</span>
                      </span>
                    </button>
                    <Popconfirm title={t('list.deleteConfirm')} onConfirm={() => handleDelete(row)}>
                      <Button
                        size="small"
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={`${t('list.delete')} ${row.name}`}
                        title={t('list.delete')}
                      />
                    </Popconfirm>
                  </li>
                );
              })}
            </ul>
          )}
          {list.data && list.data.total > PAGE_SIZE ? (
            <Pagination
              size="small"
              current={index}
              pageSize={PAGE_SIZE}
              total={list.data.total}
              onChange={setIndex}
              showSizeChanger={false}
            />
          ) : null}
        </section>
        <section className="pc-view" style={panelStyle} aria-labelledby="pc-view-title">
          <div className="pc-view__bar">
            <SectionTitle look="inherit" level={2} id="pc-view-title" className="pc-panel__title">
              {chosen ? `${t('viewer.title')} · ${chosen.name}` : t('viewer.title')}
            </SectionTitle>
            <span className="pc-control">
              <span id="pc-mode-label">{t('viewer.colorMode')}</span>
              <Segmented
                aria-labelledby="pc-mode-label"
                value={shownMode}
                onChange={(v) => setMode(v as ColorMode)}
                options={(['height', 'intensity', 'rgb'] as const).map((m) => ({
                  value: m,
                  label: t(`viewer.modes.${m}`),
                  disabled: !modes.includes(m),
                }))}
              />
            </span>
            <span className="pc-control">
              <span id="pc-size-label">{t('viewer.pointSize')}</span>
              <Slider
                ariaLabelledByForHandle="pc-size-label"
                min={1}
                max={8}
                step={0.5}
                value={pointSize}
                onChange={setPointSize}
                style={{ width: 120 }}
              />
            </span>
            <Button onClick={() => setResetKey((k) => k + 1)} disabled={!cloud}>
              {t('viewer.reset')}
            </Button>
          </div>
          <div className="pc-view__stage">
            {cloud && !viewerState ? (
              <PointCloudViewer
                cloud={cloud}
                mode={shownMode}
                pointSize={pointSize}
                resetKey={resetKey}
                label={t('viewer.canvasLabel', { name: chosen?.name ?? '' })}
                background={token.colorBgLayout}
                onColored={handleColored}
                onUnavailable={handleUnavailable}
              />
            ) : (
              <div className="pc-view__empty">{viewerState}</div>
            )}
          </div>
          {cloud && !viewerState ? (
            <div className="pc-view__foot">
              <span data-testid="points-shown">{t('viewer.shown', { shown: number.format(cloud.points) })}</span>
              {legend && shownMode !== 'rgb' ? (
                <span className="pc-legend">
                  <span className="pc-legend__bar" style={{ backgroundImage: legendGradient() }} aria-hidden />
                  <span>
                    {t('viewer.legend', {
                      mode: modeName,
                      min: shownMode === 'height' ? t('units.m', { value: fixed(legend.min) }) : fixed(legend.min),
                      max: shownMode === 'height' ? t('units.m', { value: fixed(legend.max) }) : fixed(legend.max),
                    })}
                  </span>
                </span>
              ) : null}
              <p className="visually-hidden" aria-live="polite">
                {summary}
              </p>
            </div>
          ) : null}
        </section>
      </div>
    </div>
  );
}
