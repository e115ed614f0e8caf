import { describe, expect, it } from '@jest/globals';
import { MemboltError } from '../common/membolt-error.js';
import { validatePayload } from '../common/validate-payload.js';
import { isMemoryCategoryName, MemoryMessages } from '../rules/memory.rules.js';
import { CreateMemoryCategoryRequest, customCategoryNameProblem } from './memory-categories.js';

const messageOf = (payload: unknown): string => {
  try {
    validatePayload(CreateMemoryCategoryRequest, payload);
  } catch (error) {
    if (error instanceof MemboltError) return error.message;
    throw error;
  }
  throw new Error('expected a validation error');
};

describe('custom memory categories: names and descriptions', () => {
  it.each(['travel', 'side-project', 'a_b', 'x1', 'a'.repeat(40)])('accepts the name %s', (name) => {
    expect(customCategoryNameProblem(name)).toBeNull();
  });

  it.each([
    ['Travel', MemoryMessages.categoryNameFormat],
    ['1travel', MemoryMessages.categoryNameFormat],
    ['my trips', MemoryMessages.categoryNameFormat],
    ['-x', MemoryMessages.categoryNameFormat],
    ['a'.repeat(41), MemoryMessages.categoryNameFormat],
    ['', MemoryMessages.categoryNameFormat],
    [42, MemoryMessages.categoryNameFormat],
    ['personal', MemoryMessages.categoryNameReserved('personal')],
    ['none', MemoryMessages.categoryNameReserved('none')],
  ])('refuses the name %p', (name, message) => {
    expect(customCategoryNameProblem(name)).toBe(message);
  });

  it('trims the description and refuses a blank or over-long one with one message', () => {
    expect(
      validatePayload(CreateMemoryCategoryRequest, { name: 'travel', description: '  Trips  ' }),
    ).toEqual({
      name: 'travel',
      description: 'Trips',
    });
    expect(messageOf({ name: 'travel' })).toBe(MemoryMessages.categoryDescriptionRequired);
    expect(messageOf({ name: 'travel', description: '   ' })).toBe(
      MemoryMessages.categoryDescriptionRequired,
    );
    expect(messageOf({ name: 'travel', description: 'x'.repeat(301) })).toBe(
      MemoryMessages.categoryDescriptionTooLong,
    );
  });

  it('a category value on a memory is a built-in name, none, or the shape of a custom one', () => {
    for (const value of ['work', 'none', 'travel']) expect(isMemoryCategoryName(value)).toBe(true);
    for (const value of ['Work', 'a b', '', null, 'x'.repeat(41)])
      expect(isMemoryCategoryName(value)).toBe(false);
  });
});
