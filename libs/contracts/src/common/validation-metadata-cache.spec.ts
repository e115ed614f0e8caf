import { describe, expect, it } from '@jest/globals';
import { getMetadataStorage, IsInt, IsString, MaxLength } from 'class-validator';
import { MemboltError } from './membolt-error.js';
import { validatePayload } from './validate-payload.js';
import { memoiseValidationMetadata } from './validation-metadata-cache.js';

class Parent {
  @IsString()
  name!: string;
}

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof MemboltError) return error.message;
    throw error;
  }
  throw new Error('expected a validation error');
}

describe('memoiseValidationMetadata', () => {
  it('answers a class’s rules from the memo after the first lookup', () => {
    const storage = getMetadataStorage();
    const first = storage.getTargetValidationMetadatas(Parent, '', true, false);
    expect(first.map((rule) => rule.propertyName)).toEqual(['name']);
    // The same array: no second walk over every registered class.
    expect(storage.getTargetValidationMetadatas(Parent, '', true, false)).toBe(first);
    // Other options are looked up on their own.
    expect(storage.getTargetValidationMetadatas(Parent, '', false, true, ['g'])).not.toBe(first);
    // And their grouping by field.
    const byField = storage.groupByPropertyName(first);
    expect(Object.keys(byField)).toEqual(['name']);
    expect(storage.groupByPropertyName(first)).toBe(byField);
  });

  it('is installed once per storage however often it is asked', () => {
    const storage = getMetadataStorage();
    const lookup = storage.getTargetValidationMetadatas;
    memoiseValidationMetadata(storage);
    expect(storage.getTargetValidationMetadatas).toBe(lookup);
  });

  it('sees a rule registered after a class was validated', () => {
    class Later {
      @IsString()
      title!: string;
    }
    expect(validatePayload(Later, { title: 'x'.repeat(20) })).toEqual({ title: 'x'.repeat(20) });
    MaxLength(5)(Later.prototype, 'title');
    expect(messageOf(() => validatePayload(Later, { title: 'x'.repeat(20) }))).toMatch(
      /title must be shorter than or equal to 5 characters/,
    );
  });

  it('gives a subclass defined after its parent was validated the parent’s rules and its own', () => {
    expect(validatePayload(Parent, { name: 'a' })).toEqual({ name: 'a' });
    class Child extends Parent {
      @IsInt()
      age!: number;
    }
    const message = messageOf(() => validatePayload(Child, { name: 1, age: 'old' }));
    expect(message).toMatch(/name must be a string/);
    expect(message).toMatch(/age must be an integer number/);
    expect(validatePayload(Parent, { name: 'b' })).toEqual({ name: 'b' });
    expect(messageOf(() => validatePayload(Parent, { name: 'b', age: 3 }))).toMatch(/age should not exist/);
  });
});
