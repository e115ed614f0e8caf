import { describe, expect, it } from '@jest/globals';
import { GraphqlErrorCode, IdentityErrorCode } from '../rules/error-codes.js';
import { GRAPHQL_CODE_BY_CODE } from './error-mapping.js';

describe('GRAPHQL_CODE_BY_CODE', () => {
  it('uses every GraphqlErrorCode member, so the enum the web app branches on lists exactly what it can receive', () => {
    expect(new Set(Object.values(GRAPHQL_CODE_BY_CODE))).toEqual(new Set(Object.values(GraphqlErrorCode)));
  });

  it('passes the identity codes the screens map to texts through unchanged (docs/requirements/web-app.md, Error texts)', () => {
    const screenCodes = [
      IdentityErrorCode.EmailAlreadyInUse,
      IdentityErrorCode.UserNotFound,
      IdentityErrorCode.WrongPassword,
      IdentityErrorCode.TooManyRequests,
      IdentityErrorCode.ResetTokenInvalid,
    ];
    for (const code of screenCodes) expect(GRAPHQL_CODE_BY_CODE[code]).toBe(code);
  });
});
