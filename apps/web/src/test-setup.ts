import { afterAll, afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { unstable_IdlePriority, unstable_scheduleCallback } from 'scheduler';
import { LANGUAGES } from '@patrol/contracts';
import { NAMESPACES, i18n, i18nReady, loadAntdLocale } from '@/shared/i18n';

// Tests render at once and switch languages freely: every language's texts are loaded up front.
await i18nReady;
await i18n.reloadResources([...LANGUAGES], [...NAMESPACES]);
await Promise.all(LANGUAGES.map(loadAntdLocale));

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// React's scheduler may still hold work queued by the last unmount; let it run before jsdom goes
// away, or it fails later with "window is not defined" and counts against the run. A task at idle
// priority runs only once every more urgent task queued before it has run.
afterAll(() => new Promise<void>((resolve) => unstable_scheduleCallback(unstable_IdlePriority, () => resolve())));

// jsdom has no matchMedia; antd's responsive helpers ask for it.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// jsdom does not compute pseudo-element styles and says so on every antd render; ask without them.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

// jsdom has no ResizeObserver; antd's tables, transfers and text areas measure themselves with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
