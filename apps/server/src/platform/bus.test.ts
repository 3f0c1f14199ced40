import { describe, expect, it } from 'vitest';
import { createMemoryBus } from './bus.js';

describe('memory bus', () => {
  it('delivers to every subscriber until it unsubscribes', async () => {
    const bus = createMemoryBus();
    const a: unknown[] = [];
    const b: unknown[] = [];
    const offA = bus.subscribe('sessions.revoked', (p) => a.push(p));
    bus.subscribe('sessions.revoked', (p) => b.push(p));
    await bus.publish('sessions.revoked', { sessionIds: [1] });
    offA();
    await bus.publish('sessions.revoked', { sessionIds: [2] });
    expect(a).toEqual([{ sessionIds: [1] }]);
    expect(b).toEqual([{ sessionIds: [1] }, { sessionIds: [2] }]);
  });

  it('hands each subscriber its own copy, as a network bus would', async () => {
    const bus = createMemoryBus();
    const payload = { sessionIds: [1] };
    let got: { sessionIds: number[] } | undefined;
    bus.subscribe('sessions.revoked', (p) => {
      got = p;
      p.sessionIds.push(99);
    });
    await bus.publish('sessions.revoked', payload);
    expect(got).toEqual({ sessionIds: [1, 99] });
    expect(payload).toEqual({ sessionIds: [1] });
  });

  it('hands the live states over as they are, without a copy', async () => {
    const bus = createMemoryBus();
    const payload = { items: [] };
    let got: unknown;
    bus.subscribe('fleet.states', (p) => (got = p));
    await bus.publish('fleet.states', payload);
    expect(got).toBe(payload);
  });

  it('keeps a failing subscriber away from the publisher and the others', async () => {
    const errors: unknown[] = [];
    const bus = createMemoryBus((error) => errors.push(error));
    const got: unknown[] = [];
    bus.subscribe('realtime.send', () => {
      throw new Error('broken');
    });
    bus.subscribe('realtime.send', (p) => got.push(p));
    await bus.publish('realtime.send', { userIds: [1], message: { type: 'pong' } });
    expect(got).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });
});
