// `npm run package`: the offline release, release/patrol-console-<version>-linux-x64.tar.gz (and its
// .sha256), which runs on a linux-x64 host with no Node and no registry:
//   bin/patrol             the launcher (POSIX sh): the bundled Node on server/dist/cli.js
//   node/bin/node          Node 24 from npm's platform package (node/LICENSE)
//   server/                dist/ (the compiled server), src/db/migrations/, package.json,
//                          package-lock.json and its production node_modules
//   web/                   the built console (the launcher sets WEB_DIST to it)
//   config/patrol.env.example, systemd/patrol.service, release.json, THIRD-PARTY-NOTICES.txt,
//   SHA256SUMS             every other file's sha256 (`sha256sum -c SHA256SUMS`)
// PACKAGE_SKIP_BUILD=1 packages the current builds of the console and the server as they are.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { NODE_BINARY, nodePackage, unpackNode } from './node-binary.js';
import { thirdPartyNotices } from './notices.js';
import { productionSet, type Lockfile } from './production-lock.js';

const REPO = path.resolve(import.meta.dirname, '..', '..');
const SERVER = path.join(REPO, 'apps', 'server');
const WEB_DIST = path.join(REPO, 'apps', 'web', 'dist');
const OUT = path.join(REPO, 'release');
const PLATFORM = 'linux-x64';

/** The entries the server starts from: the command line, and the workers and child it spawns. */
const SERVER_ENTRIES = ['cli.js', 'main.js', 'broker-thread.js', 'pglite-thread.js', 'first-start.js'];

const run = (command: string, args: string[], cwd: string) => execFileSync(command, args, { cwd, stdio: 'inherit' });

/** Every regular file under `root`, as sorted paths relative to it; a symlink is refused. */
function filesUnder(root: string, at = ''): string[] {
  const files: string[] = [];
  for (const name of readdirSync(path.join(root, at)).sort()) {
    const relative = at ? `${at}/${name}` : name;
    const stat = lstatSync(path.join(root, relative));
    if (stat.isSymbolicLink()) throw new Error(`${relative} is a symbolic link; the release holds only files`);
    if (stat.isDirectory()) files.push(...filesUnder(root, relative));
    else files.push(relative);
  }
  return files;
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/**
 * The package names the compiled server imports at run time (esbuild leaves every package but
 * @patrol/* external): the static `import … from "x"` / `import "x"` lines and `import("x")`.
 */
function externalImports(distDir: string): string[] {
  const found = new Set<string>();
  const patterns = [/^import\s[^;]*?\sfrom\s*"([^"]+)";$/gm, /^import\s*"([^"]+)";$/gm, /\bimport\(\s*"([^"]+)"\s*\)/g];
  for (const file of readdirSync(distDir).filter((name) => name.endsWith('.js'))) {
    const code = readFileSync(path.join(distDir, file), 'utf8');
    for (const pattern of patterns)
      for (const match of code.matchAll(pattern)) {
        const specifier = match[1]!;
        if (!specifier.startsWith('.') && !specifier.startsWith('node:')) found.add(specifier);
      }
  }
  return [...found].sort();
}

/** Fails unless every package the server imports resolves from server/dist with the bundled Node. */
function checkImportsResolve(root: string): number {
  const distDir = path.join(root, 'server', 'dist');
  const specifiers = externalImports(distDir);
  const probe = path.join(distDir, 'resolve-probe.mjs');
  writeFileSync(
    probe,
    `const missing = [];
for (const s of ${JSON.stringify(specifiers)}) { try { import.meta.resolve(s); } catch { missing.push(s); } }
if (missing.length) { console.error('not resolvable from server/dist: ' + missing.join(', ')); process.exit(1); }\n`,
  );
  try {
    execFileSync(path.join(root, 'node', 'bin', 'node'), [probe], { stdio: 'inherit', env: {} });
  } finally {
    rmSync(probe);
  }
  return specifiers.length;
}

/** Fails unless every installed package is the version (and integrity) of the repository's lock. */
function checkInstalledVersions(serverDir: string, expected: Lockfile['packages']): void {
  const installed = (
    JSON.parse(readFileSync(path.join(serverDir, 'node_modules', '.package-lock.json'), 'utf8')) as Lockfile
  ).packages;
  const wrong: string[] = [];
  for (const [at, entry] of Object.entries(installed)) {
    const want = expected[at];
    if (!want) wrong.push(`${at} is not in the lock`);
    else if (want.version !== entry.version || want.integrity !== entry.integrity)
      wrong.push(`${at} ${entry.version}, the lock has ${want.version}`);
  }
  // npm leaves out only optional packages of other platforms.
  for (const [at, entry] of Object.entries(expected))
    if (at && !installed[at] && !entry.optional) wrong.push(`${at} was not installed`);
  if (wrong.length > 0) throw new Error(`the production dependencies differ from the lock:\n  ${wrong.join('\n  ')}`);
}

function main(): void {
  const rootPackage = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string };
  const version = rootPackage.version;
  const name = `patrol-console-${version}-${PLATFORM}`;
  const started = Date.now();

  if (process.env.PACKAGE_SKIP_BUILD !== '1') run('npm', ['run', '--silent', 'build'], REPO);
  for (const entry of SERVER_ENTRIES)
    if (!existsSync(path.join(SERVER, 'dist', entry)))
      throw new Error(
        `apps/server/dist/${entry} is missing: run npm run build (or npm run package without PACKAGE_SKIP_BUILD)`,
      );
  if (!existsSync(path.join(WEB_DIST, 'index.html')))
    throw new Error('apps/web/dist/index.html is missing: run npm run build');

  const stageRoot = path.join(OUT, '.stage');
  const root = path.join(stageRoot, name);
  rmSync(stageRoot, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });

  // The server: its build, its migrations where it looks for them (SERVER_ROOT/src/db/migrations,
  // SERVER_ROOT being dist's parent), and its production dependencies installed from the lock.
  const serverDir = path.join(root, 'server');
  cpSync(path.join(SERVER, 'dist'), path.join(serverDir, 'dist'), { recursive: true });
  cpSync(path.join(SERVER, 'src', 'db', 'migrations'), path.join(serverDir, 'src', 'db', 'migrations'), {
    recursive: true,
  });
  const lock = JSON.parse(readFileSync(path.join(REPO, 'package-lock.json'), 'utf8')) as Lockfile;
  const production = productionSet(lock, 'apps/server');
  const serverPackage = {
    name: 'patrol-console-server',
    version,
    private: true,
    type: 'module',
    description: 'The Patrol console server, compiled, with its production dependencies',
    dependencies: Object.fromEntries(Object.entries(production.dependencies).sort(([a], [b]) => a.localeCompare(b))),
  };
  writeFileSync(path.join(serverDir, 'package.json'), `${JSON.stringify(serverPackage, null, 2)}\n`);
  production.lock.version = version;
  production.lock.packages['']!.version = version;
  writeFileSync(path.join(serverDir, 'package-lock.json'), `${JSON.stringify(production.lock, null, 2)}\n`);
  console.log(`installing ${Object.keys(production.entries).length} production packages from the lock`);
  const installing = Date.now();
  // --no-bin-links: nothing runs the packages' commands, and the release holds no symlinks.
  run(
    'npm',
    [
      'ci',
      '--omit=dev',
      '--ignore-scripts',
      '--no-bin-links',
      // The lock pins every version and its integrity: what npm's cache has needs no new look-up.
      '--prefer-offline',
      '--os=linux',
      '--cpu=x64',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
    ],
    serverDir,
  );
  checkInstalledVersions(serverDir, production.lock.packages);
  console.log(`installed in ${((Date.now() - installing) / 1000).toFixed(0)} s`);

  // The console, the Node binary, the launcher, the example settings and the systemd unit.
  cpSync(WEB_DIST, path.join(root, 'web'), { recursive: true });
  const cacheDir = path.join(OUT, '.cache');
  mkdirSync(cacheDir, { recursive: true });
  unpackNode(nodePackage(cacheDir), path.join(root, 'node'));
  mkdirSync(path.join(root, 'bin'));
  copyFileSync(path.join(import.meta.dirname, 'launcher.sh'), path.join(root, 'bin', 'patrol'));
  chmodSync(path.join(root, 'bin', 'patrol'), 0o755);
  mkdirSync(path.join(root, 'config'));
  copyFileSync(path.join(import.meta.dirname, 'patrol.env.example'), path.join(root, 'config', 'patrol.env.example'));
  mkdirSync(path.join(root, 'systemd'));
  copyFileSync(path.join(REPO, 'deploy', 'systemd', 'patrol.service'), path.join(root, 'systemd', 'patrol.service'));

  const imports = checkImportsResolve(root);

  const web = productionSet(lock, 'apps/web');
  writeFileSync(
    path.join(root, 'THIRD-PARTY-NOTICES.txt'),
    thirdPartyNotices(
      [
        { title: 'server/node_modules (the server at run time)', entries: production.entries, installedAt: serverDir },
        { title: 'web/ (bundled into the built console)', entries: web.entries, installedAt: REPO },
      ],
      { version: NODE_BINARY.version, licenseFile: path.join(root, 'node', 'LICENSE') },
    ),
  );
  const commit = (() => {
    try {
      return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: REPO, encoding: 'utf8' }).trim();
    } catch {
      return null;
    }
  })();
  const info = {
    name: 'patrol-console',
    version,
    platform: PLATFORM,
    node: { version: NODE_BINARY.version, package: `${NODE_BINARY.package}@${NODE_BINARY.version}` },
    commit,
  };
  writeFileSync(path.join(root, 'release.json'), `${JSON.stringify(info, null, 2)}\n`);

  // Checksums of every file, in `sha256sum -c` format, paths relative to the release's folder.
  const files = filesUnder(root);
  writeFileSync(path.join(root, 'SHA256SUMS'), files.map((f) => `${sha256(path.join(root, f))}  ${f}\n`).join(''));

  // The tarball: sorted, owned by root, dated by the commit, gzip without a name or time of its own.
  const tarball = path.join(OUT, `${name}.tar.gz`);
  const epoch =
    process.env.SOURCE_DATE_EPOCH ??
    execFileSync('git', ['log', '-1', '--format=%ct'], { cwd: REPO, encoding: 'utf8' }).trim();
  rmSync(tarball, { force: true });
  const packing = Date.now();
  run(
    'tar',
    [
      '--sort=name',
      '--owner=0',
      '--group=0',
      '--numeric-owner',
      `--mtime=@${epoch}`,
      '--use-compress-program=gzip -n',
      '-cf',
      tarball,
      '-C',
      stageRoot,
      name,
    ],
    REPO,
  );
  console.log(`packed in ${((Date.now() - packing) / 1000).toFixed(0)} s`);
  writeFileSync(`${tarball}.sha256`, `${sha256(tarball)}  ${path.basename(tarball)}\n`);
  rmSync(stageRoot, { recursive: true, force: true });

  const mib = (statSync(tarball).size / 2 ** 20).toFixed(1);
  console.log(
    `${files.length} files, ${imports} packages imported by the server resolve, Node ${NODE_BINARY.version} ` +
      `(${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  console.log(`release: ${path.relative(process.cwd(), tarball) || tarball} (${mib} MiB)`);
  console.log(`checksum: ${path.relative(process.cwd(), `${tarball}.sha256`)}`);
}

main();
