import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from './paths.js';

/** Inlined by `npm run build` (esbuild's `define`); absent when the sources run under tsx or vitest. */
declare const __PATROL_VERSION__: string | undefined;

/** The root package.json's version, read once when the server runs from its sources. */
function versionFromPackage(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(SERVER_ROOT, '..', '..', 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The console's version (the root package.json's), in every log line, `version` and `/metrics`. */
export const VERSION: string = typeof __PATROL_VERSION__ === 'string' ? __PATROL_VERSION__ : versionFromPackage();
