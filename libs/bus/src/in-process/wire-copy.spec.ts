import { describe, expect, it } from '@jest/globals';
import { wireCopy } from './wire-copy.js';

/** The copy the bus made before: a JSON round trip, `undefined` passed through as it is. */
const viaJson = (value: unknown): unknown =>
  value === undefined ? value : (JSON.parse(JSON.stringify(value)) as unknown);

function expectSameAsJson(value: unknown): void {
  const expected = viaJson(value);
  const copied = wireCopy(value);
  expect(differenceOf(copied, expected)).toBeNull();
  expect(JSON.stringify(copied)).toBe(JSON.stringify(expected));
}

/**
 * Where two values differ, or null: the same prototypes, own keys (every one, in order, with their property
 * descriptors' flags) and leaves (`Object.is`, so -0 and 0 differ). Jest's equality reads an own
 * "constructor" field as the type, which a wire object may have.
 */
function differenceOf(actual: unknown, expected: unknown, path = '$'): string | null {
  if (actual === null || expected === null || typeof actual !== 'object' || typeof expected !== 'object') {
    return Object.is(actual, expected) ? null : `${path}: ${String(actual)} vs ${String(expected)}`;
  }
  if (Object.getPrototypeOf(actual) !== Object.getPrototypeOf(expected)) return `${path}: prototype`;
  const actualKeys = Reflect.ownKeys(actual);
  const expectedKeys = Reflect.ownKeys(expected);
  if (actualKeys.join() !== expectedKeys.join())
    return `${path}: keys ${actualKeys.join()} vs ${expectedKeys.join()}`;
  for (const key of expectedKeys) {
    const a = Object.getOwnPropertyDescriptor(actual, key)!;
    const e = Object.getOwnPropertyDescriptor(expected, key)!;
    if (a.enumerable !== e.enumerable || a.writable !== e.writable || a.configurable !== e.configurable) {
      return `${path}.${String(key)}: flags`;
    }
    const inner = differenceOf(a.value, e.value, `${path}.${String(key)}`);
    if (inner) return inner;
  }
  return null;
}

/** A seeded generator, so that a failure names a case that can be run again. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KEYS = ['id', 'text', '__proto__', '0', '10', '2', 'b', 'a', 'toJSON', 'constructor', 'é', ''];

function randomValue(next: () => number, depth: number): unknown {
  const pick = Math.floor(next() * (depth > 3 ? 14 : 18));
  switch (pick) {
    case 0:
      return null;
    case 1:
      return undefined;
    case 2:
      return next() < 0.5;
    case 3:
      return [0, -0, 1.5, -1e21, 1e-7, Number.MAX_VALUE, NaN, Infinity, -Infinity][Math.floor(next() * 9)];
    case 4:
      return Math.round(next() * 1e6) / 100;
    case 5:
      return ['', 'plain', 'quote " and \\ slash', 'line\nbreak\u2028', '\ud800 lone', 'émoji 😀', '\u0000'][
        Math.floor(next() * 7)
      ];
    case 6:
      return new Date(Math.floor(next() * 2e12));
    case 7:
      return new Date(NaN);
    case 8:
      return next() < 0.5 ? () => 1 : Object.assign(() => 1, { toJSON: () => 'function with toJSON' });
    case 9:
      return Symbol('s');
    case 10:
      return [new Number(3), new String('boxed'), new Boolean(false)][Math.floor(next() * 3)];
    case 11:
      return new Map([['a', 1]]);
    case 12:
      return { toJSON: (key: string) => ({ key, nested: new Date(0), dropped: undefined }) };
    case 13:
      return Buffer.from('hi');
    case 14:
    case 15: {
      const length = Math.floor(next() * 5);
      const array: unknown[] = new Array(length);
      // Holes stay holes: JSON writes them as null.
      for (let i = 0; i < length; i++) if (next() < 0.85) array[i] = randomValue(next, depth + 1);
      return array;
    }
    default: {
      const object: Record<string, unknown> = next() < 0.1 ? Object.create(null) : {};
      const fields = Math.floor(next() * 6);
      for (let i = 0; i < fields; i++) {
        const key = KEYS[Math.floor(next() * KEYS.length)]!;
        Object.defineProperty(object, key, {
          value: randomValue(next, depth + 1),
          enumerable: next() < 0.9,
          writable: true,
          configurable: true,
        });
      }
      if (next() < 0.1) Object.defineProperty(object, Symbol('hidden'), { value: 1, enumerable: true });
      return object;
    }
  }
}

describe('wireCopy', () => {
  it('answers what a JSON round trip answers, over 2,000 random values', () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const value = randomValue(random(seed), 0);
      let json: unknown;
      let jsonError: unknown;
      try {
        json = viaJson(value);
      } catch (error) {
        jsonError = error;
      }
      if (jsonError) {
        expect(() => wireCopy(value)).toThrow((jsonError as Error).constructor as typeof Error);
        continue;
      }
      try {
        expectSameAsJson(value);
      } catch (error) {
        throw new Error(`seed ${seed}: ${(error as Error).message}`, { cause: error });
      }
      expect(differenceOf(wireCopy(value), json)).toBeNull();
    }
  });

  it('copies a search answer field for field, sharing nothing with it', () => {
    const memory = {
      id: 'm1',
      text: 'The user likes tea',
      metadata: { tags: ['drink'], score: -0 },
      createdAt: new Date('2026-01-02T03:04:05.000Z'),
      expiresAt: undefined,
      embedding: null,
    };
    const answer = {
      results: [{ memory, score: 0.5, scores: { dense: 0.1, keyword: NaN } }],
      strategy: 'exact',
    };
    const copy = wireCopy(answer);

    expectSameAsJson(answer);
    expect(copy.results[0]!.memory).not.toBe(memory);
    expect(copy.results[0]!.memory.metadata).not.toBe(memory.metadata);
    expect(copy.results[0]!.memory.createdAt).toBe('2026-01-02T03:04:05.000Z');
    expect(Object.is(copy.results[0]!.memory.metadata.score, 0)).toBe(true);
    expect('expiresAt' in copy.results[0]!.memory).toBe(false);
  });

  it('keeps "__proto__" as an own field, as JSON.parse does, and leaves the prototype alone', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
    const copy = wireCopy(value);

    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'a']);
    expect((copy as { polluted?: boolean }).polluted).toBeUndefined();
    expectSameAsJson(value);
  });

  it('throws what JSON throws for a cycle and a BigInt, and answers what it answers at the top', () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    expect(() => wireCopy(cycle)).toThrow(TypeError);
    expect(() => wireCopy({ n: 1n })).toThrow(TypeError);
    expect(() => wireCopy(() => 1)).toThrow(SyntaxError);
    expect(wireCopy(undefined)).toBeUndefined();
    expect(wireCopy(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
    // One object twice is no cycle: JSON writes it twice.
    const shared = { x: 1 };
    expectSameAsJson({ a: shared, b: [shared, shared] });
  });

  it('calls toJSON with the key it is found under, as JSON does', () => {
    const keys: string[] = [];
    const tracked = { toJSON: (key: string) => (keys.push(key), key) };
    expect(wireCopy({ first: tracked, list: [tracked, tracked] })).toEqual({
      first: 'first',
      list: ['0', '1'],
    });
    expect(keys).toEqual(['first', '0', '1']);
  });
});
