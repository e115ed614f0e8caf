import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import type { RateLimitDecision, RateLimiter, RateLimitPolicy } from './rate-limiter.js';

/**
 * One round trip, atomic on the server: count the request, open the window on the first one, and return the
 * count and the time left. The PTTL guard re-arms a counter that somehow lost its expiry (it would never reset).
 */
const FIXED_WINDOW_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;
const SCRIPT_SHA = createHash('sha1').update(FIXED_WINDOW_SCRIPT).digest('hex');

export interface RedisRateLimiterOptions {
  readonly url: string;
  /** Namespaces the counters: `<prefix><key>`. */
  readonly keyPrefix: string;
  /** A command slower than this counts as a Redis failure (default 500 ms). */
  readonly commandTimeoutMs?: number;
}

/**
 * Counters in Redis, shared by every gateway replica. When Redis cannot answer, requests are let through
 * (fail open) and a warning is logged: a Redis outage must not take the whole API down with it.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly logger = new Logger('RedisRateLimiter');
  private readonly redis: Redis;
  private lastWarningAt = 0;

  constructor(
    private readonly policy: RateLimitPolicy,
    private readonly options: RedisRateLimiterOptions,
  ) {
    this.redis = new Redis(options.url, {
      commandTimeout: options.commandTimeoutMs ?? 500,
      // Commands issued while (re)connecting wait in the offline queue, bounded by commandTimeout.
      maxRetriesPerRequest: 1,
    });
    this.redis.on('error', (error: Error) => this.warn(`Redis connection error: ${error.message}`));
  }

  async consume(key: string): Promise<RateLimitDecision> {
    try {
      const [count, ttl] = await this.run(`${this.options.keyPrefix}${key}`);
      return {
        allowed: count <= this.policy.limit,
        limit: this.policy.limit,
        remaining: Math.max(0, this.policy.limit - count),
        resetInMs: Math.max(0, ttl),
      };
    } catch (error) {
      this.warn(
        `Rate limiting skipped, Redis did not answer: ${error instanceof Error ? error.message : String(error)}`,
      );
      return {
        allowed: true,
        limit: this.policy.limit,
        remaining: this.policy.limit,
        resetInMs: this.policy.windowMs,
      };
    }
  }

  async close(): Promise<void> {
    if (this.redis.status === 'ready') await this.redis.quit();
    else this.redis.disconnect();
  }

  private async run(redisKey: string): Promise<[number, number]> {
    let reply: unknown;
    try {
      reply = await this.redis.evalsha(SCRIPT_SHA, 1, redisKey, this.policy.windowMs);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      reply = await this.redis.eval(FIXED_WINDOW_SCRIPT, 1, redisKey, this.policy.windowMs);
    }
    if (!Array.isArray(reply) || reply.length !== 2)
      throw new Error(`Unexpected rate-limit script reply: ${JSON.stringify(reply)}`);
    return [Number(reply[0]), Number(reply[1])];
  }

  /** At most one warning every 10 s: an outage must not flood the log. */
  private warn(message: string): void {
    const now = Date.now();
    if (now - this.lastWarningAt < 10_000) return;
    this.lastWarningAt = now;
    this.logger.warn(message);
  }
}
