// THIRD-PARTY-NOTICES.txt of the release: every package it carries (the server's node_modules and
// the packages bundled into the built console) with its version and licence, followed by the
// licence texts the packages ship, and the Node binary's licence.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { installedName, type LockEntry } from './production-lock.js';

export type NoticePart = {
  /** What the part is, e.g. "server/node_modules (run time)". */
  title: string;
  /** Lock entries by lock path. */
  entries: Record<string, LockEntry>;
  /** The folder the lock paths are relative to, where each package's files can be read. */
  installedAt: string;
};

const LICENCE_FILE = /^(licen[cs]e|copying|notice)(\.(md|txt|markdown))?$/i;

/** The licence of an installed package: the lock's field, else its package.json's, else "unknown". */
function licenceOf(entry: LockEntry, folder: string): string {
  if (typeof entry.license === 'string') return entry.license;
  const file = path.join(folder, 'package.json');
  if (existsSync(file)) {
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { license?: unknown; licenses?: { type?: string }[] };
    if (typeof pkg.license === 'string') return pkg.license;
    if (Array.isArray(pkg.licenses)) return pkg.licenses.map((l) => l.type ?? '?').join(' OR ');
  }
  return 'unknown (see the package)';
}

/** The texts of the licence files a package ships. */
function licenceTexts(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => LICENCE_FILE.test(name))
    .sort()
    .map((name) => readFileSync(path.join(folder, name), 'utf8').trim());
}

/** The notices text. */
export function thirdPartyNotices(parts: NoticePart[], node: { version: string; licenseFile: string }): string {
  const rule = '-'.repeat(100);
  const out: string[] = [
    'Third-party software in this release',
    '',
    `Node.js ${node.version} (node/bin/node), licence MIT with the licences of its bundled parts:`,
    'node/LICENSE, reproduced at the end of this file.',
    '',
  ];
  const texts: string[] = [];
  for (const part of parts) {
    out.push(`${part.title}:`, '');
    const rows = Object.keys(part.entries)
      .map((lockPath) => {
        const folder = path.join(part.installedAt, lockPath);
        const entry = part.entries[lockPath]!;
        return {
          name: installedName(lockPath),
          version: entry.version ?? '?',
          licence: licenceOf(entry, folder),
          folder,
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
    const seen = new Set<string>();
    for (const row of rows) {
      const key = `${row.name}@${row.version}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(`  ${key}  ${row.licence}`);
      const shipped = licenceTexts(row.folder);
      if (shipped.length > 0) texts.push(rule, `${key} (${row.licence})`, '', ...shipped, '');
    }
    out.push('');
  }
  out.push('Licence texts', '', ...texts, rule, `Node.js ${node.version}`, '');
  out.push(readFileSync(node.licenseFile, 'utf8').trim(), '');
  return out.join('\n');
}
