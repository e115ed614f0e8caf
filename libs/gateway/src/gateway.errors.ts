import { CommonError, CommonErrorCode, KeysError, KeysErrorCode } from '@membolt/contracts';

/** The only place the gateway builds its errors; the edge's filter turns them into `{error, message}` bodies. */
export const missingApiKey = (): KeysError =>
  new KeysError(KeysErrorCode.MissingApiKey, 'Missing X-API-Key header.');

export const invalidApiKey = (): KeysError => new KeysError(KeysErrorCode.InvalidApiKey, 'Invalid API key.');

export const revokedApiKey = (): KeysError =>
  new KeysError(KeysErrorCode.RevokedApiKey, 'This API key has been revoked.');

export const apiKeyOfAnotherUser = (): KeysError =>
  new KeysError(KeysErrorCode.ApiKeyForeignUser, 'This API key does not belong to this user.');

export const apiKeyNotTheHeaderKey = (): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, 'api_key must be the key sent in the X-API-Key header.');

export const rateLimited = (retryAfterSeconds: number): CommonError =>
  new CommonError(
    CommonErrorCode.RateLimited,
    `Too many requests. Please retry after ${retryAfterSeconds} seconds.`,
  );

export const docsNotEnabled = (): CommonError =>
  new CommonError(CommonErrorCode.NotFound, 'The API documentation is not enabled on this server.');

export const noSuchRoute = (method: string, path: string): CommonError =>
  new CommonError(CommonErrorCode.RouteNotFound, `No route matches ${method} ${path}`);
