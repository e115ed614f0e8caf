import { describe, expect, it } from '@jest/globals';
import {
  AccountMessages,
  EMAIL_MAX_LENGTH,
  emailProblem,
  isTheme,
  nameProblem,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
} from './account.rules.js';

describe('passwordProblem', () => {
  it('reports the first failing rule with the screen texts', () => {
    expect(passwordProblem('')).toBe(AccountMessages.passwordRequired);
    expect(passwordProblem('x'.repeat(PASSWORD_MIN_LENGTH - 1))).toBe(AccountMessages.passwordTooShort);
    expect(passwordProblem('x'.repeat(PASSWORD_MAX_LENGTH + 1))).toBe(AccountMessages.passwordTooLong);
  });

  it('accepts the bounds themselves', () => {
    expect(passwordProblem('x'.repeat(PASSWORD_MIN_LENGTH))).toBeNull();
    expect(passwordProblem('x'.repeat(PASSWORD_MAX_LENGTH))).toBeNull();
  });

  it('says the spec sentence for the minimum, built from the constant', () => {
    expect(AccountMessages.passwordTooShort).toBe('Password must be at least 8 characters long');
  });
});

describe('emailProblem', () => {
  it.each(['ada', 'ada@example', '@example.com', 'ada @example.com', 'ada@ex ample.com'])(
    'refuses %p as invalid',
    (email) => {
      expect(emailProblem(email)).toBe(AccountMessages.emailInvalid);
    },
  );

  it('asks for an address when there is none, ignoring spaces', () => {
    expect(emailProblem('')).toBe(AccountMessages.emailRequired);
    expect(emailProblem('   ')).toBe(AccountMessages.emailRequired);
  });

  it('accepts a trimmed address up to the maximum length and refuses a longer one', () => {
    const atMaximum = `${'a'.repeat(EMAIL_MAX_LENGTH - '@example.com'.length)}@example.com`;
    expect(emailProblem(` ${atMaximum} `)).toBeNull();
    expect(emailProblem(`a${atMaximum}`)).toBe(AccountMessages.emailInvalid);
  });
});

describe('nameProblem and isTheme', () => {
  it('needs a name with something besides spaces', () => {
    expect(nameProblem('  ')).toBe(AccountMessages.nameRequired);
    expect(nameProblem(' Ada ')).toBeNull();
  });

  it('knows the two themes and nothing else', () => {
    expect(['light', 'dark', 'sepia', undefined].map(isTheme)).toEqual([true, true, false, false]);
  });
});
