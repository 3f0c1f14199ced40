import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each test file builds whole apps on fresh databases (PGlite in memory, or one PostgreSQL
    // database per app when TEST_DATABASE_URL is set).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
