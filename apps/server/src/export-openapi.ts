import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './platform/config.js';
import { openDatabase } from './platform/db.js';

/** The committed OpenAPI document; a test fails when the routes no longer match it. */
export const OPENAPI_FILE = fileURLToPath(new URL('../openapi.json', import.meta.url));

/** The OpenAPI document as committed: stable key order, two-space indent, final newline. */
export function formatOpenApi(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Writes apps/server/openapi.json from the routes (npm run openapi -w @patrol/server). */
async function main() {
  const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
  try {
    await database.migrate();
    const app = await buildApp({ config: { ...loadConfig({}), mqttPort: 0 }, database, logger: false, webDist: null });
    await app.ready();
    await writeFile(OPENAPI_FILE, formatOpenApi(await app.openApiDocument()));
    await app.close();
    console.log(`wrote ${OPENAPI_FILE}`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
