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
// Suites that share nothing (no port, no database, no files) run two at a time, one a core: each
// runs its files one after another, so a second suite uses the core the first leaves idle. The output
// of a suite run beside another is printed in one block when it ends.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { delimiter, dirname, join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.test-output');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const results = [];

/**
 * Runs a command to its end; its exit status. With `beside` its output is kept and printed in one
 * block at the end (another suite runs at the same time), else it goes straight to the terminal.
 */
function run(name, cmd, args, env = {}, beside = false) {
  console.log(
    beside ? `\n=== ${name} (started beside another suite; its output follows when it ends)` : `\n=== ${name}`,
  );
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: beside ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    const chunks = [];
    child.stdout?.on('data', (c) => chunks.push(c));
    child.stderr?.on('data', (c) => chunks.push(c));
    child.on('error', () => resolve(1));
    child.on('close', (code) => {
      if (beside) process.stdout.write(`\n=== ${name}: its output\n${Buffer.concat(chunks).toString()}\n`);
      resolve(code ?? 1);
    });
  });
}

/** Runs one suite, timed, and records its counts as `count(status)` reads them. */
async function suite(name, cmd, args, env, beside, count) {
  const started = Date.now();
  const status = await run(name, cmd, args, env, beside);
  results.push({ name, seconds: Math.round((Date.now() - started) / 1000), ...count(status) });
  return status;
}

/** The counts of a JSON report the suite wrote, or one failure when it wrote none. */
function fromReport(file, counts) {
  return (status) => {
    if (!existsSync(file)) return { passed: 0, failed: 1 };
    const { passed, failed, ...rest } = counts(JSON.parse(readFileSync(file, 'utf8')));
    return { passed, failed: failed + (status !== 0 && failed === 0 ? 1 : 0), ...rest };
  };
}

const reportFile = (name) => join(out, `${name.replace(/\W+/g, '-')}.json`);

/** A check with no test count of its own (lint, typecheck, build) counts as one. */
async function check(name, cmd, args, env = {}, beside = false) {
  const status = await suite(name, cmd, args, env, beside, (s) => ({
    passed: s === 0 ? 1 : 0,
    failed: s === 0 ? 0 : 1,
  }));
  return status === 0;
}

function vitest(name, dir, env = {}, beside = false) {
  const file = reportFile(name);
  const args = ['vitest', 'run', '--root', dir, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
  return suite(
    name,
    'npx',
    args,
    env,
    beside,
    fromReport(file, (r) => ({
      passed: r.numPassedTests,
      failed: r.numFailedTests,
      failures: vitestFailures(r),
    })),
  );
}

/** "file: test" for each failed test of a Vitest report, and each file that failed outside a test. */
function vitestFailures(report) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const path = relative(process.cwd(), file.name);
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) names.push(`${path}: ${t.fullName ?? t.title}`);
    if (file.status === 'failed' && failed.length === 0)
      names.push(`${path}: ${(file.message ?? 'failed outside its tests').split('\n')[0]}`);
  }
  return names;
}

function playwright(name, env = {}, specs = [], beside = false) {
  const file = reportFile(name);
  const args = ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json', ...specs];
  return suite(
    name,
    'npx',
    args,
    // Each run's screenshots and traces of failures in a folder of its own (the Node 24 run's do not replace them).
    { E2E_OUTPUT_DIR: file.replace(/\.json$/, '-results'), ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    beside,
    fromReport(file, (report) => {
      const flaky = flakyTitles(report);
      if (flaky.length)
        console.log(`\n${name}: passed only when run again (flaky):\n${flaky.map((t) => `  ${t}`).join('\n')}`);
      return {
        passed: report.stats.expected + report.stats.flaky,
        failed: report.stats.unexpected,
        flaky: flaky.length,
        failures: playwrightTitles(report, 'unexpected'),
      };
    }),
  );
}

/**
 * The fault suite's quick run on one database (bench/faults: the compiled server killed, stopped,
 * cut off from its database or broker); each scenario counts as a test.
 */
function faults(name, database, beside = false) {
  const file = reportFile(name);
  return suite(
    name,
    'node',
    ['--import', 'tsx', 'bench/faults/run.ts'],
    { FAULTS_QUICK: '1', FAULTS_DATABASE: database, FAULTS_RESULT: file },
    beside,
    fromReport(file, (r) => ({ passed: r.passed, failed: r.failed })),
  );
}

/**
 * The container image (deploy/container/test-image.ts): built offline from the release tarball,
 * run on the embedded defaults and as two instances on PostgreSQL, Redis and Mosquitto, saved as
 * an OCI archive and inspected; each check counts as a test. After the build, the tarball is made
 * from it as it is (PACKAGE_SKIP_BUILD=1) when it is missing or older.
 */
function containerImage(name, afterBuild) {
  const file = reportFile(name);
  return suite(
    name,
    'node',
    ['--import', 'tsx', 'deploy/container/test-image.ts'],
    { IMAGE_TEST_RESULT: file, ...(afterBuild ? { PACKAGE_SKIP_BUILD: '1' } : {}) },
    false,
    fromReport(file, (r) => ({ passed: r.passed, failed: r.failed })),
  );
}

/** The titles of the tests Playwright reports as flaky (failed, then passed on the retry). */
const flakyTitles = (report) => playwrightTitles(report, 'flaky');

/** The titles of the tests of a Playwright report with this status (flaky, unexpected). */
function playwrightTitles(report, status) {
  const titles = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) if (test.status === status) titles.push(`${spec.file}: ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return titles;
}

/** Two suites side by side; the first one's output goes straight to the terminal. */
const side = (first, second) => Promise.all([first(false), second(true)]);

const NODE24_E2E = [
  'e2e/sign-in.spec.ts',
  'e2e/robots.spec.ts',
  'e2e/alarms.spec.ts',
  'e2e/fleet-stop.spec.ts',
  'e2e/notices.spec.ts',
  'e2e/expose.spec.ts',
].filter((spec) => existsSync(spec));

const databaseUrl = process.env.TEST_DATABASE_URL;
const node24 = process.env.TEST_NODE24?.trim();
// Every `node` the suites start (npx, vitest, the e2e server) resolves to Node 24 first on PATH.
const node24Env = node24 ? { PATH: `${dirname(node24)}${delimiter}${process.env.PATH}` } : null;
const node24Ok =
  node24Env &&
  (await check('Node 24 present', node24, [
    '-e',
    'process.exit(process.versions.node.split(".")[0] === "24" ? 0 : 1)',
  ]));

await side(
  (beside) => check('lint', 'npx', ['eslint', '.', '--max-warnings', '0'], {}, beside),
  (beside) => check('typecheck', 'npm', ['run', '--silent', 'typecheck'], {}, beside),
);
await check('import cycles', 'node', ['scripts/check-cycles.mjs']);
await check('format', 'npx', ['prettier', '--check', '.']);
await vitest('contracts', 'packages/contracts');
await vitest('robot-sim', 'apps/robot-sim');
await side(
  (beside) => vitest('server (PGlite)', 'apps/server', { TEST_DATABASE_URL: '' }, beside),
  (beside) => vitest('web', 'apps/web', {}, beside),
);
// The PostgreSQL run of the server suite: on Node 24 when it is at hand, so each database and each
// runtime runs the whole server suite once. It runs beside the end-to-end suite (after the build).
const serverOnPostgres = databaseUrl
  ? (beside) =>
      vitest(
        node24Ok ? 'server (PostgreSQL, Node 24)' : 'server (PostgreSQL)',
        'apps/server',
        { ...(node24Ok ? node24Env : {}), TEST_DATABASE_URL: databaseUrl },
        beside,
      )
  : null;
if (!databaseUrl) console.log('\n(TEST_DATABASE_URL is not set: the server suite ran on PGlite only)');
const built = process.env.SKIP_E2E !== '1' && (await check('build', 'npm', ['run', '--silent', 'build']));
if (built && serverOnPostgres) await side((beside) => playwright('end-to-end', {}, [], beside), serverOnPostgres);
else {
  if (built) await playwright('end-to-end');
  if (serverOnPostgres) await serverOnPostgres(false);
}
// The release, deployment and monitoring files (deploy/): the release is built from the build above.
if (built) await vitest('deploy', 'deploy');
// The container image (several minutes; CI's separate step): only with TEST_CONTAINER=1.
if (process.env.TEST_CONTAINER === '1') await containerImage('container image', built);
// The fault suite runs the compiled server: after the build; each database on its own ports.
if (built && databaseUrl)
  await side(
    (beside) => faults('faults (PGlite)', 'pglite', beside),
    (beside) => faults('faults (PostgreSQL)', 'postgres', beside),
  );
else if (built) await faults('faults (PGlite)', 'pglite');

if (node24Ok) {
  await vitest('contracts (Node 24)', 'packages/contracts', node24Env);
  await vitest('robot-sim (Node 24)', 'apps/robot-sim', node24Env);
  if (!databaseUrl) await vitest('server (PGlite, Node 24)', 'apps/server', { ...node24Env, TEST_DATABASE_URL: '' });
  // On Node 24 the browser suite runs the flows that exercise the server's own runtime (sessions,
  // the robots' broker, the console socket, files); the pages themselves were walked above.
  if (built) await playwright('end-to-end (Node 24)', node24Env, NODE24_E2E);
}

console.log('\n=== summary');
for (const r of results)
  console.log(
    `${r.name.padEnd(30)} ${r.passed} passed, ${r.failed} failed${r.flaky ? ` (${r.flaky} flaky, named above)` : ''} in ${r.seconds} s`,
  );
const failures = results.flatMap((r) => (r.failures ?? []).map((f) => `  ${r.name}: ${f}`));
if (failures.length) console.log(`\nfailed:\n${failures.join('\n')}`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
