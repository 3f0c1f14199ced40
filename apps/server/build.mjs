// `npm run build -w @patrol/server`: compiles the server once, so a start runs plain JavaScript
// instead of transpiling every module with tsx. The server's sources and @patrol/contracts (which
// ships TypeScript) are bundled; every other package stays in node_modules, imported at run time,
// so native parts, wasm files and their own relative paths keep working.
import { readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const keepInNodeModules = {
  name: 'node-modules-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@patrol/') ? undefined : { path: args.path, external: true },
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
  plugins: [keepInNodeModules],
});
