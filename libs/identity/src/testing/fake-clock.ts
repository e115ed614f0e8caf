import type { Clock } from '../ports/clock.js';

/** A clock tests move by hand. */
export class FakeClock implements Clock {
  private current: number;

  constructor(start: Date | number = Date.UTC(2030, 0, 15, 9, 0, 0)) {
    this.current = typeof start === 'number' ? start : start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }
}
