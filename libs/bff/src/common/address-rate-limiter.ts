import { type Clock, systemClock } from '@membolt/platform';
import { LRUCache } from 'lru-cache';

export interface AddressRateLimitPolicy {
  /** Requests one address may make per window. */
  readonly limit: number;
  readonly windowMs: number;
  /**
   * Addresses tracked at once. Past this the least recently seen is forgotten, so a flood of new addresses
   * costs bounded memory (and at worst resets a quiet address's count early).
   */
  readonly maxAddresses: number;
}

export interface AddressRateDecision {
  readonly allowed: boolean;
  /** Until the address's window ends: when a refused caller may retry. */
  readonly resetInMs: number;
}

interface Window {
  count: number;
  readonly endsAt: number;
}

/** Fixed-window request counters per client address, held in this process in a size-capped LRU map. */
export class AddressRateLimiter {
  private readonly windows: LRUCache<string, Window>;

  constructor(
    private readonly policy: AddressRateLimitPolicy,
    private readonly clock: Clock = systemClock,
  ) {
    this.windows = new LRUCache<string, Window>({ max: policy.maxAddresses });
  }

  consume(address: string): AddressRateDecision {
    const now = this.clock.nowMs();
    let window = this.windows.get(address);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + this.policy.windowMs };
      this.windows.set(address, window);
    }
    window.count++;
    return { allowed: window.count <= this.policy.limit, resetInMs: window.endsAt - now };
  }

  /** Addresses currently tracked (never more than `maxAddresses`). */
  get size(): number {
    return this.windows.size;
  }
}
