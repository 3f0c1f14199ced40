import { VIDEO_GRIDS, type VideoGrid, type VideoLayout, type VideoTile } from '@patrol/contracts';

/** The panel's layout with one entry per tile of the grid (null: empty). */
export type PanelLayout = { grid: VideoGrid; tiles: (VideoTile | null)[] };

export const EMPTY_LAYOUT: PanelLayout = { grid: 4, tiles: [null, null, null, null] };

function sameCamera(a: VideoTile | null, b: VideoTile | null): boolean {
  return !!a && !!b && a.robotId === b.robotId && a.camera === b.camera;
}

/** A layout as the server keeps it, made whole: exactly `grid` tiles. */
export function normaliseLayout(layout: VideoLayout | undefined): PanelLayout {
  if (!layout || !(VIDEO_GRIDS as readonly number[]).includes(layout.grid)) return EMPTY_LAYOUT;
  const tiles = Array.from({ length: layout.grid }, (_, i) => layout.tiles[i] ?? null);
  return { grid: layout.grid, tiles };
}

/** Shows a camera in tile `index`; a tile that showed the same camera is emptied (one tile per camera). */
export function dropOnTile(layout: PanelLayout, index: number, tile: VideoTile): PanelLayout {
  if (index < 0 || index >= layout.grid) return layout;
  const tiles = layout.tiles.map((current, i) => (i === index ? tile : sameCamera(current, tile) ? null : current));
  return { ...layout, tiles };
}

export function clearTile(layout: PanelLayout, index: number): PanelLayout {
  return { ...layout, tiles: layout.tiles.map((current, i) => (i === index ? null : current)) };
}

/**
 * Another grid: the cameras shown stay, in their order; a larger grid adds empty tiles, a smaller
 * one first drops the empty tiles, then the last cameras if there are still too many.
 */
export function changeGrid(layout: PanelLayout, grid: VideoGrid): PanelLayout {
  if (grid >= layout.tiles.length) {
    return { grid, tiles: [...layout.tiles, ...Array<null>(grid - layout.tiles.length).fill(null)] };
  }
  // The first tiles already hold every camera shown: they keep their places.
  if (layout.tiles.slice(grid).every((tile) => tile === null)) return { grid, tiles: layout.tiles.slice(0, grid) };
  const shown = layout.tiles.filter((tile): tile is VideoTile => tile !== null).slice(0, grid);
  return { grid, tiles: [...shown, ...Array<null>(grid - shown.length).fill(null)] };
}

/** Double-click: the tile fills the panel, and the same again brings the grid back. */
export function toggleMaximised(current: number | null, index: number): number | null {
  return current === index ? null : index;
}

/** The first empty tile, or null when every tile shows a camera. */
export function firstEmptyTile(layout: PanelLayout): number | null {
  const index = layout.tiles.findIndex((tile) => tile === null);
  return index < 0 ? null : index;
}
