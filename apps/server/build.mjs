// `npm run build -w @patrol/server`: compiles the server once, so a start runs plain JavaScript
// instead of transpiling every module with tsx. The server's sources, @patrol/contracts (which ships
// TypeScript) and the packages they use are bundled into a few files: a start then compiles a few
// large files instead of resolving, reading and compiling about a thousand small ones. The packages
// below stay in node_modules, imported at run time.
import { readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

/**
 * Packages left in node_modules: those that find files beside their own code at run time (PGlite's
 * wasm and data, the worker of pino's transports, the Swagger UI's assets), those imported only when
 * first used (the API's description, exceljs, pg, ioredis), and Fastify's default schema compilers,
 * which the zod compilers replace (never loaded).
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  'thread-stream',
  // Loaded by the broker's thread alone, on the other core while the main thread loads the server.
  'aedes',
  // It parses the broker's URL with url.parse(), which Node 24 warns about unless the caller is in
  // node_modules.
  'mqtt',
  // One copy, shared with mqtt and aedes: platform/mqtt-packet.ts switches off its number cache.
  'mqtt-packet',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'exceljs',
  'pg',
  'ioredis',
  'ajv',
  'ajv-formats',
  'fast-json-stringify',
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
];

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * zod's translated messages (about 370 kB of the bundle, compiled by every thread that validates) in
 * English only: the console translates its own messages (the contracts' keys), so zod's own stay in
 * the default language, the one zod configures at load; `z.locales` holds `en` alone.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]v4[\\/](classic|core|mini)$/.test(args.resolveDir)
        ? { path: 'zod-locales', namespace: 'zod-english-only' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, () => ({
      contents: "export { default as en } from 'zod/v4/locales/en.js';",
      resolveDir: import.meta.dirname,
    }));
  },
};

const keepInNodeModules = {
  name: 'node-modules-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      EXTERNAL.includes(packageName(args.path)) ? { path: args.path, external: true } : undefined,
    );
  },
};

// A clean folder: chunk names change with their contents.
await rm(new URL('dist', import.meta.url), { recursive: true, force: true });

await build({
  absWorkingDir: import.meta.dirname,
  entryPoints: {
    main: 'src/main.ts',
    'first-start': 'src/first-start.ts',
    'broker-thread': 'src/platform/broker-thread.ts',
    'pglite-thread': 'src/platform/pglite-thread.ts',
    // The launcher's commands (`bin/patrol`, `npm run backup`, `npm run restore`); `serve` loads main.
    cli: 'src/cli.ts',
  },
  // The console's version (the root package.json's), for platform/version.ts.
  define: {
    __PATROL_VERSION__: JSON.stringify(
      JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')).version,
    ),
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Chunks shared by the entries: main.ts loads the rest of the server (serve.ts) on its own.
  splitting: true,
  sourcemap: true,
  logLevel: 'warning',
  plugins: [zodEnglishOnly, keepInNodeModules],
  // The CommonJS packages bundled into these ES modules call require() (Node's modules, the packages
  // above): each file gets one, made for its own place.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
