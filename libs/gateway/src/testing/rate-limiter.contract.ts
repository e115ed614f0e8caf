import { afterEach, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { RateLimiter, RateLimitPolicy } from '../rate-limit/rate-limiter.js';

/** Polls `probe` until it returns true; fails after `timeoutMs`. */
export async function eventually(
  probe: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The behaviour every RateLimiter adapter must have. Run by each adapter's spec. */
export function describeRateLimiterContract(
  adapterName: string,
  makeLimiter: (policy: RateLimitPolicy) => Promise<RateLimiter>,
): void {
  describe(`RateLimiter contract: ${adapterName}`, () => {
    const limiters: RateLimiter[] = [];
    const make = async (policy: RateLimitPolicy) => {
      const limiter = await makeLimiter(policy);
      limiters.push(limiter);
      return limiter;
    };
    // Keys unique per test, so counters of one test (or one run) never meet another's.
    const key = () => `key-${randomUUID()}`;

    afterEach(async () => {
      await Promise.all(limiters.splice(0).map((limiter) => limiter.close()));
    });

    it('lets `limit` requests through in a window, then refuses with the time until the window ends', async () => {
      const limiter = await make({ limit: 3, windowMs: 60_000 });
      const k = key();
      const decisions = [];
      for (let i = 0; i < 5; i++) decisions.push(await limiter.consume(k));
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false, false]);
      expect(decisions.map((d) => d.remaining)).toEqual([2, 1, 0, 0, 0]);
      expect(decisions.every((d) => d.limit === 3)).toBe(true);
      const refused = decisions[4]!;
      expect(refused.resetInMs).toBeGreaterThan(0);
      expect(refused.resetInMs).toBeLessThanOrEqual(60_000);
    });

    it('counts each key on its own', async () => {
      const limiter = await make({ limit: 1, windowMs: 60_000 });
      const [a, b] = [key(), key()];
      expect((await limiter.consume(a)).allowed).toBe(true);
      expect((await limiter.consume(a)).allowed).toBe(false);
      expect((await limiter.consume(b)).allowed).toBe(true);
    });

    it('never overshoots under concurrent requests', async () => {
      const limiter = await make({ limit: 10, windowMs: 60_000 });
      const k = key();
      const decisions = await Promise.all(Array.from({ length: 50 }, () => limiter.consume(k)));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    });

    it('opens a new window once the current one has ended', async () => {
      const limiter = await make({ limit: 2, windowMs: 300 });
      const k = key();
      await limiter.consume(k);
      await limiter.consume(k);
      expect((await limiter.consume(k)).allowed).toBe(false);
      await eventually(async () => (await limiter.consume(k)).allowed, 5000, 'a new window');
    });
  });
}
