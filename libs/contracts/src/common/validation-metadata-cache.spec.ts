import { describe, expect, it } from '@jest/globals';
import { getMetadataStorage, IsInt, IsString, Max, MaxLength, registerDecorator } from 'class-validator';
import { MemboltError } from './membolt-error.js';
import { validatePayload } from './validate-payload.js';

class Parent {
  @IsString()
  @MaxLength(5)
  name!: string;
}

const messageOf = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof MemboltError) return error.message;
    throw error;
  }
  return 'valid';
};

describe('the validation metadata cache (decision 194)', () => {
  it("looks a class's rules up once, and groups them once", () => {
    const storage = getMetadataStorage();
    const first = storage.getTargetValidationMetadatas(Parent, '', false, false);
    const again = storage.getTargetValidationMetadatas(Parent, '', false, false);
    expect(again).toBe(first);
    expect(storage.groupByPropertyName(again)).toBe(storage.groupByPropertyName(first));
    expect(first.map((rule) => rule.propertyName)).toEqual(['name', 'name']);
  });

  it('keeps the answers a fresh lookup gives: a class defined after a validation has its own rules and its parents', () => {
    expect(messageOf(() => validatePayload(Parent, { name: 'too long' }))).toBe(
      'name must be shorter than or equal to 5 characters',
    );
    class Child extends Parent {
      @IsInt()
      @Max(3)
      count!: number;
    }
    expect(messageOf(() => validatePayload(Child, { name: 'ok', count: 4 }))).toBe(
      'count must not be greater than 3',
    );
    expect(messageOf(() => validatePayload(Child, { name: 'too long', count: 1 }))).toBe(
      'name must be shorter than or equal to 5 characters',
    );
    expect(messageOf(() => validatePayload(Parent, { name: 'ok' }))).toBe('valid');
  });

  it('applies a rule registered on a class after it was validated', () => {
    class Late {
      @IsString()
      word!: string;
    }
    expect(messageOf(() => validatePayload(Late, { word: 'lower' }))).toBe('valid');
    registerDecorator({
      name: 'isUpperCase',
      target: Late,
      propertyName: 'word',
      validator: { validate: (value: unknown) => typeof value === 'string' && value === value.toUpperCase() },
      options: { message: 'word must be in capitals' },
    });
    expect(messageOf(() => validatePayload(Late, { word: 'lower' }))).toBe('word must be in capitals');
  });
});
