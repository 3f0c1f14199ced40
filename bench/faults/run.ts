// The fault suite: each scenario breaks something under the compiled server (apps/server/dist,
// `npm run build` first) and prints what was tried, lost, duplicated and recovered. Exits non-zero
// on any loss, duplicate or failed expectation.
//   FAULTS_QUICK=1     small counts (the CI run, a few minutes per database)
//   FAULTS_DATABASE    pglite or postgres (default: PGlite, then PostgreSQL when TEST_DATABASE_URL is set)
//   FAULTS_ONLY        comma-separated scenario keys to run (kill, sigterm, database, robot-crash, broker)
//   FAULTS_RESULT      a JSON file to write the counts to ({ passed, failed, scenarios })
// PostgreSQL needs TEST_DATABASE_URL (a database `faults_<pid>_<n>` is made and dropped per
// scenario); the broker scenario needs a Mosquitto at FAULTS_MQTT_URL (mqtt://127.0.0.1:1883).
import { writeFileSync } from 'node:fs';
import { brokerLost } from './broker.js';
import { QUICK, Report, type DatabaseKind } from './common.js';
import { databaseLost } from './database.js';
import { killNine } from './kill.js';
import { robotCrash } from './robot-crash.js';
import { sigterm } from './sigterm.js';

type Scenario = {
  key: string;
  title: string;
  run: (kind: DatabaseKind, report: Report) => Promise<void>;
  postgresOnly?: boolean;
};

// The order the CI run lands them in: the process faults first, then the dependencies.
const SCENARIOS: Scenario[] = [
  { key: 'kill', title: 'kill -9 mid-stream', run: killNine },
  { key: 'sigterm', title: 'SIGTERM under load', run: sigterm },
  { key: 'database', title: 'database black-holed and refused', run: databaseLost, postgresOnly: true },
  { key: 'robot-crash', title: 'a robot crashes between its replies', run: robotCrash },
  { key: 'broker', title: 'broker killed with commands in flight', run: brokerLost },
];

const only = process.env.FAULTS_ONLY?.split(',').map((s) => s.trim());
const requested = process.env.FAULTS_DATABASE?.trim();
if (requested && requested !== 'pglite' && requested !== 'postgres') {
  throw new Error(`FAULTS_DATABASE must be pglite or postgres, got "${requested}"`);
}
const kinds: DatabaseKind[] = requested
  ? [requested as DatabaseKind]
  : process.env.TEST_DATABASE_URL
    ? ['pglite', 'postgres']
    : ['pglite'];
if (kinds.includes('postgres') && !process.env.TEST_DATABASE_URL) {
  throw new Error('FAULTS_DATABASE=postgres needs TEST_DATABASE_URL');
}

const results: { name: string; passed: boolean; failures: string[]; lines: string[]; seconds: number }[] = [];
const t0 = performance.now();
for (const kind of kinds) {
  for (const scenario of SCENARIOS) {
    if (only && !only.includes(scenario.key)) continue;
    if (scenario.postgresOnly && kind !== 'postgres') continue;
    const name = `${scenario.title} (${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'})`;
    console.log(`\n--- ${name}${QUICK ? ', quick' : ''}`);
    const report = new Report(name);
    const started = performance.now();
    try {
      await scenario.run(kind, report);
    } catch (error) {
      report.expect(false, `the scenario ran to its end (${error instanceof Error ? error.stack : String(error)})`);
    }
    const seconds = (performance.now() - started) / 1000;
    const passed = report.failures.length === 0;
    console.log(`  ${passed ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s`);
    results.push({ name, passed, failures: report.failures, lines: report.lines, seconds });
  }
}

const passed = results.filter((r) => r.passed).length;
const failed = results.length - passed;
console.log(`\nfaults: ${passed} passed, ${failed} failed in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
for (const r of results.filter((x) => !x.passed)) console.log(`  ${r.name}: ${r.failures.join('; ')}`);
if (process.env.FAULTS_RESULT) {
  writeFileSync(process.env.FAULTS_RESULT, JSON.stringify({ passed, failed, scenarios: results }, null, 2));
}
process.exit(failed === 0 && results.length > 0 ? 0 : 1);
