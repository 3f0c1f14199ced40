import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The tests build and start real things (the release, its server, the tools that check the
    // deployment files): one file at a time, with room for a build.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 600_000,
  },
});
