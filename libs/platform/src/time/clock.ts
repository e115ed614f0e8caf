/**
 * The time, behind one port so rules, caches and counters that depend on it can be tested without waiting.
 * Services inject it with `@Inject(CLOCK)`; composition roots provide `systemClock`, tests a `TestClock`.
 */
export interface Clock {
  now(): Date;
  nowMs(): number;
}

export const CLOCK = Symbol('CLOCK');

export const systemClock: Clock = {
  now: () => new Date(),
  nowMs: () => Date.now(),
};

/** A clock that moves only when told to. */
export class TestClock implements Clock {
  private currentMs: number;

  constructor(start: Date | number = Date.UTC(2026, 0, 1)) {
    this.currentMs = typeof start === 'number' ? start : start.getTime();
  }

  now(): Date {
    return new Date(this.currentMs);
  }

  nowMs(): number {
    return this.currentMs;
  }

  advance(ms: number): void {
    this.currentMs += ms;
  }

  set(to: Date | number): void {
    this.currentMs = typeof to === 'number' ? to : to.getTime();
  }
}
