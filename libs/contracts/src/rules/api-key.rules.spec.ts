import { describe, expect, it } from '@jest/globals';
import {
  API_KEY_DISPLAY_PREFIX_LENGTH,
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_KEY_RANDOM_LENGTH,
} from './api-key.rules.js';

const randomPart = (length: number) => 'aZ9'.repeat(length).slice(0, length);

describe('API_KEY_PATTERN', () => {
  it('accepts the prefix followed by exactly API_KEY_RANDOM_LENGTH letters or digits', () => {
    expect(API_KEY_PATTERN.test(API_KEY_PREFIX + randomPart(API_KEY_RANDOM_LENGTH))).toBe(true);
  });

  it.each([
    ['one character short', API_KEY_PREFIX + randomPart(API_KEY_RANDOM_LENGTH - 1)],
    ['one character long', API_KEY_PREFIX + randomPart(API_KEY_RANDOM_LENGTH + 1)],
    ['another prefix', 'mbl_x' + randomPart(API_KEY_RANDOM_LENGTH)],
    ['no prefix', randomPart(API_KEY_PREFIX.length + API_KEY_RANDOM_LENGTH)],
    ['a punctuation character', API_KEY_PREFIX + randomPart(API_KEY_RANDOM_LENGTH - 1) + '-'],
    ['a trailing newline', API_KEY_PREFIX + randomPart(API_KEY_RANDOM_LENGTH) + '\n'],
  ])('refuses a key with %s', (_case, candidate) => {
    expect(API_KEY_PATTERN.test(candidate)).toBe(false);
  });

  it('shows the whole prefix and some of the random part in lists', () => {
    expect(API_KEY_DISPLAY_PREFIX_LENGTH).toBeGreaterThan(API_KEY_PREFIX.length);
    expect(API_KEY_DISPLAY_PREFIX_LENGTH).toBeLessThan(API_KEY_PREFIX.length + API_KEY_RANDOM_LENGTH);
  });
});
