#!/usr/bin/env node
// Fails when the project's own modules import each other in a circle: a layer that imports back
// into the one importing it has no owner. Type-only imports do not count (they vanish at run time);
// packages do not count (each is checked from its own sources). Usage: node scripts/check-cycles.mjs
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const SOURCES = [
  'apps/server/src',
  'apps/server/test',
  'apps/web/src',
  'apps/robot-sim/src',
  'packages/contracts/src',
  'bench',
  'e2e',
];
/** Path aliases of the console (vite.config.ts, tsconfig). */
const ALIASES = { '@/': join(root, 'apps/web/src/') };

function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(ts|tsx|mjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The file a specifier names, or null for a package. */
function resolveSpecifier(from, specifier) {
  let base;
  const alias = Object.keys(ALIASES).find((a) => specifier.startsWith(a));
  if (alias) base = join(ALIASES[alias], specifier.slice(alias.length));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return null;
  const stem = base.replace(/\.(js|ts|tsx|mjs)$/, '');
  for (const candidate of [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mjs`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Specifiers of the static imports and re-exports that load code. */
function valueImports(text) {
  const found = [];
  const statement =
    /(?:^|[;\n])\s*(import|export)\s+(?!type\s)([^'";]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]/g;
  for (const match of text.matchAll(statement)) {
    if (match[4]) {
      found.push(match[4]);
      continue;
    }
    const clause = match[2] ?? '';
    // `import { type A, type B } from` loads nothing either.
    const braces = /^\{([^}]*)\}$/.exec(clause.trim());
    if (braces && braces[1].split(',').every((part) => !part.trim() || /^type\s/.test(part.trim()))) continue;
    found.push(match[3]);
  }
  return found;
}

const files = SOURCES.flatMap((dir) => walk(join(root, dir)));
const graph = new Map();
for (const file of files) {
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const edges = new Set();
  for (const specifier of valueImports(text)) {
    const target = resolveSpecifier(file, specifier);
    if (target) edges.add(target);
  }
  graph.set(file, [...edges]);
}

// Tarjan's strongly connected components: every component of more than one file is a cycle.
let index = 0;
const stack = [];
const state = new Map();
const cycles = [];
function connect(node) {
  state.set(node, { index, low: index, onStack: true });
  index++;
  stack.push(node);
  for (const next of graph.get(node) ?? []) {
    if (!graph.has(next)) continue;
    if (!state.has(next)) {
      connect(next);
      state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
    } else if (state.get(next).onStack) {
      state.get(node).low = Math.min(state.get(node).low, state.get(next).index);
    }
  }
  if (state.get(node).low === state.get(node).index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component);
  }
}
for (const node of graph.keys()) if (!state.has(node)) connect(node);

if (cycles.length > 0) {
  console.error(`Import cycles (${cycles.length}):`);
  for (const cycle of cycles)
    console.error(
      `- ${cycle
        .map((f) => relative(root, f))
        .sort()
        .join(' <-> ')}`,
    );
  process.exit(1);
}
console.log(`No import cycle among ${graph.size} files.`);
