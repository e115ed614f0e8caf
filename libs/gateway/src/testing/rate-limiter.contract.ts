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

    it('counts a request in several budgets at once: a user cannot multiply the limit with more keys', async () => {
      const limiter = await make({ limit: 100, windowMs: 60_000 });
      const user = key();
      const perKey = { limit: 3, windowMs: 60_000 };
      const perUser = { limit: 5, windowMs: 60_000 };
      const keys = [key(), key(), key(), key()];
      const decisions = [];
      for (let i = 0; i < 8; i++) {
        decisions.push(
          await limiter.consumeAll([
            { key: keys[i % keys.length]!, policy: perKey },
            { key: user, policy: perUser },
          ]),
        );
      }
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false, false, false]);
      // The tightest budget speaks: the user's, with 5 as its limit.
      expect(decisions.map((d) => d.remaining)).toEqual([2, 2, 2, 1, 0, 0, 0, 0]);
      expect(decisions[7]).toMatchObject({ allowed: false, limit: 5 });
      expect(decisions[7]!.resetInMs).toBeGreaterThan(0);
      // Another user's key is not affected.
      const other = await limiter.consumeAll([
        { key: key(), policy: perKey },
        { key: key(), policy: perUser },
      ]);
      expect(other.allowed).toBe(true);
    });

    it('refuses when the key budget is spent even if the user has budget left', async () => {
      const limiter = await make({ limit: 100, windowMs: 60_000 });
      const [k, user] = [key(), key()];
      const buckets = [
        { key: k, policy: { limit: 2, windowMs: 60_000 } },
        { key: user, policy: { limit: 10, windowMs: 60_000 } },
      ];
      const decisions = [];
      for (let i = 0; i < 3; i++) decisions.push(await limiter.consumeAll(buckets));
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, false]);
      expect(decisions[2]).toMatchObject({ limit: 2, remaining: 0 });
    });

    it('never overshoots a shared user budget under concurrent requests over many keys', async () => {
      const limiter = await make({ limit: 100, windowMs: 60_000 });
      const user = key();
      const keys = Array.from({ length: 10 }, () => key());
      const decisions = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          limiter.consumeAll([
            { key: keys[i % keys.length]!, policy: { limit: 100, windowMs: 60_000 } },
            { key: user, policy: { limit: 7, windowMs: 60_000 } },
          ]),
        ),
      );
      expect(decisions.filter((d) => d.allowed)).toHaveLength(7);
    });

    it('counts a refused request in no budget: the other budgets keep what it would have used', async () => {
      const limiter = await make({ limit: 100, windowMs: 60_000 });
      const [spent, fresh, user] = [key(), key(), key()];
      const perKey = { limit: 2, windowMs: 60_000 };
      const perUser = { limit: 4, windowMs: 60_000 };
      const through = (k: string) =>
        limiter.consumeAll([
          { key: k, policy: perKey },
          { key: user, policy: perUser },
        ]);
      const decisions = [];
      for (let i = 0; i < 5; i++) decisions.push(await through(spent));
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, false, false, false]);
      // The user's budget counted the two that passed only.
      expect((await through(fresh)).remaining).toBe(1);
      expect((await through(fresh)).allowed).toBe(true);
      expect((await through(fresh)).allowed).toBe(false);
    });

    it('gives a counted request back to a budget, within the window it was counted in', async () => {
      const limiter = await make({ limit: 100, windowMs: 60_000 });
      const bucket = { key: key(), policy: { limit: 2, windowMs: 60_000 } };
      expect((await limiter.consumeAll([bucket])).allowed).toBe(true);
      expect((await limiter.consumeAll([bucket])).allowed).toBe(true);
      expect((await limiter.consumeAll([bucket])).allowed).toBe(false);
      await limiter.release([bucket], 0);
      expect((await limiter.consumeAll([bucket])).allowed).toBe(true);
      expect((await limiter.consumeAll([bucket])).allowed).toBe(false);
      // Counted before this window opened: nothing of this window is given back.
      const short = { key: key(), policy: { limit: 1, windowMs: 60_000 } };
      expect((await limiter.consumeAll([short])).allowed).toBe(true);
      await limiter.release([short], 120_000);
      expect((await limiter.consumeAll([short])).allowed).toBe(false);
      // Nothing counted: nothing to give back, the budget never grows past its limit.
      const unused = { key: key(), policy: { limit: 1, windowMs: 60_000 } };
      await limiter.release([unused], 0);
      expect((await limiter.consumeAll([unused])).allowed).toBe(true);
      expect((await limiter.consumeAll([unused])).allowed).toBe(false);
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
