import { describe, expect, it } from '@jest/globals';
import {
  ChangePasswordRequest,
  CompletePasswordResetRequest,
  RefreshSessionRequest,
  SignInRequest,
  SignUpRequest,
  UpdateProfileRequest,
} from '../identity/identity.requests.js';
import {
  CreateApiKeyRequest,
  RevokeApiKeyRequest,
  UpdateApiKeyRequest,
  ValidateApiKeyRequest,
} from '../keys/keys.requests.js';
import {
  AccountMessages,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_RULES,
  passwordProblem,
} from '../rules/account.rules.js';
import { API_KEY_NAME_MAX_LENGTH, ApiKeyMessages } from '../rules/api-key.rules.js';
import { CommonErrorCode } from '../rules/error-codes.js';
import { MemboltError } from './membolt-error.js';
import { ENTITY_ID_MAX_LENGTH, OPAQUE_TOKEN_MAX_LENGTH } from './request-limits.js';
import { type PayloadContract, validatePayload } from './validate-payload.js';

type PayloadClass = PayloadContract;

function problemOf(cls: PayloadClass, raw: Record<string, unknown>): string {
  try {
    validatePayload(cls, raw);
  } catch (error) {
    if (error instanceof MemboltError && error.code === CommonErrorCode.ValidationError) return error.message;
    throw error;
  }
  throw new Error(`expected a refusal of ${JSON.stringify(raw)}`);
}

const signUp = (overrides: Record<string, unknown> = {}) => ({
  email: 'ada@example.com',
  password: 'analytical engine',
  name: 'Ada',
  ...overrides,
});

// The three places a user chooses a password, each with the rest of its payload valid.
const newPasswordFields: ReadonlyArray<
  [string, PayloadClass, (password: unknown) => Record<string, unknown>]
> = [
  ['sign-up', SignUpRequest, (password) => signUp({ password })],
  ['reset', CompletePasswordResetRequest, (newPassword) => ({ token: 't', newPassword })],
  ['change', ChangePasswordRequest, (newPassword) => ({ currentPassword: 'old one', newPassword })],
];

describe('a new password (account-fields newPassword)', () => {
  it.each(newPasswordFields)(
    'the %s password gives the shared texts, one problem at a time',
    (_, cls, body) => {
      expect(problemOf(cls, body(''))).toBe(AccountMessages.passwordRequired);
      expect(problemOf(cls, body('short'))).toBe(AccountMessages.passwordTooShort);
      expect(problemOf(cls, body('x'.repeat(PASSWORD_MAX_LENGTH + 1)))).toBe(AccountMessages.passwordTooLong);
      expect(problemOf(cls, body(12345678))).toBe(AccountMessages.passwordRequired);
      expect(() => validatePayload(cls, body('long enough'))).not.toThrow();
    },
  );

  it('enforces a rule added to PASSWORD_RULES, with its text, on the server as in the form', () => {
    const noProductName = (password: string) =>
      /membolt/i.test(password) ? 'Password cannot contain the product name' : null;
    (PASSWORD_RULES as Array<(password: string) => string | null>).push(noProductName);
    try {
      expect(passwordProblem('my Membolt secret')).toBe('Password cannot contain the product name');
      for (const [, cls, body] of newPasswordFields) {
        expect(problemOf(cls, body('my Membolt secret'))).toBe('Password cannot contain the product name');
      }
    } finally {
      (PASSWORD_RULES as Array<(password: string) => string | null>).pop();
    }
  });
});

describe('an account e-mail (account-fields accountEmail)', () => {
  it('trims and lower-cases the address before checking it', () => {
    expect(validatePayload(SignUpRequest, signUp({ email: '  Ada@Example.COM ' })).email).toBe(
      'ada@example.com',
    );
  });

  it('asks for a missing address and refuses a malformed one, with one text each', () => {
    expect(problemOf(SignUpRequest, signUp({ email: '' }))).toBe(AccountMessages.emailRequired);
    expect(problemOf(SignUpRequest, signUp({ email: 'not-an-email' }))).toBe(AccountMessages.emailInvalid);
  });

  it('signs in with the same normalisation, without revealing the sign-up rules', () => {
    const signIn = { email: ' Ada@Example.com', password: 'x', remember: false };
    expect(validatePayload(SignInRequest, signIn).email).toBe('ada@example.com');
    expect(problemOf(SignInRequest, { ...signIn, email: '' })).toBe(AccountMessages.signInFieldsRequired);
  });
});

describe('an account name (account-fields accountName)', () => {
  it('is trimmed, required and bounded on sign-up and on profile updates', () => {
    expect(validatePayload(SignUpRequest, signUp({ name: ' Ada ' })).name).toBe('Ada');
    expect(problemOf(SignUpRequest, signUp({ name: '   ' }))).toBe(AccountMessages.nameRequired);
    expect(problemOf(UpdateProfileRequest, { name: ' ' })).toBe(AccountMessages.nameRequired);
    expect(problemOf(UpdateProfileRequest, { name: 'x'.repeat(NAME_MAX_LENGTH + 1) })).toContain(
      `${NAME_MAX_LENGTH} characters`,
    );
    expect(validatePayload(UpdateProfileRequest, {})).toEqual({});
  });
});

describe('entity ids and opaque tokens (wire-schema issuedString)', () => {
  it('need a non-empty string within their bound', () => {
    expect(() =>
      validatePayload(RevokeApiKeyRequest, { keyId: 'k'.repeat(ENTITY_ID_MAX_LENGTH) }),
    ).not.toThrow();
    expect(problemOf(RevokeApiKeyRequest, { keyId: 'k'.repeat(ENTITY_ID_MAX_LENGTH + 1) })).toContain(
      'keyId',
    );
    expect(problemOf(RevokeApiKeyRequest, { keyId: '' })).toBe('keyId should not be empty');
    expect(problemOf(RevokeApiKeyRequest, { keyId: 7 })).toContain('keyId must be a string');
    expect(
      problemOf(RefreshSessionRequest, { refreshToken: 't'.repeat(OPAQUE_TOKEN_MAX_LENGTH + 1) }),
    ).toContain('refreshToken');
  });
});

describe('API key requests', () => {
  it('trim the name, require it with the screen text and bound it', () => {
    expect(validatePayload(CreateApiKeyRequest, { name: ' CI ' }).name).toBe('CI');
    expect(problemOf(CreateApiKeyRequest, { name: '  ' })).toBe(ApiKeyMessages.nameRequired);
    expect(problemOf(UpdateApiKeyRequest, { keyId: 'k', name: '' })).toBe(ApiKeyMessages.nameRequired);
    expect(problemOf(CreateApiKeyRequest, { name: 'x'.repeat(API_KEY_NAME_MAX_LENGTH + 1) })).toContain(
      'name',
    );
    expect(validatePayload(UpdateApiKeyRequest, { keyId: 'k' })).toEqual({ keyId: 'k' });
  });

  it('bound a presented key without judging its format (keys answers invalid_api_key for that)', () => {
    expect(() => validatePayload(ValidateApiKeyRequest, { key: 'not a key' })).not.toThrow();
    expect(problemOf(ValidateApiKeyRequest, { key: 'k'.repeat(129) })).toContain('key');
  });
});
