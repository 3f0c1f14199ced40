// First load of the console in Chromium: every script, style and font the login page fetches until
// the network is idle (count, bytes as served, and what gzip and brotli make of them), the same for a
// blank React 19 + antd 6 login page built by the same Vite (bench/reference-login), and what the
// shell adds after signing in. Prints the figures and the gzip-to-gzip ratio; asserts nothing.
// Builds the console first unless apps/web/dist exists (BENCH_BUILD=1 builds it anyway).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium, type Page, type Response } from 'playwright-core';
import { startServer } from './server-process.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const webDist = path.join(root, 'apps/web/dist');
const referenceRoot = fileURLToPath(new URL('./reference-login', import.meta.url));
const PASSWORD = 'Bench-first-1x';
const KINDS = new Set(['script', 'stylesheet', 'font']);

type Asset = { url: string; raw: number; served: number; encoding: string; gzip: number; brotli: number };

/** Records every script, style and font response of the page until `take()` is called. */
function recordAssets(page: Page) {
  const pending: Promise<Asset | null>[] = [];
  const onResponse = (response: Response) => {
    if (!KINDS.has(response.request().resourceType())) return;
    pending.push(measure(response));
  };
  page.on('response', onResponse);
  return {
    async take(): Promise<Asset[]> {
      page.off('response', onResponse);
      const assets = await Promise.all(pending.splice(0));
      return assets.filter((a): a is Asset => a !== null);
    },
  };
}

async function measure(response: Response): Promise<Asset | null> {
  const body = await response.body().catch(() => null);
  if (body === null) return null;
  const sizes = await response.request().sizes();
  return {
    url: response.url(),
    raw: body.length,
    served: sizes.responseBodySize,
    encoding: (await response.headerValue('content-encoding')) ?? 'identity',
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const sum = (assets: Asset[], key: 'raw' | 'served' | 'gzip' | 'brotli') => assets.reduce((t, a) => t + a[key], 0);

function report(label: string, assets: Asset[]): void {
  const encodings = [...new Set(assets.map((a) => a.encoding))].join('/');
  console.log(
    `${label.padEnd(28)} ${String(assets.length).padStart(3)} files  raw ${kb(sum(assets, 'raw')).padStart(10)}  ` +
      `served ${kb(sum(assets, 'served')).padStart(10)} (${encodings})  gzip ${kb(sum(assets, 'gzip')).padStart(9)}  ` +
      `brotli ${kb(sum(assets, 'brotli')).padStart(9)}`,
  );
  if (process.env.BENCH_VERBOSE) {
    for (const a of [...assets].sort((x, y) => y.gzip - x.gzip)) {
      console.log(`    ${kb(a.gzip).padStart(9)} gzip  ${kb(a.raw).padStart(10)} raw  ${new URL(a.url).pathname}`);
    }
  }
}

/** Builds the reference login page with the workspace's Vite, React plugin and antd. */
async function buildReference(outDir: string): Promise<void> {
  const fromWeb = createRequire(path.join(root, 'apps/web/package.json'));
  const { build } = (await import(fromWeb.resolve('vite'))) as typeof import('vite');
  // The plugin is the console's own dev dependency (apps/web/node_modules), typed loosely here.
  const { default: react } = (await import(fromWeb.resolve('@vitejs/plugin-react'))) as {
    default: () => import('vite').PluginOption;
  };
  await build({
    configFile: false,
    root: referenceRoot,
    logLevel: 'error',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
}

/** Serves a directory as plain files, as a bare static server would. */
async function serveDirectory(dir: string): Promise<{ url: string; server: Server }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const file = path.join(dir, pathname === '/' ? 'index.html' : path.normalize(pathname));
    readFile(file).then(
      (body) => {
        res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
        res.end(body);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return { url: `http://127.0.0.1:${address.port}`, server };
}

if (process.env.BENCH_BUILD || !existsSync(path.join(webDist, 'index.html'))) {
  execFileSync('npm', ['run', 'build', '-w', '@patrol/web'], { cwd: root, stdio: 'inherit' });
}

const work = await mkdtemp(path.join(tmpdir(), 'patrol-first-load-'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const server = await startServer({ DATA_DIR: path.join(work, 'data'), PATROL_ADMIN_PASSWORD: PASSWORD });
try {
  // The console: the login page on a fresh browser (zh-CN, the default), then the shell after signing in.
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  const login = recordAssets(page);
  await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
  await page.getByLabel('账号').waitFor();
  const loginAssets = await login.take();

  const shell = recordAssets(page);
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.getByTestId('side-menu').waitFor();
  await page.waitForLoadState('networkidle');
  const shellAssets = await shell.take();
  await context.close();

  // The reference: the blank login page, built now, served as plain files.
  await buildReference(path.join(work, 'reference'));
  const reference = await serveDirectory(path.join(work, 'reference'));
  const refContext = await browser.newContext();
  const refPage = await refContext.newPage();
  const ref = recordAssets(refPage);
  await refPage.goto(reference.url, { waitUntil: 'networkidle' });
  await refPage.getByRole('button', { name: 'Sign in' }).waitFor();
  const referenceAssets = await ref.take();
  await refContext.close();
  reference.server.close();

  report('console login page', loginAssets);
  report('reference login page', referenceAssets);
  report('shell after sign-in (added)', shellAssets);
  report('login + shell (total)', [...loginAssets, ...shellAssets]);
  const ratio = sum(loginAssets, 'gzip') / sum(referenceAssets, 'gzip');
  console.log(`login page vs reference, gzip to gzip: ${ratio.toFixed(2)}x`);
} finally {
  await browser.close();
  await server.stop();
  await rm(work, { recursive: true, force: true });
}
