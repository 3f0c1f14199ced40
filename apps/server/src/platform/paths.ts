import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server). This file runs either from its source (tsx, tests) or
 * bundled into apps/server/dist/main.js by `npm run build`, one folder level apart.
 */
export const SERVER_ROOT = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../..' : '..', import.meta.url));
