import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
/** The embedded broker of the e2e server, where the simulated robots connect. */
export const E2E_MQTT_PORT = Number(process.env.E2E_MQTT_PORT ?? E2E_PORT + 1);
export const ADMIN_PASSWORD = 'Patrol2026x';
export const OPERATOR = { account: 'operator', password: 'Operator1x' };

/** The built console served by the real server on a fresh embedded database, in Debian's Chromium. */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  // On CI (two shared cores) a test that fails is run once more; one that then passes is reported
  // as flaky by name in the summary (scripts/test.mjs), never hidden.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Screenshots and traces of failures, one folder per run (scripts/test.mjs names it after the suite).
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../.test-output/e2e-results',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // The voice spec speaks through Chromium's fake microphone, granted without a prompt.
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
  },
  webServer: {
    // The compiled server, as `npm run serve` runs it (`npm run build` comes first).
    command: 'node --import tsx e2e/prepare-server.ts && node apps/server/dist/main.js',
    cwd: '..',
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      MQTT_PORT: String(E2E_MQTT_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: `.test-output/e2e-data-${E2E_PORT}`,
      PATROL_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // Play URLs expire in 20 s, so the video spec sees one expire and the players renew theirs.
      VIDEO_URL_TTL_SECONDS: '20',
      E2E_OPERATOR_ACCOUNT: OPERATOR.account,
      E2E_OPERATOR_PASSWORD: OPERATOR.password,
    },
  },
});
