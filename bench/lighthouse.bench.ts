// Lighthouse accessibility of the login and home pages (goal: 100 each), on the built console served
// by the real server on a fresh embedded database, in Debian's Chromium.
//
//   npm run build && npm run lighthouse -w @patrol/bench
//
// Lighthouse needs Node 22 or later and weighs about 180 MB: it is installed once into
// .test-output/lighthouse (not into the console's packages) and run with `npx -p node@22`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './server-process.js';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const PASSWORD = 'Bench2026x';
const root = fileURLToPath(new URL('..', import.meta.url));
const lighthouseDir = path.join(root, '.test-output', 'lighthouse');

if (!existsSync(path.join(lighthouseDir, 'node_modules', 'lighthouse'))) {
  mkdirSync(lighthouseDir, { recursive: true });
  execFileSync('npm', ['init', '-y'], { cwd: lighthouseDir, stdio: 'ignore' });
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--engine-strict=false', LIGHTHOUSE], {
    cwd: lighthouseDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const work = await mkdtemp(path.join(tmpdir(), 'patrol-lighthouse-'));
const server = await startServer({ DATA_DIR: path.join(work, 'data'), PATROL_ADMIN_PASSWORD: PASSWORD });
try {
  const out = execFileSync(
    'npx',
    [
      '-y',
      '-p',
      'node@22',
      'node',
      path.join(root, 'bench', 'lighthouse-audit.mjs'),
      server.url,
      PASSWORD,
      lighthouseDir,
    ],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const line = out.trim().split('\n').pop() ?? '{}';
  const scores = JSON.parse(line) as Record<string, { score: number; failed: string[]; shown: string }>;
  for (const [name, { score, failed, shown }] of Object.entries(scores)) {
    if (shown !== `#/${name}`) throw new Error(`the ${name} page was not the one audited: ${shown}`);
    console.log(
      `lighthouse accessibility, ${name} page: ${score}${failed.length ? ` (failed: ${failed.join(', ')})` : ''}`,
    );
  }
} finally {
  await server.stop();
}
