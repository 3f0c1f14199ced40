// The offline release as a site gets it: `npm run package` (on the current build), unpacked in a
// temporary folder, checked against its checksums, and run through its launcher with a PATH that
// has no Node: first start to ready, the operator commands, a backup, and SIGTERM ending in exit 0.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort } from '@patrol/server/test/net.js';
import { installedName, productionSet, type Lockfile } from '../release/production-lock.js';

const REPO = path.resolve(import.meta.dirname, '..', '..');
const VERSION = (JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string }).version;
const NAME = `patrol-console-${VERSION}-linux-x64`;
const TARBALL = path.join(REPO, 'release', `${NAME}.tar.gz`);

type Result = { code: number | null; stdout: string; stderr: string };

/** Runs a program to its end; a non-zero exit is a result, not an error. */
const runProgram = (file: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) =>
  new Promise<Result>((resolve, reject) => {
    execFile(file, args, { ...options, maxBuffer: 64 * 2 ** 20 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') return reject(error);
      resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
    });
  });

/** The folders of the packages installed under `dir`/node_modules, relative to `dir`. */
const packageFolders = (dir: string) =>
  execFileSync('find', ['node_modules', '-name', 'package.json'], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
  })
    .trim()
    .split('\n')
    .map((file) => path.dirname(file))
    // A package's own folder, not a folder inside it with a package.json of its own.
    .filter((folder) => installedName(folder).split('/').length === (installedName(folder).startsWith('@') ? 2 : 1));

let work: string;
let root: string;
/** A folder holding only links to the few programs the launcher uses: no node among them. */
let toolsDir: string;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

describe('the production dependencies taken from the lock', () => {
  // A hoisted workspace lock: the server, a workspace it bundles, a nested package, a development
  // tool, an optional package.
  const lock = (): Lockfile => ({
    lockfileVersion: 3,
    packages: {
      '': { name: 'patrol-console' },
      'apps/server': {
        dependencies: { a: '1.0.0', '@patrol/contracts': '1.0.1', opt: '1.0.0' },
        devDependencies: { tool: '1.0.0' },
      },
      'packages/contracts': { dependencies: { b: '2.0.0' } },
      'node_modules/@patrol/contracts': { resolved: 'packages/contracts', link: true },
      'node_modules/a': { version: '1.0.0', integrity: 'sha512-a', dependencies: { c: '^1.0.0' } },
      'node_modules/a/node_modules/c': { version: '1.5.0', integrity: 'sha512-c1' },
      'node_modules/b': { version: '2.0.0', integrity: 'sha512-b', dependencies: { c: '^3.0.0' } },
      'node_modules/c': { version: '3.0.0', integrity: 'sha512-c3', dev: true },
      'node_modules/opt': { version: '1.0.0', optionalDependencies: { native: '1.0.0' } },
      'node_modules/native': { version: '1.0.0', optional: true, os: ['linux'] },
      'node_modules/tool': { version: '1.0.0', dev: true, dependencies: { c: '^3.0.0' } },
    },
  });

  test("takes the server's and its bundled workspaces' dependencies with what they reach, not the tools", () => {
    const set = productionSet(lock(), 'apps/server');
    expect(set.dependencies).toEqual({ a: '1.0.0', b: '2.0.0', opt: '1.0.0' });
    expect(Object.keys(set.lock.packages).sort()).toEqual([
      '',
      'node_modules/a',
      'node_modules/a/node_modules/c',
      'node_modules/b',
      'node_modules/c',
      'node_modules/native',
      'node_modules/opt',
    ]);
    // The repository's flags do not carry over: c is a run-time package of the release.
    expect(set.lock.packages['node_modules/c']).toEqual({ version: '3.0.0', integrity: 'sha512-c3' });
    expect(set.lock.packages['node_modules/native']).toMatchObject({ optional: true, os: ['linux'] });
    expect(set.lock.packages['']!.dependencies).toEqual(set.dependencies);
  });

  test('refuses what it cannot ship as the lock says', () => {
    const scripted = lock();
    scripted.packages['node_modules/b']!.hasInstallScript = true;
    expect(() => productionSet(scripted, 'apps/server')).toThrow(/install scripts.*node_modules\/b/);

    const twoVersions = lock();
    twoVersions.packages['packages/contracts']!.dependencies = { b: '2.0.0', a: '0.9.0' };
    twoVersions.packages['packages/contracts/node_modules/a'] = { version: '0.9.0' };
    expect(() => productionSet(twoVersions, 'apps/server')).toThrow(/a is needed at 1\.0\.0 and at/);

    const missing = lock();
    delete missing.packages['node_modules/a/node_modules/c'];
    delete missing.packages['node_modules/c'];
    expect(() => productionSet(missing, 'apps/server')).toThrow(/c \(needed by node_modules\/a\) is missing/);

    const range = lock();
    range.packages['apps/server']!.dependencies!.a = '^1.0.0';
    expect(() => productionSet(range, 'apps/server')).toThrow(/exact versions/);
  });
});

describe('npm run package', () => {
  beforeAll(async () => {
    // One build of the tarball per run, from the console and server already built.
    const started = performance.now();
    const built = await runProgram(process.execPath, ['--import', 'tsx', 'deploy/release/build.ts'], {
      cwd: REPO,
      env: { ...process.env, PACKAGE_SKIP_BUILD: '1' },
    });
    if (built.code !== 0) throw new Error(`npm run package failed:\n${built.stdout}\n${built.stderr}`);
    const size = statSync(TARBALL).size;
    console.log(
      `release: ${path.basename(TARBALL)}, ${(size / 2 ** 20).toFixed(1)} MiB, packaged in ${seconds(performance.now() - started)}`,
    );

    work = mkdtempSync(path.join(tmpdir(), 'patrol-release-'));
    execFileSync('tar', ['-xzf', TARBALL, '-C', work]);
    root = path.join(work, NAME);

    toolsDir = path.join(work, 'tools');
    mkdirSync(toolsDir);
    for (const tool of ['readlink']) {
      const at = execFileSync('/bin/sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim();
      symlinkSync(at, path.join(toolsDir, tool));
    }
  }, 900_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** The environment of a host without Node: a PATH of the tools folder only, and the given settings. */
  const hostEnv = (settings: Record<string, string>): NodeJS.ProcessEnv => ({
    PATH: toolsDir,
    HOME: work,
    LANG: 'C.UTF-8',
    ...settings,
  });

  const patrol = (args: string[], settings: Record<string, string>) =>
    runProgram(path.join(root, 'bin', 'patrol'), args, { cwd: work, env: hostEnv(settings) });

  describe('the release tarball', () => {
    test('its .sha256 and its SHA256SUMS verify, and SHA256SUMS covers every file', async () => {
      const outer = await runProgram('sha256sum', ['-c', `${NAME}.tar.gz.sha256`], { cwd: path.dirname(TARBALL) });
      expect(outer.code, outer.stdout + outer.stderr).toBe(0);
      const inner = await runProgram('sha256sum', ['--strict', '--quiet', '-c', 'SHA256SUMS'], { cwd: root });
      expect(inner.code, inner.stdout + inner.stderr).toBe(0);

      const listed = readFileSync(path.join(root, 'SHA256SUMS'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => line.slice(66));
      const files = execFileSync('find', ['.', '-type', 'f', '!', '-name', 'SHA256SUMS'], {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 * 2 ** 20,
      })
        .trim()
        .split('\n')
        .map((f) => f.slice(2))
        .sort();
      expect([...listed].sort()).toEqual(files);
      // Nothing but files and folders: a link could point outside the release.
      expect(execFileSync('find', ['.', '!', '-type', 'f', '!', '-type', 'd'], { cwd: root, encoding: 'utf8' })).toBe(
        '',
      );
    });

    test('holds the launcher, Node 24, the server with its migrations and workers, the console and the notices', () => {
      expect(lstatSync(path.join(root, 'bin', 'patrol')).mode & 0o111).toBe(0o111);
      const info = JSON.parse(readFileSync(path.join(root, 'release.json'), 'utf8')) as { node: { version: string } };
      expect(info.node.version).toMatch(/^24\./);
      expect(
        execFileSync(path.join(root, 'node', 'bin', 'node'), ['--version'], { encoding: 'utf8', env: {} }).trim(),
      ).toBe(`v${info.node.version}`);
      for (const entry of ['cli.js', 'broker-thread.js', 'pglite-thread.js', 'first-start.js'])
        expect(existsSync(path.join(root, 'server', 'dist', entry)), entry).toBe(true);
      const journal = JSON.parse(
        readFileSync(path.join(root, 'server', 'src', 'db', 'migrations', 'meta', '_journal.json'), 'utf8'),
      ) as { entries: { tag: string }[] };
      for (const { tag } of journal.entries)
        expect(existsSync(path.join(root, 'server', 'src', 'db', 'migrations', `${tag}.sql`)), tag).toBe(true);
      expect(existsSync(path.join(root, 'web', 'index.html'))).toBe(true);
      expect(readFileSync(path.join(root, 'systemd', 'patrol.service'), 'utf8')).toBe(
        readFileSync(path.join(REPO, 'deploy', 'systemd', 'patrol.service'), 'utf8'),
      );
      expect(existsSync(path.join(root, 'config', 'patrol.env.example'))).toBe(true);
      const notices = readFileSync(path.join(root, 'THIRD-PARTY-NOTICES.txt'), 'utf8');
      expect(notices).toContain(`Node.js ${info.node.version}`);
      expect(notices).toContain(
        readFileSync(path.join(root, 'node', 'LICENSE'), 'utf8')
          .trim()
          .slice(0, 200),
      );
    });

    test("its server's packages are production dependencies only, at the lock's versions", () => {
      const lock = JSON.parse(readFileSync(path.join(REPO, 'package-lock.json'), 'utf8')) as Lockfile;
      const server = lock.packages['apps/server']!;
      const shipped = JSON.parse(readFileSync(path.join(root, 'server', 'package.json'), 'utf8')) as {
        dependencies: Record<string, string>;
        devDependencies?: unknown;
      };
      expect(shipped.devDependencies).toBeUndefined();
      for (const [name, version] of Object.entries(server.dependencies ?? {}))
        if (!name.startsWith('@patrol/')) expect(shipped.dependencies[name], name).toBe(version);
      // A development dependency of the server is there only when a production package needs it.
      const needed = new Set<string>();
      for (const file of packageFolders(path.join(root, 'server'))) {
        const pkg = JSON.parse(readFileSync(path.join(root, 'server', file, 'package.json'), 'utf8')) as Record<
          string,
          Record<string, string> | undefined
        >;
        for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies'])
          for (const name of Object.keys(pkg[field] ?? {})) needed.add(name);
      }
      for (const dev of Object.keys(server.devDependencies as Record<string, string>))
        if (!needed.has(dev)) expect(existsSync(path.join(root, 'server', 'node_modules', dev)), dev).toBe(false);
      for (const tool of ['tsx', 'typescript', 'vitest', 'esbuild', 'drizzle-kit', 'fast-check'])
        expect(existsSync(path.join(root, 'server', 'node_modules', tool)), tool).toBe(false);

      // Every installed package is the one the repository's lock records at the same place.
      const installed = packageFolders(path.join(root, 'server'));
      expect(installed.length).toBeGreaterThan(50);
      for (const dir of installed) {
        const pkg = JSON.parse(readFileSync(path.join(root, 'server', dir, 'package.json'), 'utf8')) as {
          version: string;
        };
        expect(lock.packages[dir]?.version, dir).toBe(pkg.version);
      }
    });

    test('the launcher runs the bundled Node with no node on the PATH, also through a symlink', async () => {
      const probe = await runProgram('/bin/sh', ['-c', 'command -v node'], { env: hostEnv({}) });
      expect(probe.code).not.toBe(0);

      const direct = await patrol(['version'], {});
      expect(direct.code, direct.stderr).toBe(0);
      expect(direct.stdout).toContain(VERSION);

      const linkDir = path.join(work, 'usr-local-bin');
      mkdirSync(linkDir);
      // A relative link, as `ln -s ../../opt/patrol/bin/patrol` makes.
      symlinkSync(path.relative(linkDir, path.join(root, 'bin', 'patrol')), path.join(linkDir, 'patrol'));
      const linked = await runProgram('patrol', ['version'], {
        cwd: work,
        env: { ...hostEnv({}), PATH: `${linkDir}:${toolsDir}` },
      });
      expect(linked.code, linked.stderr).toBe(0);
      expect(linked.stdout).toContain(VERSION);
    });

    test('the example config passes check-config', async () => {
      // As installed: the data folder exists; the environment's DATA_DIR wins over the file's.
      mkdirSync(path.join(work, 'check-data'));
      const checked = await patrol(['check-config'], {
        PATROL_CONFIG: path.join(root, 'config', 'patrol.env.example'),
        DATA_DIR: path.join(work, 'check-data'),
      });
      expect(checked.code, checked.stdout + checked.stderr).toBe(0);
    });
  });

  describe('the release running on embedded defaults', () => {
    let dataDir: string;
    const admin = { PATROL_ADMIN_PASSWORD: 'Release-check-26' };

    beforeAll(() => {
      dataDir = path.join(work, 'data');
    });

    /** Starts `patrol serve`, waits for readiness; returns the process and the time to ready. */
    async function start(): Promise<{ child: ChildProcess; url: string; readyMs: number; output: () => string }> {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      let output = '';
      const started = performance.now();
      const child = spawn(path.join(root, 'bin', 'patrol'), ['serve'], {
        cwd: work,
        env: hostEnv({
          ...admin,
          PORT: String(port),
          HOST: '127.0.0.1',
          MQTT_PORT: String(await freePort()),
          MQTT_HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          SHUTDOWN_DRAIN_MS: '0',
          LOG_LEVEL: 'warn',
        }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const deadline = Date.now() + 120_000;
      for (;;) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`the server ended (${child.exitCode ?? child.signalCode}) before it was ready:\n${output}`);
        if (Date.now() > deadline) {
          child.kill('SIGKILL');
          throw new Error(`not ready after 120 s:\n${output}`);
        }
        const res = await fetch(`${url}/api/health/ready`).catch(() => null);
        if (res?.status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return { child, url, readyMs: performance.now() - started, output: () => output };
    }

    const stop = (child: ChildProcess) =>
      new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
        child.once('exit', (code, signal) => resolve({ code, signal }));
        child.kill('SIGTERM');
      });

    test('starts with no node on the PATH, serves the console, and exits 0 on SIGTERM', async () => {
      const first = await start();
      try {
        const page = await fetch(`${first.url}/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toBe(readFileSync(path.join(root, 'web', 'index.html'), 'utf8'));
        expect((await fetch(`${first.url}/api/health/live`)).status).toBe(200);
      } finally {
        const ended = await stop(first.child);
        expect(ended, first.output()).toEqual({ code: 0, signal: null });
      }

      // Again on the data folder the first start made: the start of every later day.
      const second = await start();
      const ended = await stop(second.child);
      expect(ended, second.output()).toEqual({ code: 0, signal: null });
      console.log(
        `cold start to ready from the release: ${seconds(first.readyMs)} on a fresh data folder, ` +
          `${seconds(second.readyMs)} on an existing one`,
      );
    });

    test('migration-status says the stopped database is up to date', async () => {
      const status = await patrol(['migration-status'], { DATA_DIR: dataDir });
      expect(status.code, status.stdout + status.stderr).toBe(0);
    });

    test('backs the stopped database up, and the backup restores into a new data folder', async () => {
      const file = path.join(work, 'patrol.backup');
      const backup = await patrol(['backup', file], { DATA_DIR: dataDir });
      expect(backup.code, backup.stdout + backup.stderr).toBe(0);
      expect(statSync(file).size).toBeGreaterThan(0);

      const restoredDir = path.join(work, 'restored');
      const restore = await patrol(['restore', file], { DATA_DIR: restoredDir });
      expect(restore.code, restore.stdout + restore.stderr).toBe(0);
      const status = await patrol(['migration-status'], { DATA_DIR: restoredDir });
      expect(status.code, status.stdout + status.stderr).toBe(0);
    });
  });
});
