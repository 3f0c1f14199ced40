import { lazy } from 'react';
import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@patrol/contracts/plain';

/** A route chunk that did not arrive within the chunk load time-out (120 s, spec section 9). */
export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super('The page chunk did not load in time.');
    this.name = 'ChunkLoadTimeoutError';
  }
}

function withChunkTimeout<T>(load: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), CHUNK_LOAD_TIMEOUT_MS);
  });
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A route page in its own chunk (React.lazy), loaded against the chunk time-out. A failure reaches
 * the route's error element, which offers a reload.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => withChunkTimeout(load()).then((component) => ({ default: component })));
}

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadTimeoutError) return true;
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(message);
}
