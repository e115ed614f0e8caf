import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { type Clock, systemClock } from '@membolt/platform';
import {
  type RateLimitBucket,
  type RateLimitDecision,
  type RateLimitPolicy,
  type WindowCount,
  WindowCountingRateLimiter,
} from './rate-limiter.js';

/**
 * One round trip, atomic on the server: count the request in each key (a key's and its user's budget), open
 * each window on its first request, and return the
 * count and the time left. The PTTL guard re-arms a counter that somehow lost its expiry (it would never reset).
 */
const FIXED_WINDOW_SCRIPT = `
local reply = {}
for i, key in ipairs(KEYS) do
  local window = ARGV[i]
  local count = redis.call('INCR', key)
  if count == 1 then
    redis.call('PEXPIRE', key, window)
  end
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then
    redis.call('PEXPIRE', key, window)
    ttl = tonumber(window)
  end
  reply[2 * i - 1] = count
  reply[2 * i] = ttl
end
return reply
`;
const SCRIPT_SHA = createHash('sha1').update(FIXED_WINDOW_SCRIPT).digest('hex');

export interface RedisRateLimiterOptions {
  readonly url: string;
  /** Namespaces the counters: `<prefix><key>`. */
  readonly keyPrefix: string;
  /** A command slower than this counts as a Redis failure (default 500 ms). */
  readonly commandTimeoutMs?: number;
  /** Paces the outage warnings (default: the system clock). */
  readonly clock?: Clock;
}

/**
 * Counters in Redis, shared by every gateway replica. When Redis cannot answer, requests are let through
 * (fail open) and a warning is logged: a Redis outage must not take the whole API down with it.
 */
export class RedisRateLimiter extends WindowCountingRateLimiter {
  private readonly logger = new Logger('RedisRateLimiter');
  private readonly redis: Redis;
  private lastWarningAt = 0;

  constructor(
    policy: RateLimitPolicy,
    private readonly options: RedisRateLimiterOptions,
  ) {
    super(policy);
    this.redis = new Redis(options.url, {
      commandTimeout: options.commandTimeoutMs ?? 500,
      // Commands issued while (re)connecting wait in the offline queue, bounded by commandTimeout.
      maxRetriesPerRequest: 1,
    });
    this.redis.on('error', (error: Error) => this.warn(`Redis connection error: ${error.message}`));
  }

  override async consumeAll(buckets: readonly RateLimitBucket[]): Promise<RateLimitDecision> {
    try {
      return await super.consumeAll(buckets);
    } catch (error) {
      this.warn(
        `Rate limiting skipped, Redis did not answer: ${error instanceof Error ? error.message : String(error)}`,
      );
      // Fail open, reporting the first bucket's full budget (the key's, for the gateway).
      const first = buckets[0]?.policy ?? this.policy;
      return { allowed: true, limit: first.limit, remaining: first.limit, resetInMs: first.windowMs };
    }
  }

  async close(): Promise<void> {
    if (this.redis.status === 'ready') await this.redis.quit();
    else this.redis.disconnect();
  }

  protected async countAll(buckets: readonly RateLimitBucket[]): Promise<readonly WindowCount[]> {
    const keysThenWindows: Array<string | number> = [
      ...buckets.map(({ key }) => `${this.options.keyPrefix}${key}`),
      ...buckets.map(({ policy }) => policy.windowMs),
    ];
    let reply: unknown;
    try {
      reply = await this.redis.evalsha(SCRIPT_SHA, buckets.length, ...keysThenWindows);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      reply = await this.redis.eval(FIXED_WINDOW_SCRIPT, buckets.length, ...keysThenWindows);
    }
    if (!Array.isArray(reply) || reply.length !== 2 * buckets.length)
      throw new Error(`Unexpected rate-limit script reply: ${JSON.stringify(reply)}`);
    const counts: unknown[] = reply;
    return buckets.map((_, i) => ({ count: Number(counts[2 * i]), ttlMs: Number(counts[2 * i + 1]) }));
  }

  /** At most one warning every 10 s: an outage must not flood the log. */
  private warn(message: string): void {
    const now = (this.options.clock ?? systemClock).nowMs();
    if (now - this.lastWarningAt < 10_000) return;
    this.lastWarningAt = now;
    this.logger.warn(message);
  }
}
