import L from 'leaflet';
import type { MapProjection } from './projection';

/** The texts of the map's own controls, in the user's language (updated in place, no rebuild). */
export type MapControlTexts = {
  fullscreen: string;
  exitFullscreen: string;
  coordinates: string;
  layers: string;
  zoomIn: string;
  zoomOut: string;
  /** The name of the online tile layer in the switcher. */
  online: string;
};

const FULLSCREEN_ICON =
  '<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path d="M2 6V2h4M10 2h4v4M14 10v4h-4M6 14H2v-4" fill="none" stroke="currentColor" stroke-width="1.8"/></svg>';
const EXIT_ICON =
  '<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path d="M6 2v4H2M14 6h-4V2M10 14v-4h4M2 10h4v4" fill="none" stroke="currentColor" stroke-width="1.8"/></svg>';

/**
 * A full screen button (Fullscreen API on `target`, the map with its overlays); the map is resized
 * when full screen starts or ends. Hidden where the browser has no Fullscreen API.
 */
export function fullscreenControl(target: HTMLElement, texts: () => MapControlTexts) {
  let button: HTMLButtonElement | null = null;
  const isFull = () => document.fullscreenElement === target;
  const label = () => {
    if (!button) return;
    const text = isFull() ? texts().exitFullscreen : texts().fullscreen;
    button.title = text;
    button.setAttribute('aria-label', text);
    button.setAttribute('aria-pressed', String(isFull()));
    button.innerHTML = isFull() ? EXIT_ICON : FULLSCREEN_ICON;
  };
  let onChange: (() => void) | null = null;
  const Control = L.Control.extend({
    onAdd(map: L.Map) {
      const bar = L.DomUtil.create('div', 'leaflet-bar map-fullscreen');
      button = L.DomUtil.create('button', 'map-fullscreen-button', bar);
      button.type = 'button';
      button.style.cssText =
        'display:flex;align-items:center;justify-content:center;width:30px;height:30px;border:0;border-radius:4px;background:#fff;color:#333;cursor:pointer;padding:0;';
      if (!target.requestFullscreen) bar.style.display = 'none';
      L.DomEvent.disableClickPropagation(bar);
      L.DomEvent.on(button, 'click', () => {
        if (isFull()) void document.exitFullscreen?.();
        else void target.requestFullscreen?.().catch(() => {});
      });
      onChange = () => {
        label();
        map.invalidateSize();
      };
      document.addEventListener('fullscreenchange', onChange);
      label();
      return bar;
    },
    onRemove() {
      if (onChange) document.removeEventListener('fullscreenchange', onChange);
      onChange = null;
      button = null;
    },
  });
  return Object.assign(new Control({ position: 'topleft' }), { relabel: label });
}

/**
 * The WGS84 coordinates under the cursor (whatever the base map's system), in a small box over
 * the bottom-right corner, above the scale bar.
 */
export function coordinatesControl(projection: () => MapProjection, texts: () => MapControlTexts) {
  let box: HTMLElement | null = null;
  let value: HTMLElement | null = null;
  let name: HTMLElement | null = null;
  const relabel = () => {
    if (name) name.textContent = `${texts().coordinates} (WGS84)`;
  };
  const Control = L.Control.extend({
    onAdd(map: L.Map) {
      box = L.DomUtil.create('div', 'map-coordinates');
      box.setAttribute('data-testid', 'map-coordinates');
      box.style.cssText =
        'background:rgba(255,255,255,0.88);padding:1px 6px;font-size:11px;line-height:18px;color:#333;border-radius:2px;font-variant-numeric:tabular-nums;white-space:nowrap;';
      name = L.DomUtil.create('span', 'map-coordinates-name', box);
      L.DomUtil.create('span', '', box).textContent = ' ';
      value = L.DomUtil.create('span', 'map-coordinates-value', box);
      value.textContent = '—';
      relabel();
      const show = (latlng: L.LatLng) => {
        const [lng, lat] = projection().fromMap(latlng);
        if (value) value.textContent = `${lng.toFixed(6)}, ${lat.toFixed(6)}`;
      };
      map.on('mousemove', (e: L.LeafletMouseEvent) => show(e.latlng));
      // Without a pointer (keyboard panning), the centre's coordinates.
      map.on('moveend', () => {
        if (value && value.dataset.pointer !== 'on') show(map.getCenter());
      });
      map.on('mouseover', () => value && (value.dataset.pointer = 'on'));
      map.on('mouseout', () => value && (value.dataset.pointer = 'off'));
      show(map.getCenter());
      return box;
    },
  });
  return Object.assign(new Control({ position: 'bottomright' }), { relabel });
}
