// The systemd unit the release ships passes `systemd-analyze verify` without a single warning.
// Verify checks that ExecStart's program exists, so the unit is checked as installed: its
// /opt/patrol is a temporary folder holding the release's launcher.
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

const DEPLOY = path.resolve(import.meta.dirname, '..');
const UNIT = path.join(DEPLOY, 'systemd', 'patrol.service');

const hasTool = (() => {
  try {
    execFileSync('systemd-analyze', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasTool && process.env.CI) throw new Error('systemd-analyze is missing (Debian: apt-get install systemd)');
if (!hasTool) console.warn('systemd-analyze is missing (Debian: apt-get install systemd): the unit is not verified');

const work = mkdtempSync(path.join(tmpdir(), 'patrol-systemd-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `systemd-analyze verify` on `text` as a unit file, with /opt/patrol moved to a folder of `work`. */
function verify(text: string, name = 'patrol.service') {
  const opt = path.join(work, 'opt', 'patrol');
  mkdirSync(path.join(opt, 'bin'), { recursive: true });
  copyFileSync(path.join(DEPLOY, 'release', 'launcher.sh'), path.join(opt, 'bin', 'patrol'));
  chmodSync(path.join(opt, 'bin', 'patrol'), 0o755);
  const file = path.join(work, name);
  writeFileSync(file, text.replaceAll('/opt/patrol/', `${opt}/`));
  return new Promise<{ code: number; output: string }>((resolve) =>
    execFile('systemd-analyze', ['verify', file], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    ),
  );
}

describe.skipIf(!hasTool)('systemd/patrol.service', () => {
  const unit = readFileSync(UNIT, 'utf8');

  test('passes systemd-analyze verify with no warning', async () => {
    const result = await verify(unit);
    expect(result).toEqual({ code: 0, output: '' });
  });

  test('a wrong directive would be reported (the check can fail)', async () => {
    const result = await verify(unit.replace('ProtectSystem=strict', 'ProtectSystm=strict'), 'patrol-typo.service');
    expect(result.output).toContain("Unknown key 'ProtectSystm'");
  });

  test('runs the launcher as patrol, on the data folder systemd makes, with room to drain', () => {
    const setting = (key: string) =>
      unit
        .split('\n')
        .filter((line) => line.startsWith(`${key}=`))
        .map((line) => line.slice(key.length + 1));
    expect(setting('User')).toEqual(['patrol']);
    expect(setting('ExecStart')).toEqual(['/opt/patrol/bin/patrol serve']);
    expect(setting('Environment')).toEqual(
      expect.arrayContaining(['PATROL_CONFIG=/etc/patrol/patrol.env', 'DATA_DIR=/var/lib/patrol']),
    );
    expect(setting('StateDirectory')).toEqual(['patrol']);
    expect(setting('ProtectSystem')).toEqual(['strict']);
    expect(setting('ReadWritePaths')).toEqual(['/var/lib/patrol']);
    expect(setting('KillSignal')).toEqual(['SIGTERM']);
    expect(setting('Restart')).toEqual(['on-failure']);
    // The stop time-out is well above the default drain (SHUTDOWN_DRAIN_MS, 5 s) and the close.
    expect(Number(setting('TimeoutStopSec')[0])).toBeGreaterThanOrEqual(30);
  });
});
