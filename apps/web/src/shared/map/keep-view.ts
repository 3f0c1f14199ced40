/**
 * Where each page's map was (centre, zoom, shown base layer), so that leaving its tab and coming
 * back shows the same place. Kept for the browser tab (sessionStorage), keyed per page.
 */
/** `baseLayer` is the id of the shown base layer (see `BuiltBaseLayer`). */
export type KeptView = { center: [number, number]; zoom: number; baseLayer: string | null };

const PREFIX = 'patrol.map-view:';
const memory = new Map<string, KeptView>();

function valid(view: unknown): view is KeptView {
  const v = view as KeptView;
  return (
    !!v &&
    Array.isArray(v.center) &&
    v.center.length === 2 &&
    v.center.every((n) => typeof n === 'number' && Number.isFinite(n)) &&
    typeof v.zoom === 'number' &&
    Number.isFinite(v.zoom) &&
    (v.baseLayer === null || typeof v.baseLayer === 'string')
  );
}

export function readView(key: string): KeptView | null {
  const known = memory.get(key);
  if (known) return known;
  try {
    const stored = JSON.parse(sessionStorage.getItem(PREFIX + key) ?? 'null') as unknown;
    return valid(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function keepView(key: string, view: KeptView): void {
  memory.set(key, view);
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify(view));
  } catch {
    // Storage full or refused: the view is still kept in memory for this page load.
  }
}

/** Forgets every kept view (on sign-out, and between tests). */
export function forgetViews(): void {
  memory.clear();
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // Nothing kept.
  }
}
