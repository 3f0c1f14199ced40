import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test-setup.ts'],
      // A page with antd tables and drawers takes seconds to render in jsdom on a busy 2-core machine.
      testTimeout: 30_000,
    },
  }),
);
