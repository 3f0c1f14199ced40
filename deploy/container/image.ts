// `npm run package:image`: the container image patrol-console:<version>, built offline from the
// release tarball (release/patrol-console-<version>-linux-x64.tar.gz, checked against its .sha256)
// on the cached Debian base (base-image.sh), and saved as the OCI archive
// release/patrol-console-<version>-linux-x64.oci.tar (+ .sha256) for `podman load` / `docker load`
// on a host with no registry.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUILD_FLAGS, podman, podmanInherit } from './podman.js';

export const REPO = path.resolve(import.meta.dirname, '..', '..');
const HERE = import.meta.dirname;
const RELEASE_DIR = path.join(REPO, 'release');
const PLATFORM = 'linux-x64';

type RootPackage = { version: string; license?: string; repository?: string | { url?: string } };

const rootPackage = () => JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as RootPackage;

export const releaseVersion = (): string => rootPackage().version;
export const imageName = (version: string): string => `localhost/patrol-console:${version}`;
export const tarballPath = (version: string): string =>
  path.join(RELEASE_DIR, `patrol-console-${version}-${PLATFORM}.tar.gz`);
export const archivePath = (version: string): string =>
  path.join(RELEASE_DIR, `patrol-console-${version}-${PLATFORM}.oci.tar`);

export const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The release tarball of this version, made with `npm run package` when it is missing or older
 * than the builds it is made of (PACKAGE_SKIP_BUILD=1 in the environment packages those builds as
 * they are); fails unless it matches its .sha256.
 */
export async function releaseTarball(version: string): Promise<string> {
  const tarball = tarballPath(version);
  const builds = [
    path.join(REPO, 'apps', 'server', 'dist', 'cli.js'),
    path.join(REPO, 'apps', 'web', 'dist', 'index.html'),
  ].filter((file) => existsSync(file));
  const stale = !existsSync(tarball) || builds.some((file) => statSync(file).mtimeMs > statSync(tarball).mtimeMs);
  if (stale) {
    console.log(`${path.relative(REPO, tarball)} is missing or older than the builds: npm run package`);
    execFileSync('npm', ['run', '--silent', 'package'], { cwd: REPO, stdio: 'inherit' });
  }
  const expected = readFileSync(`${tarball}.sha256`, 'utf8').split(/\s+/)[0];
  const actual = await sha256(tarball);
  if (actual !== expected) throw new Error(`${tarball}: sha256 ${actual}, its .sha256 says ${expected}`);
  return tarball;
}

/** The Debian base image (base-image.sh): built with mmdebstrap only when its package list changed. */
export function baseImage(): { image: string; seconds: number } {
  const started = Date.now();
  const output = execFileSync(path.join(HERE, 'base-image.sh'), {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const image = output.trim().split('\n').at(-1) ?? '';
  if (!image.startsWith('localhost/patrol-console-base:')) throw new Error(`base-image.sh printed no image: ${output}`);
  return { image, seconds: (Date.now() - started) / 1000 };
}

function gitOutput(args: string[]): string | null {
  try {
    return (
      execFileSync('git', args, { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null
    );
  } catch {
    return null;
  }
}

/** The image's OCI annotations from the release, the repository and the root package.json. */
function labels(releaseRoot: string, version: string): Record<string, string> {
  const pkg = rootPackage();
  const release = JSON.parse(readFileSync(path.join(releaseRoot, 'release.json'), 'utf8')) as {
    commit?: string | null;
  };
  const repository = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  // The release's commit date (as the tarball's files are dated), so that the same release builds
  // the same labels.
  const epoch =
    process.env.SOURCE_DATE_EPOCH ??
    gitOutput(['log', '-1', '--format=%ct', ...(release.commit ? [release.commit] : [])]);
  return {
    VERSION: version,
    REVISION: release.commit ?? 'unknown',
    SOURCE: process.env.IMAGE_SOURCE ?? repository ?? gitOutput(['config', '--get', 'remote.origin.url']) ?? 'unknown',
    // SPDX's word for "not stated": the product's package.json declares no licence.
    LICENSES: pkg.license ?? 'NOASSERTION',
    CREATED: new Date(epoch ? Number(epoch) * 1000 : Date.now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
}

const imageId = (image: string): string | null => {
  const r = podman(['image', 'inspect', '--format', '{{.Id}}', image]);
  return r.status === 0 ? r.stdout.trim() : null;
};

/**
 * Builds patrol-console:<version> offline from the unpacked tarball (the build context holds only
 * release/, the unpacked release). The image the tag named before is removed when nothing uses it.
 */
export function buildImage(
  tarball: string,
  version: string,
  base: string,
): { image: string; seconds: number; sizeBytes: number } {
  const started = Date.now();
  const image = imageName(version);
  const previous = imageId(image);
  const context = mkdtempSync(path.join(tmpdir(), 'patrol-image-'));
  try {
    execFileSync('tar', ['-xzf', tarball, '-C', context], { stdio: 'inherit' });
    renameSync(path.join(context, `patrol-console-${version}-${PLATFORM}`), path.join(context, 'release'));
    const args = Object.entries({ BASE: base, ...labels(path.join(context, 'release'), version) }).flatMap(
      ([name, value]) => ['--build-arg', `${name}=${value}`],
    );
    podmanInherit(['build', ...BUILD_FLAGS, ...args, '-f', path.join(HERE, 'Containerfile'), '-t', image, context]);
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
  const id = imageId(image);
  if (previous && id && previous !== id) podman(['image', 'rm', previous]);
  const size = Number(podman(['image', 'inspect', '--format', '{{.Size}}', image]).stdout.trim());
  return { image, seconds: (Date.now() - started) / 1000, sizeBytes: size };
}

type OciIndex = { manifests: { digest: string }[] };
type OciManifest = { layers: { digest: string }[] };

const blobPath = (digest: string) => `blobs/sha256/${digest.replace(/^sha256:/, '')}`;

/**
 * Saves the image as an OCI archive next to the tarball, with its .sha256. The archive is podman's
 * oci-archive plus, as Docker's own `docker save` writes since version 25, a `manifest.json` naming
 * the image `patrol-console:<version>` with its Docker config: the OCI config has no field for the
 * HEALTHCHECK, so `docker load` and `podman pull docker-archive:<file>` read that one and keep it,
 * while `podman load` and skopeo read the OCI index. The layers are the same files for both.
 */
export async function saveArchive(image: string, version: string): Promise<{ archive: string; sizeBytes: number }> {
  const archive = archivePath(version);
  const work = mkdtempSync(path.join(tmpdir(), 'patrol-archive-'));
  try {
    const layout = path.join(work, 'layout');
    mkdirSync(layout);
    podmanInherit(['save', '--format', 'oci-archive', '-o', path.join(work, 'oci.tar'), image]);
    execFileSync('tar', ['-xf', path.join(work, 'oci.tar'), '-C', layout]);
    rmSync(path.join(work, 'oci.tar'));
    const index = JSON.parse(readFileSync(path.join(layout, 'index.json'), 'utf8')) as OciIndex;
    const manifestDigest = index.manifests[0]?.digest;
    if (!manifestDigest) throw new Error('podman save wrote an OCI index with no manifest');
    const manifest = JSON.parse(readFileSync(path.join(layout, blobPath(manifestDigest)), 'utf8')) as OciManifest;
    // The image's own config as built (Docker format, with the HEALTHCHECK); its digest is the image id.
    const config = execFileSync('skopeo', ['inspect', '--raw', '--config', `containers-storage:${image}`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const configDigest = createHash('sha256').update(config).digest('hex');
    writeFileSync(path.join(layout, blobPath(configDigest)), config);
    const dockerManifest = [
      {
        Config: blobPath(configDigest),
        RepoTags: [`patrol-console:${version}`],
        Layers: manifest.layers.map((layer) => blobPath(layer.digest)),
      },
    ];
    writeFileSync(path.join(layout, 'manifest.json'), JSON.stringify(dockerManifest));
    rmSync(archive, { force: true });
    execFileSync('tar', [
      '--sort=name',
      '--owner=0',
      '--group=0',
      '--numeric-owner',
      '-cf',
      archive,
      '-C',
      layout,
      'oci-layout',
      'index.json',
      'manifest.json',
      'blobs',
    ]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  writeFileSync(`${archive}.sha256`, `${await sha256(archive)}  ${path.basename(archive)}\n`);
  return { archive, sizeBytes: statSync(archive).size };
}

async function main(): Promise<void> {
  const version = releaseVersion();
  const tarball = await releaseTarball(version);
  const base = baseImage();
  console.log(`base image ${base.image} (${base.seconds.toFixed(0)} s)`);
  const built = buildImage(tarball, version, base.image);
  console.log(`image ${built.image}: ${mib(built.sizeBytes)} (built in ${built.seconds.toFixed(0)} s)`);
  const saved = await saveArchive(built.image, version);
  console.log(`archive ${path.relative(process.cwd(), saved.archive)}: ${mib(saved.sizeBytes)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
