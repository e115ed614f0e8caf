import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { describeRateLimiterContract, eventually } from '../testing/rate-limiter.contract.js';
import { startRedisServer, type TestRedisServer } from '../testing/redis-server.js';
import { RedisRateLimiter } from './redis.rate-limiter.js';

let redis: TestRedisServer;
const prefix = `membolt-test:${randomUUID()}:`;

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});

describeRateLimiterContract(
  'Redis',
  async (policy) => new RedisRateLimiter(policy, { url: redis.url, keyPrefix: prefix }),
);

describe('RedisRateLimiter', () => {
  it('keeps its counters under the configured prefix, expiring with the window', async () => {
    const limiter = new RedisRateLimiter(
      { limit: 5, windowMs: 30_000 },
      { url: redis.url, keyPrefix: prefix },
    );
    const inspector = new Redis(redis.url);
    try {
      await limiter.consume('key-1');
      await limiter.consume('key-1');
      expect(await inspector.get(`${prefix}key-1`)).toBe('2');
      const ttl = await inspector.pttl(`${prefix}key-1`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(30_000);
    } finally {
      inspector.disconnect();
      await limiter.close();
    }
  });

  it('shares one budget between limiters on the same Redis (gateway replicas)', async () => {
    const policy = { limit: 4, windowMs: 60_000 };
    const replicas = [
      new RedisRateLimiter(policy, { url: redis.url, keyPrefix: prefix }),
      new RedisRateLimiter(policy, { url: redis.url, keyPrefix: prefix }),
    ];
    try {
      const decisions = await Promise.all(
        Array.from({ length: 10 }, (_, i) => replicas[i % 2]!.consume('shared-key')),
      );
      expect(decisions.filter((d) => d.allowed)).toHaveLength(4);
    } finally {
      await Promise.all(replicas.map((r) => r.close()));
    }
  });

  it('lets requests through while Redis is unreachable (fail open), and counts again once it is back', async () => {
    let server = await startRedisServer();
    const limiter = new RedisRateLimiter(
      { limit: 1, windowMs: 60_000 },
      { url: server.url, keyPrefix: prefix, commandTimeoutMs: 200 },
    );
    try {
      expect((await limiter.consume('k')).allowed).toBe(true);
      expect((await limiter.consume('k')).allowed).toBe(false);
      await server.stop();
      for (let i = 0; i < 3; i++) expect((await limiter.consume('k')).allowed).toBe(true);

      server = await startRedisServer({ port: server.port });
      // The restarted server is empty: once reconnected, the first request passes and the second is refused again.
      await eventually(async () => !(await limiter.consume('back')).allowed, 10_000, 'counting to resume');
    } finally {
      await limiter.close();
      await server.stop();
    }
  });
});
