import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, at the strongest levels,
 * so the server sends them compressed without compressing on each request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'patrol-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => /\.(js|css|html|svg|json)$/.test(f));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const body = await readFile(full);
          // Below about one packet compression saves nothing worth a second file.
          if (body.length < 1024) return;
          const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length };
          await writeFile(`${full}.br`, await brotli(body, { params }));
          await writeFile(`${full}.gz`, await gz(body, { level: 9 }));
        }),
      );
    },
  };
}

// The Host header is passed on as the browser sent it: the server accepts the console socket only
// from a page of the host it was asked on (or SOCKET_ORIGINS).
const api = { target: 'http://localhost:8080', changeOrigin: false, ws: true };

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  server: {
    port: 5173,
    proxy: { '/api': api },
    // Files of the workspace's node_modules (hls.js's worker, imported with `?url`) are served
    // whichever folder the dev server or the tests start from.
    fs: { allow: [new URL('../..', import.meta.url).pathname] },
  },
  preview: { port: 4173, proxy: { '/api': api } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Each route is its own chunk (see app/lazy-page.ts) and takes only the antd components and
    // libraries it uses, so the login page does not download the map or the tables. React, which
    // every page needs, and the router, which every page after the login needs, each stay one
    // stable chunk across releases.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'vendor-router', test: /node_modules[\\/]react-router[\\/]/, priority: 30 },
          ],
        },
      },
    },
  },
});
