import { describe, expect, it } from '@jest/globals';
import { TestClock } from '@membolt/platform';
import { describeRateLimiterContract } from '../testing/rate-limiter.contract.js';
import { InMemoryRateLimiter } from './in-memory.rate-limiter.js';

describeRateLimiterContract('in-process', async (policy) => new InMemoryRateLimiter(policy));

describe('InMemoryRateLimiter', () => {
  it('forgets windows that have ended, so memory follows recently active keys', async () => {
    const clock = new TestClock(0);
    const limiter = new InMemoryRateLimiter({ limit: 1, windowMs: 1000 }, clock);
    for (let i = 0; i < 100; i++) await limiter.consume(`key-${i}`);
    clock.set(5000);
    await limiter.consume('fresh');
    expect((limiter as unknown as { windows: Map<string, unknown> }).windows.size).toBe(1);
  });
});
