import { describe, expect, it } from '@jest/globals';
import { describeRateLimiterContract } from '../testing/rate-limiter.contract.js';
import { InMemoryRateLimiter } from './in-memory.rate-limiter.js';

describeRateLimiterContract('in-process', async (policy) => new InMemoryRateLimiter(policy));

describe('InMemoryRateLimiter', () => {
  it('forgets windows that have ended, so memory follows recently active keys', async () => {
    let now = 0;
    const limiter = new InMemoryRateLimiter({ limit: 1, windowMs: 1000 }, { nowMs: () => now });
    for (let i = 0; i < 100; i++) await limiter.consume(`key-${i}`);
    now = 5000;
    await limiter.consume('fresh');
    expect((limiter as unknown as { windows: Map<string, unknown> }).windows.size).toBe(1);
  });
});
