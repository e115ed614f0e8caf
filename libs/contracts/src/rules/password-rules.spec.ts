import { describe, expect, it } from '@jest/globals';
import { AccountMessages, passwordProblem } from './account.rules.js';

describe('passwordProblem', () => {
  it.each([
    ['', AccountMessages.passwordRequired],
    ['1234567', AccountMessages.passwordTooShort],
    ['😀'.repeat(7), AccountMessages.passwordTooShort],
    [' '.repeat(8), AccountMessages.passwordOnlySpaces],
    ['\u00a0'.repeat(8), AccountMessages.passwordOnlySpaces],
    ['\0'.repeat(8), AccountMessages.passwordControlCharacters],
    ['abcd\u007fefgh', AccountMessages.passwordControlCharacters],
    ['line one\u2028two', AccountMessages.passwordControlCharacters],
    ['x'.repeat(257), AccountMessages.passwordTooLong],
  ])('refuses %j', (password, message) => {
    expect(passwordProblem(password)).toBe(message);
  });

  it.each(['correct horse battery', ' spaces  inside ', 'ünïcødé pässwörd', '😀'.repeat(8)])(
    'accepts %j (the common-password list is checked by the server)',
    (password) => {
      expect(passwordProblem(password)).toBeNull();
    },
  );
});
