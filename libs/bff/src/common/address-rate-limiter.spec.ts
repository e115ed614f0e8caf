import { describe, expect, it } from '@jest/globals';
import { TestClock } from '@membolt/platform';
import { AddressRateLimiter } from './address-rate-limiter.js';

describe('AddressRateLimiter', () => {
  it('allows `limit` requests per address per window, then refuses until the window ends', () => {
    const clock = new TestClock();
    const limiter = new AddressRateLimiter({ limit: 2, windowMs: 60_000, maxAddresses: 10 }, clock);
    expect(limiter.consume('10.0.0.1').allowed).toBe(true);
    expect(limiter.consume('10.0.0.1').allowed).toBe(true);
    const refused = limiter.consume('10.0.0.1');
    expect(refused).toEqual({ allowed: false, resetInMs: 60_000 });
    expect(limiter.consume('10.0.0.2').allowed).toBe(true);
    clock.advance(60_000);
    expect(limiter.consume('10.0.0.1').allowed).toBe(true);
  });

  it('tracks at most maxAddresses, whatever the number of distinct addresses', () => {
    const limiter = new AddressRateLimiter(
      { limit: 5, windowMs: 60_000, maxAddresses: 100 },
      new TestClock(),
    );
    for (let i = 0; i < 10_000; i++) limiter.consume(`10.0.${i >> 8}.${i & 255}`);
    expect(limiter.size).toBe(100);
  });
});
