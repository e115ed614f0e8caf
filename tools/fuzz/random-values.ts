import fc from 'fast-check';

/** Imperative draws from one fast-check generator value, so generators read like the shapes they build. */
export class Draw {
  constructor(private readonly g: fc.GeneratorValue) {}

  int(min: number, max: number): number {
    return this.g(fc.integer, { min, max });
  }

  chance(probability: number): boolean {
    return this.int(0, 999) < probability * 1000;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }

  subset<T>(items: readonly T[], min = 1): T[] {
    const chosen = items.filter(() => this.chance(0.5));
    return chosen.length >= min ? chosen : items.slice(0, Math.min(min, items.length));
  }

  /** A string from one of the shapes that break edges: empty, unicode, control characters, huge. */
  hostileString(): string {
    switch (this.int(0, 9)) {
      case 0:
        return '';
      case 1:
        return this.g(fc.string, { unit: 'grapheme', maxLength: 40 });
      case 2:
        return this.g(fc.string, { unit: 'binary', maxLength: 40 });
      case 3:
        return 'x'.repeat(this.pick([1_000, 10_000, 100_000, 300_000]));
      case 4:
        return this.pick([
          "' OR 1=1 --",
          '<script>alert(1)</script>',
          '${jndi:ldap://x}',
          '../../etc/passwd',
          '\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000',
          '        ',
          '__proto__',
          'constructor',
          '{"$gt":""}',
          '%00',
          '\ud800',
        ]);
      case 5:
        return this.g(fc.emailAddress);
      default:
        return this.g(fc.string, { maxLength: 30 });
    }
  }

  /** Any JSON value, sometimes nested deeply or wide. */
  anyJson(depth = 0): unknown {
    switch (this.int(0, depth > 3 ? 4 : 7)) {
      case 0:
        return null;
      case 1:
        return this.chance(0.5);
      case 2:
        return this.pick([0, -1, 1.5, 2 ** 53, -(2 ** 31), 1e308, Number.MAX_SAFE_INTEGER]);
      case 3:
      case 4:
        return this.hostileString();
      case 5:
        return Array.from({ length: this.int(0, 4) }, () => this.anyJson(depth + 1));
      default: {
        const object: Record<string, unknown> = {};
        for (let i = this.int(0, 4); i > 0; i--)
          object[this.hostileString().slice(0, 40)] = this.anyJson(depth + 1);
        return object;
      }
    }
  }
}

/** A JSON text nested `levels` deep, as objects or arrays. */
export const deeplyNested = (levels: number, array: boolean): string =>
  array ? '['.repeat(levels) + ']'.repeat(levels) : '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
