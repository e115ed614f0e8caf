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
 * One round trip, atomic on the server: when every key (a key's and its user's budget) has room, count the
 * request in each, opening a window on its first request; else count it nowhere. Returns each key's count,
 * the request included, and the time left. The PTTL guard re-arms a counter that somehow lost its expiry (it
 * would never reset). KEYS: the counters; ARGV: their windows, then their limits.
 */
const FIXED_WINDOW_SCRIPT = `
local n = #KEYS
local counts = {}
local fits = true
for i, key in ipairs(KEYS) do
  counts[i] = tonumber(redis.call('GET', key) or '0')
  if counts[i] >= tonumber(ARGV[n + i]) then
    fits = false
  end
end
local reply = {}
for i, key in ipairs(KEYS) do
  local window = ARGV[i]
  local count = counts[i] + 1
  if fits then
    count = redis.call('INCR', key)
    if count == 1 then
      redis.call('PEXPIRE', key, window)
    end
  end
  local ttl = redis.call('PTTL', key)
  if ttl == -1 then
    redis.call('PEXPIRE', key, window)
    ttl = tonumber(window)
  elseif ttl < 0 then
    ttl = tonumber(window)
  end
  reply[2 * i - 1] = count
  reply[2 * i] = ttl
end
return reply
`;
const SCRIPT_SHA = createHash('sha1').update(FIXED_WINDOW_SCRIPT).digest('hex');

/**
 * Gives back one request in each key whose window is still the one it was counted in: the window is older
 * than the count (its age is its length less the time it has left). KEYS: the counters; ARGV: their windows,
 * then how long ago the request was counted.
 */
const RELEASE_SCRIPT = `
local n = #KEYS
local countedAgo = tonumber(ARGV[n + 1])
for i, key in ipairs(KEYS) do
  local ttl = redis.call('PTTL', key)
  if ttl > 0 and tonumber(ARGV[i]) - ttl >= countedAgo and tonumber(redis.call('GET', key) or '0') > 0 then
    redis.call('DECR', key)
  end
end
return 0
`;
const RELEASE_SHA = createHash('sha1').update(RELEASE_SCRIPT).digest('hex');

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

  async release(buckets: readonly RateLimitBucket[], countedMsAgo: number): Promise<void> {
    try {
      await this.run(RELEASE_SCRIPT, RELEASE_SHA, buckets, [Math.max(0, Math.floor(countedMsAgo))]);
    } catch (error) {
      // A count not given back costs the caller one request of this window, never an error.
      this.warn(
        `A refused request was not given back: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  protected async countAll(buckets: readonly RateLimitBucket[]): Promise<readonly WindowCount[]> {
    const reply = await this.run(
      FIXED_WINDOW_SCRIPT,
      SCRIPT_SHA,
      buckets,
      buckets.map(({ policy }) => policy.limit),
    );
    if (!Array.isArray(reply) || reply.length !== 2 * buckets.length)
      throw new Error(`Unexpected rate-limit script reply: ${JSON.stringify(reply)}`);
    const counts: unknown[] = reply;
    return buckets.map((_, i) => ({ count: Number(counts[2 * i]), ttlMs: Number(counts[2 * i + 1]) }));
  }

  /** Runs a script on the buckets' counters: ARGV is their windows, then `extra`. */
  private async run(
    script: string,
    sha: string,
    buckets: readonly RateLimitBucket[],
    extra: readonly number[],
  ): Promise<unknown> {
    const args: Array<string | number> = [
      ...buckets.map(({ key }) => `${this.options.keyPrefix}${key}`),
      ...buckets.map(({ policy }) => policy.windowMs),
      ...extra,
    ];
    try {
      return await this.redis.evalsha(sha, buckets.length, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return await this.redis.eval(script, buckets.length, ...args);
    }
  }

  /** At most one warning every 10 s: an outage must not flood the log. */
  private warn(message: string): void {
    const now = (this.options.clock ?? systemClock).nowMs();
    if (now - this.lastWarningAt < 10_000) return;
    this.lastWarningAt = now;
    this.logger.warn(message);
  }
}
