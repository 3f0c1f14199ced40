import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { inOrderBy } from './in-order.js';

/** A handling that ends when the test says so, noting when it started and ended. */
function step(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    finish,
    handle: async () => {
      log.push(`${name} started`);
      await done;
      log.push(`${name} ended`);
    },
  };
}

describe('handlings in order of arrival per robot', () => {
  const quiet = { error: vi.fn() } as unknown as FastifyBaseLogger;

  it("starts a robot's next message only once its previous one is handled, even when the first is slower", async () => {
    const log: string[] = [];
    const inOrder = inOrderBy(quiet, 'failed');
    const ack = step(log, 'ack');
    const result = step(log, 'result');
    const first = inOrder('R-1', ack.handle);
    const second = inOrder('R-1', result.handle);
    result.finish();
    await new Promise((r) => setTimeout(r, 10));
    expect(log).toEqual(['ack started']);
    ack.finish();
    await Promise.all([first, second]);
    expect(log).toEqual(['ack started', 'ack ended', 'result started', 'result ended']);
  });

  it('handles different robots side by side, and a failed handling does not hold up the next', async () => {
    const log: string[] = [];
    const error = vi.fn();
    const inOrder = inOrderBy({ error } as unknown as FastifyBaseLogger, 'reply failed');
    const slow = step(log, 'R-1');
    const first = inOrder('R-1', slow.handle);
    await inOrder('R-2', async () => void log.push('R-2 handled'));
    expect(log).toEqual(['R-1 started', 'R-2 handled']);
    slow.finish();
    await first;
    await inOrder('R-3', () => Promise.reject(new Error('database away')));
    await inOrder('R-3', async () => void log.push('R-3 handled after a failure'));
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ key: 'R-3' }), 'reply failed');
    expect(log.at(-1)).toBe('R-3 handled after a failure');
  });
});
