import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Card, Flex, Segmented, Spin, Typography } from 'antd';
import { VIDEO_GRIDS, type VideoGrid, type VideoTile as Tile } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useMenuTitle } from '@/shared/menu';
import { PageTitle, SectionTitle } from '@/shared/ui';
import { saveVideoLayout, useVideoCameras, useVideoLayout } from '../api/video-api';
import { CameraTree } from '../components/camera-tree';
import { VideoTile } from '../components/video-tile';
import {
  EMPTY_LAYOUT,
  changeGrid,
  clearTile,
  dropOnTile,
  normaliseLayout,
  toggleMaximised,
  type PanelLayout,
} from '../panel-layout';
import '../components/video.css';

/** How long the panel waits after the last change before it remembers the layout. */
export const LAYOUT_SAVE_DELAY_MS = 800;

/**
 * Video monitoring (`/data/panel`): the robots' cameras on the left, a grid of live pictures on the
 * right; a camera is dragged onto a tile (or chosen for the selected tile), a tile is maximised by
 * a double-click; the layout is remembered on the server for the user.
 */
export function VideoPanelPage() {
  const { t } = useTranslation('video');
  const title = useMenuTitle('panel') ?? t('panelTitle');
  const cameras = useVideoCameras();
  const saved = useVideoLayout();
  const [layout, setLayout] = useState<PanelLayout | null>(null);
  const [selected, setSelected] = useState(0);
  const [maximised, setMaximised] = useState<number | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (saveTimer.current) clearTimeout(saveTimer.current);
    },
    [],
  );

  // The remembered layout until the user changes it.
  const shown = layout ?? (saved.data || saved.isError ? normaliseLayout(saved.data) : null);
  const current = shown ?? EMPTY_LAYOUT;
  // The layout as last rendered, for the tiles' handlers: they stay the same functions, so a tile
  // re-renders only when what it shows changes (16 playing tiles are the page's heaviest part).
  const currentRef = useRef(current);
  useLayoutEffect(() => {
    currentRef.current = current;
  });

  const change = useCallback((next: PanelLayout) => {
    currentRef.current = next;
    setLayout(next);
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => {
      void saveVideoLayout(next).catch(() => undefined);
    }, LAYOUT_SAVE_DELAY_MS);
  }, []);
  const handleDrop = useCallback(
    (index: number, dropped: Tile) => {
      setSelected(index);
      change(dropOnTile(currentRef.current, index, dropped));
    },
    [change],
  );
  const handleToggleMaximise = useCallback((index: number) => setMaximised((m) => toggleMaximised(m, index)), []);
  const handleClose = useCallback((index: number) => change(clearTile(currentRef.current, index)), [change]);

  const robots = cameras.data ?? [];
  const robotOf = (tile: Tile | null) => (tile ? robots.find((r) => r.robotId === tile.robotId) : undefined);
  const columns = Math.sqrt(maximised === null ? current.grid : 1);
  const indices = maximised === null ? current.tiles.map((_, i) => i) : [maximised];

  return (
    <Flex vertical gap={12} className="video-panel-page">
      <Card variant="borderless" styles={{ body: { padding: '12px 16px' } }}>
        <Flex justify="space-between" align="center" wrap gap={12}>
          <PageTitle>{title}</PageTitle>
          <Flex align="center" gap={8}>
            <Typography.Text id="video-grid-label">{t('grid')}</Typography.Text>
            <Segmented<VideoGrid>
              aria-labelledby="video-grid-label"
              data-testid="video-grid"
              value={current.grid}
              options={VIDEO_GRIDS.map((g) => ({ value: g, label: t('gridOption', { count: g }) }))}
              onChange={(grid) => {
                setMaximised(null);
                setSelected((s) => Math.min(s, grid - 1));
                change(changeGrid(current, grid));
              }}
            />
          </Flex>
        </Flex>
      </Card>
      <Flex gap={12} style={{ height: 'calc(100vh - 210px)', minHeight: 520 }}>
        <Card
          variant="borderless"
          style={{ width: 280, flex: 'none' }}
          styles={{ body: { overflow: 'auto', height: '100%' } }}
          title={<SectionTitle look="inherit">{t('cameras')}</SectionTitle>}
        >
          <Typography.Paragraph type="secondary">{t('camerasHint')}</Typography.Paragraph>
          {cameras.isLoading ? (
            <Spin spinning>
              <div style={{ height: 80 }} />
            </Spin>
          ) : (
            <CameraTree robots={robots} onChoose={(tile) => change(dropOnTile(current, maximised ?? selected, tile))} />
          )}
        </Card>
        <Card
          variant="borderless"
          style={{ flex: 1, minWidth: 0 }}
          styles={{ body: { height: '100%', padding: 8 } }}
          role="region"
          aria-label={t('tiles')}
        >
          {shown === null ? (
            <Spin spinning>
              <div style={{ height: 200 }} />
            </Spin>
          ) : (
            <div
              className="video-grid"
              data-testid="video-grid-tiles"
              data-grid={current.grid}
              style={{
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                gridTemplateRows: `repeat(${columns}, minmax(0, 1fr))`,
              }}
            >
              {indices.map((index) => {
                const tile = current.tiles[index] ?? null;
                return (
                  <VideoTile
                    key={index}
                    index={index}
                    tile={tile}
                    robot={robotOf(tile)}
                    selected={selected === index}
                    maximised={maximised === index}
                    onSelect={setSelected}
                    onDrop={handleDrop}
                    onToggleMaximise={handleToggleMaximise}
                    onClose={handleClose}
                  />
                );
              })}
            </div>
          )}
        </Card>
      </Flex>
    </Flex>
  );
}
