import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { CommonErrorCode } from '../rules/error-codes.js';
import { MemboltError } from './membolt-error.js';
import { validatePayload } from './validate-payload.js';
import { integerField, optional } from './wire-schema.js';

const SampleRequest = z.strictObject({
  name: z.string({ error: '$property must be a string' }),
  limit: optional(integerField(Number.MIN_SAFE_INTEGER, 10)),
});

const EmptyRequest = z.strictObject({});

function errorOf(fn: () => unknown): MemboltError {
  try {
    fn();
  } catch (error) {
    if (error instanceof MemboltError) return error;
    throw error;
  }
  throw new Error('expected a validation error');
}

describe('validatePayload', () => {
  it('refuses many unknown fields in one short message naming five of them', () => {
    const raw = { name: 'a', ...Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`u${i}`, 1])) };
    const error = errorOf(() => validatePayload(SampleRequest, raw));
    expect(error.code).toBe(CommonErrorCode.ValidationError);
    expect(error.message).toBe('u0, u1, u2, u3, u4 and 59995 more fields should not exist');
    expect(errorOf(() => validatePayload(EmptyRequest, raw)).message).toBe(
      'name, u0, u1, u2, u3 and 59996 more fields should not exist',
    );
  });

  it("reports a few unknown fields with the payload's other problems", () => {
    expect(errorOf(() => validatePayload(SampleRequest, { limit: 11, x: 1 })).message).toMatch(
      /x should not exist/,
    );
  });

  it('returns the parsed value for a valid payload', () => {
    const value = validatePayload(SampleRequest, { name: 'a', limit: 3 });
    expect(value).toEqual({ name: 'a', limit: 3 });
  });

  it('refuses a field named "constructor" at any depth', () => {
    for (const raw of [
      JSON.parse('{"name":"a","constructor":{"x":1}}') as unknown,
      JSON.parse('{"name":"a","meta":{"constructor":1}}') as unknown,
      JSON.parse('{"name":"a","list":[{"constructor":null}]}') as unknown,
    ]) {
      const error = errorOf(() => validatePayload(SampleRequest, raw));
      expect(error.code).toBe(CommonErrorCode.ValidationError);
      expect(error.message).toBe('"constructor" cannot be used as a field name.');
    }
  });

  it('rejects unknown fields by name', () => {
    const error = errorOf(() => validatePayload(SampleRequest, { name: 'a', admin: true }));
    expect(error.code).toBe(CommonErrorCode.ValidationError);
    expect(error.message).toBe('admin should not exist');
  });

  it('rejects wrong types without coercing them', () => {
    const error = errorOf(() => validatePayload(SampleRequest, { name: 5, limit: '3' }));
    expect(error.message).toContain('name must be a string');
    expect(error.message).toContain('limit must be an integer number');
  });

  it('rejects values that are not objects', () => {
    for (const raw of [null, 'text', 42, []]) {
      expect(errorOf(() => validatePayload(SampleRequest, raw)).message).toBe(
        'The request body must be a JSON object.',
      );
    }
  });

  it('accepts only an empty object for a schema without fields', () => {
    expect(validatePayload(EmptyRequest, {})).toEqual({});
    expect(validatePayload(EmptyRequest, undefined)).toEqual({});
    expect(errorOf(() => validatePayload(EmptyRequest, { x: 1 })).message).toBe('x should not exist');
  });

  it('takes only a zod object schema', () => {
    expect(() => validatePayload(z.string() as never, {})).toThrow(TypeError);
  });
});
