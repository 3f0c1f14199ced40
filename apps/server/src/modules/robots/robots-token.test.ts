import { describe, expect, it } from 'vitest';
import { ROBOT_TOKEN_SKEW_S } from '@patrol/contracts';
import { createTokenLedger } from './robots.service.js';

describe('the ledger of used robot tokens', () => {
  it('takes a token id once per robot, remembers it until the token expires, then forgets it', () => {
    let now = 1_000_000_000_000;
    const ledger = createTokenLedger(() => now);
    const exp = now / 1000 + 600;
    expect(ledger.use('R-1', 'a', exp)).toBe(true);
    expect(ledger.use('R-1', 'a', exp)).toBe(false);
    // Another robot's token may carry the same id.
    expect(ledger.use('R-2', 'a', exp)).toBe(true);
    // Still refused just before the expiry plus the clock tolerance.
    now = (exp + ROBOT_TOKEN_SKEW_S) * 1000 - 1;
    expect(ledger.use('R-1', 'a', exp)).toBe(false);
    // Past it the token itself is refused by its `exp`; the ledger lets go of it.
    now = (exp + ROBOT_TOKEN_SKEW_S) * 1000 + 61_000;
    expect(ledger.use('R-3', 'b', now / 1000 + 60)).toBe(true);
    expect(ledger.size()).toBe(1);
  });
});
