// The release's production dependencies, taken from the repository's own lock: the server's
// `dependencies` (and those of the @patrol/* workspaces it bundles, whose imports stay external),
// with everything they need at run time, at exactly the versions and integrity the lock records.
// The result is a package.json and a package-lock.json for `npm ci --omit=dev` in a staging folder.

/** One entry of a v3 lockfile's `packages` map (only the fields read here are typed). */
export type LockEntry = {
  name?: string;
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  license?: string;
  dev?: boolean;
  devOptional?: boolean;
  optional?: boolean;
  peer?: boolean;
  hasInstallScript?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [field: string]: unknown;
};

export type Lockfile = {
  name?: string;
  version?: string;
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
};

export type ProductionSet = {
  /** The dependencies the release's server/package.json declares (name → exact version). */
  dependencies: Record<string, string>;
  /** A lockfile holding only the entries those dependencies reach. */
  lock: Lockfile;
  /** Entries of that lock by path (`node_modules/a`, `node_modules/a/node_modules/b`). */
  entries: Record<string, LockEntry>;
};

/** The name under which `path` is installed: the segment after its last `node_modules/`. */
export function installedName(path: string): string {
  const at = path.lastIndexOf('node_modules/');
  return path.slice(at + 'node_modules/'.length);
}

/**
 * The lock path that `name` resolves to when required from the package at `from` (a lock path, ''
 * for the root), as Node resolves it: the nearest `node_modules/<name>` walking up the folders.
 */
export function resolveInLock(packages: Record<string, LockEntry>, from: string, name: string): string | null {
  let base = from;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const at = base.lastIndexOf('/node_modules/');
    // A workspace folder (apps/server) has the root above it; a nested package its parent package.
    base = at === -1 ? '' : base.slice(0, at);
  }
}

/**
 * Collects the production set of the workspace at `workspace` (e.g. `apps/server`) from `lock`.
 * Throws when the lock lacks something needed, when two bundled workspaces ask for different
 * versions of one package, or when a package would need its install script.
 */
export function productionSet(lock: Lockfile, workspace: string): ProductionSet {
  const packages = lock.packages;
  if (lock.lockfileVersion < 2) throw new Error(`lockfile version ${lock.lockfileVersion} has no "packages" map`);

  // The direct dependencies: the workspace's own and those of each @patrol/* workspace it bundles.
  const dependencies: Record<string, string> = {};
  const roots: { from: string; name: string }[] = [];
  const bundled = new Set<string>();
  const addWorkspace = (path: string) => {
    const entry = packages[path];
    if (!entry) throw new Error(`the lock has no workspace ${path}`);
    for (const [name, range] of Object.entries(entry.dependencies ?? {})) {
      if (name.startsWith('@patrol/')) {
        const link = resolveInLock(packages, path, name);
        const target = link && packages[link]?.link ? String(packages[link]!.resolved) : null;
        if (!target) throw new Error(`${name} (a dependency of ${path}) is not a workspace in the lock`);
        if (!bundled.has(target)) {
          bundled.add(target);
          addWorkspace(target);
        }
        continue;
      }
      const at = resolveInLock(packages, path, name);
      if (!at) throw new Error(`${name} (a dependency of ${path}) is missing from the lock`);
      const version = packages[at]!.version!;
      if (dependencies[name] && dependencies[name] !== version)
        throw new Error(`${name} is needed at ${dependencies[name]} and at ${version} (${path}): one version, please`);
      if (range !== version)
        throw new Error(`${path} asks for ${name} "${range}": dependencies must be exact versions`);
      dependencies[name] = version;
      roots.push({ from: path, name });
    }
  };
  addWorkspace(workspace);

  // Everything they reach: dependencies, optional dependencies (npm skips those of other
  // platforms) and the peer dependencies that are not optional (an optional one is there only
  // when something else in the set needs it).
  const entries: Record<string, LockEntry> = {};
  const queue: string[] = [];
  const visit = (from: string, name: string, required: boolean) => {
    const at = resolveInLock(packages, from, name);
    if (!at) {
      if (required) throw new Error(`${name} (needed by ${from || 'the root'}) is missing from the lock`);
      return;
    }
    // A workspace's dependency is found at the root's node_modules in a hoisted lock; a package
    // only nested under the workspace folder would have to move, which this does not do.
    if (!at.startsWith('node_modules/'))
      throw new Error(`${at} is installed inside a workspace folder; the release expects a hoisted lock`);
    if (entries[at]) return;
    entries[at] = packages[at]!;
    queue.push(at);
  };
  for (const root of roots) visit(root.from, root.name, true);
  while (queue.length > 0) {
    const path = queue.shift()!;
    const entry = packages[path]!;
    if (entry.link) throw new Error(`${path} is a link in the lock; the release cannot install it`);
    for (const name of Object.keys(entry.dependencies ?? {})) visit(path, name, true);
    for (const name of Object.keys(entry.optionalDependencies ?? {})) visit(path, name, false);
    for (const name of Object.keys(entry.peerDependencies ?? {})) {
      if (entry.peerDependenciesMeta?.[name]?.optional !== true) visit(path, name, true);
    }
  }

  const scripted = Object.keys(entries).filter((path) => entries[path]!.hasInstallScript);
  if (scripted.length > 0)
    throw new Error(`these production packages have install scripts, which the release does not run: ${scripted}`);

  // The flags of the repository's lock describe the whole repository; in the release's lock,
  // everything is a production dependency, optional when only optional edges lead to it there.
  const optional = optionalOnly(entries, roots);
  const lockPackages: Record<string, LockEntry> = {
    '': { name: 'patrol-console-server', dependencies: { ...dependencies } },
  };
  for (const path of Object.keys(entries).sort()) {
    const { dev: _dev, devOptional: _devOptional, optional: _optional, peer: _peer, ...rest } = entries[path]!;
    lockPackages[path] = optional.has(path) ? { ...rest, optional: true } : rest;
  }
  return {
    dependencies,
    entries,
    lock: { name: 'patrol-console-server', lockfileVersion: 3, packages: lockPackages },
  };
}

/** The entries of `entries` that only optional dependency edges reach from `roots`. */
function optionalOnly(entries: Record<string, LockEntry>, roots: { from: string; name: string }[]): Set<string> {
  const required = new Set<string>();
  const queue: string[] = [];
  const reach = (from: string, name: string) => {
    const at = resolveInLock(entries, from, name);
    if (at && !required.has(at)) {
      required.add(at);
      queue.push(at);
    }
  };
  // The roots resolve from the root of the release's tree, where the hoisted packages now are.
  for (const root of roots) reach('', root.name);
  while (queue.length > 0) {
    const path = queue.shift()!;
    const entry = entries[path]!;
    for (const name of Object.keys(entry.dependencies ?? {})) reach(path, name);
    for (const name of Object.keys(entry.peerDependencies ?? {}))
      if (entry.peerDependenciesMeta?.[name]?.optional !== true) reach(path, name);
  }
  return new Set(Object.keys(entries).filter((path) => !required.has(path)));
}
