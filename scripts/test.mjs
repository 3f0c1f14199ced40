#!/usr/bin/env node
// Runs every check of the project and ends with one line "N passed, N failed" summing them all.
// Suites: lint, typecheck, contracts, web, server on PGlite, server on PostgreSQL (when
// TEST_DATABASE_URL is set), build, end-to-end in Chromium, the fault suite's quick run on PGlite
// (and PostgreSQL when TEST_DATABASE_URL is set; its broker scenario needs a Mosquitto, TEST_MQTT_URL
// or 127.0.0.1:1883). With TEST_MQTT_URL the robot protocol suites also run against that broker. Set SKIP_E2E=1 to leave the browser out.
// With TEST_NODE24 (the path of a Node 24 binary) the suites that run the product's code on Node
// run on that runtime too, labelled "(Node 24)": contracts, robot-sim, the server (on PostgreSQL
// there, PGlite on the machine's Node) and the end-to-end flows of the server's runtime on the
// compiled server. The web suite runs the console's browser code in jsdom, and lint, format and
// typecheck do not depend on the runtime: they run once.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.test-output');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const results = [];

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

/** A check with no test count of its own (lint, typecheck, build) counts as one. */
function check(name, cmd, args, env) {
  console.log(`\n=== ${name}`);
  const status = run(cmd, args, env);
  results.push({ name, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 });
  return status === 0;
}

function vitest(name, dir, env = {}) {
  console.log(`\n=== ${name}`);
  const file = join(out, `${name.replace(/\W+/g, '-')}.json`);
  const status = run(
    'npx',
    ['vitest', 'run', '--root', dir, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    env,
  );
  if (!existsSync(file)) return results.push({ name, passed: 0, failed: 1 });
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const failed = report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0);
  results.push({ name, passed: report.numPassedTests, failed });
}

function playwright(name, env = {}, specs = []) {
  console.log(`\n=== ${name}`);
  const file = join(out, `${name.replace(/\W+/g, '-')}.json`);
  const args = ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json', ...specs];
  const status = run('npx', args, {
    ...env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  if (!existsSync(file)) return results.push({ name, passed: 0, failed: 1 });
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const { stats } = report;
  const failed = stats.unexpected + (status !== 0 && stats.unexpected === 0 ? 1 : 0);
  const flaky = flakyTitles(report);
  if (flaky.length)
    console.log(`\n${name}: passed only when run again (flaky):\n${flaky.map((t) => `  ${t}`).join('\n')}`);
  results.push({ name, passed: stats.expected + stats.flaky, failed, flaky: flaky.length });
}

/**
 * The fault suite's quick run on one database (bench/faults: the compiled server killed, stopped,
 * cut off from its database or broker); each scenario counts as a test.
 */
function faults(name, database) {
  console.log(`\n=== ${name}`);
  const file = join(out, `${name.replace(/\W+/g, '-')}.json`);
  const status = run('node', ['--import', 'tsx', 'bench/faults/run.ts'], {
    FAULTS_QUICK: '1',
    FAULTS_DATABASE: database,
    FAULTS_RESULT: file,
  });
  if (!existsSync(file)) return results.push({ name, passed: 0, failed: 1 });
  const report = JSON.parse(readFileSync(file, 'utf8'));
  results.push({ name, passed: report.passed, failed: report.failed + (status !== 0 && report.failed === 0 ? 1 : 0) });
}

/**
 * The container image (deploy/container/test-image.ts): built offline from the release tarball,
 * run on the embedded defaults and as two instances on PostgreSQL, Redis and Mosquitto, saved as
 * an OCI archive and inspected; each check counts as a test. After the build, the tarball is made
 * from it as it is (PACKAGE_SKIP_BUILD=1) when it is missing or older.
 */
function containerImage(name, afterBuild) {
  console.log(`\n=== ${name}`);
  const file = join(out, `${name.replace(/\W+/g, '-')}.json`);
  const status = run('node', ['--import', 'tsx', 'deploy/container/test-image.ts'], {
    IMAGE_TEST_RESULT: file,
    ...(afterBuild ? { PACKAGE_SKIP_BUILD: '1' } : {}),
  });
  if (!existsSync(file)) return results.push({ name, passed: 0, failed: 1 });
  const report = JSON.parse(readFileSync(file, 'utf8'));
  results.push({ name, passed: report.passed, failed: report.failed + (status !== 0 && report.failed === 0 ? 1 : 0) });
}

/** The titles of the tests Playwright reports as flaky (failed, then passed on the retry). */
function flakyTitles(report) {
  const titles = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) if (test.status === 'flaky') titles.push(`${spec.file}: ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return titles;
}

const NODE24_E2E = [
  'e2e/sign-in.spec.ts',
  'e2e/robots.spec.ts',
  'e2e/alarms.spec.ts',
  'e2e/fleet-stop.spec.ts',
  'e2e/notices.spec.ts',
  'e2e/expose.spec.ts',
].filter((spec) => existsSync(spec));

check('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
check('import cycles', 'node', ['scripts/check-cycles.mjs']);
check('format', 'npx', ['prettier', '--check', '.']);
check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
vitest('contracts', 'packages/contracts');
vitest('web', 'apps/web');
vitest('robot-sim', 'apps/robot-sim');
vitest('server (PGlite)', 'apps/server', { TEST_DATABASE_URL: '' });
const node24 = process.env.TEST_NODE24?.trim();
// With Node 24 at hand the PostgreSQL run of the server suite is made on it (below), so each
// database and each runtime runs the whole server suite once.
if (process.env.TEST_DATABASE_URL && !node24) {
  vitest('server (PostgreSQL)', 'apps/server', { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
} else if (!process.env.TEST_DATABASE_URL) {
  console.log('\n(TEST_DATABASE_URL is not set: the server suite ran on PGlite only)');
}
const built = process.env.SKIP_E2E !== '1' && check('build', 'npm', ['run', '--silent', 'build']);
if (built) playwright('end-to-end');
// The fault suite runs the compiled server: after the build.
// The release, deployment and monitoring files (deploy/): the release is built from the build above.
if (built) vitest('deploy', 'deploy');
// The container image (several minutes; CI's separate step): only with TEST_CONTAINER=1.
if (process.env.TEST_CONTAINER === '1') containerImage('container image', built);
if (built) {
  faults('faults (PGlite)', 'pglite');
  if (process.env.TEST_DATABASE_URL) faults('faults (PostgreSQL)', 'postgres');
}

if (node24) {
  // Every `node` the suites start (npx, vitest, the e2e server) resolves to Node 24 first on PATH.
  const env = { PATH: `${dirname(node24)}${delimiter}${process.env.PATH}` };
  if (check('Node 24 present', node24, ['-e', 'process.exit(process.versions.node.split(".")[0] === "24" ? 0 : 1)'])) {
    vitest('contracts (Node 24)', 'packages/contracts', env);
    vitest('robot-sim (Node 24)', 'apps/robot-sim', env);
    if (process.env.TEST_DATABASE_URL) {
      vitest('server (PostgreSQL, Node 24)', 'apps/server', {
        ...env,
        TEST_DATABASE_URL: process.env.TEST_DATABASE_URL,
      });
    } else {
      vitest('server (PGlite, Node 24)', 'apps/server', { ...env, TEST_DATABASE_URL: '' });
    }
    // On Node 24 the browser suite runs the flows that exercise the server's own runtime (sessions,
    // the robots' broker, the console socket, files); the pages themselves were walked above.
    if (built) playwright('end-to-end (Node 24)', env, NODE24_E2E);
  }
}

console.log('\n=== summary');
for (const r of results)
  console.log(
    `${r.name.padEnd(28)} ${r.passed} passed, ${r.failed} failed${r.flaky ? ` (${r.flaky} flaky, named above)` : ''}`,
  );
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
