import { afterAll, afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import '@/shared/i18n';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// React's scheduler may still hold work queued by the last unmount; let it run before jsdom goes
// away, or it fails later with "window is not defined" and counts against the run.
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
});

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
