import {
  BillingErrorCode,
  CommonErrorCode,
  type ErrorCode,
  GraphqlErrorCode,
  IdentityErrorCode,
  IngestionErrorCode,
  isErrorCode,
  KeysErrorCode,
} from '../rules/error-codes.js';
import { MemboltError } from './membolt-error.js';

/** REST status per code. `Record<ErrorCode, …>` makes the compiler reject a missing code. */
export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = {
  [CommonErrorCode.ValidationError]: 400,
  [CommonErrorCode.Unauthorized]: 401,
  [CommonErrorCode.Forbidden]: 403,
  [CommonErrorCode.NotFound]: 404,
  [CommonErrorCode.RouteNotFound]: 404,
  [CommonErrorCode.Conflict]: 409,
  [CommonErrorCode.PayloadTooLarge]: 413,
  [CommonErrorCode.RateLimited]: 429,
  [CommonErrorCode.InternalError]: 500,
  [CommonErrorCode.ServiceUnavailable]: 503,
  [BillingErrorCode.PlanNotFound]: 404,
  [BillingErrorCode.SubscriptionNotFound]: 404,
  [IdentityErrorCode.EmailAlreadyInUse]: 409,
  [IdentityErrorCode.UserNotFound]: 404,
  [IdentityErrorCode.WrongPassword]: 401,
  [IdentityErrorCode.TooManyRequests]: 429,
  [IdentityErrorCode.InvalidSession]: 401,
  [IdentityErrorCode.ResetTokenInvalid]: 400,
  [IdentityErrorCode.OidcNotConfigured]: 503,
  [IdentityErrorCode.OidcFailed]: 400,
  [IdentityErrorCode.ReauthenticationRequired]: 403,
  [KeysErrorCode.MissingApiKey]: 401,
  [KeysErrorCode.InvalidApiKey]: 401,
  [KeysErrorCode.RevokedApiKey]: 401,
  [KeysErrorCode.ApiKeyNotFound]: 404,
  [KeysErrorCode.ApiKeyForeignUser]: 403,
  [KeysErrorCode.ApiKeyLimitReached]: 409,
  [IngestionErrorCode.UnsupportedFileType]: 415,
  [IngestionErrorCode.UnreadableFile]: 422,
};

/** GraphQL `extensions.code` per code (GraphQL convention: upper snake case). */
export const GRAPHQL_CODE_BY_CODE: Record<ErrorCode, GraphqlErrorCode> = {
  [CommonErrorCode.ValidationError]: GraphqlErrorCode.BadUserInput,
  [CommonErrorCode.Unauthorized]: GraphqlErrorCode.Unauthenticated,
  [CommonErrorCode.Forbidden]: GraphqlErrorCode.Forbidden,
  [CommonErrorCode.NotFound]: GraphqlErrorCode.NotFound,
  [CommonErrorCode.RouteNotFound]: GraphqlErrorCode.NotFound,
  [CommonErrorCode.Conflict]: GraphqlErrorCode.Conflict,
  [CommonErrorCode.PayloadTooLarge]: GraphqlErrorCode.PayloadTooLarge,
  [CommonErrorCode.RateLimited]: GraphqlErrorCode.RateLimited,
  [CommonErrorCode.InternalError]: GraphqlErrorCode.InternalServerError,
  [CommonErrorCode.ServiceUnavailable]: GraphqlErrorCode.ServiceUnavailable,
  [BillingErrorCode.PlanNotFound]: GraphqlErrorCode.PlanNotFound,
  [BillingErrorCode.SubscriptionNotFound]: GraphqlErrorCode.SubscriptionNotFound,
  // The web app maps these spec names to the documented texts, so they cross GraphQL unchanged.
  [IdentityErrorCode.EmailAlreadyInUse]: GraphqlErrorCode.EmailAlreadyInUse,
  [IdentityErrorCode.UserNotFound]: GraphqlErrorCode.UserNotFound,
  [IdentityErrorCode.WrongPassword]: GraphqlErrorCode.WrongPassword,
  [IdentityErrorCode.TooManyRequests]: GraphqlErrorCode.TooManyRequests,
  [IdentityErrorCode.InvalidSession]: GraphqlErrorCode.Unauthenticated,
  [IdentityErrorCode.ResetTokenInvalid]: GraphqlErrorCode.ResetTokenInvalid,
  [IdentityErrorCode.OidcNotConfigured]: GraphqlErrorCode.OidcNotConfigured,
  [IdentityErrorCode.OidcFailed]: GraphqlErrorCode.OidcFailed,
  [IdentityErrorCode.ReauthenticationRequired]: GraphqlErrorCode.ReauthenticationRequired,
  [KeysErrorCode.MissingApiKey]: GraphqlErrorCode.Unauthenticated,
  [KeysErrorCode.InvalidApiKey]: GraphqlErrorCode.Unauthenticated,
  [KeysErrorCode.RevokedApiKey]: GraphqlErrorCode.Unauthenticated,
  [KeysErrorCode.ApiKeyNotFound]: GraphqlErrorCode.ApiKeyNotFound,
  [KeysErrorCode.ApiKeyForeignUser]: GraphqlErrorCode.Forbidden,
  [KeysErrorCode.ApiKeyLimitReached]: GraphqlErrorCode.ApiKeyLimitReached,
  [IngestionErrorCode.UnsupportedFileType]: GraphqlErrorCode.UnsupportedFileType,
  [IngestionErrorCode.UnreadableFile]: GraphqlErrorCode.UnreadableFile,
};

/** What a failed bus request carries back to the caller. */
export interface BusErrorPayload {
  readonly code: ErrorCode;
  readonly message: string;
  readonly correlationId?: string;
}

/** The REST error body of every edge. */
export interface RestErrorBody {
  readonly error: ErrorCode;
  readonly message: string;
  readonly correlationId?: string;
}

export const INTERNAL_ERROR_MESSAGE = 'An unexpected error occurred. Please try again later.';

export function toBusErrorPayload(error: MemboltError): BusErrorPayload {
  return { code: error.code, message: error.message, correlationId: error.correlationId };
}

export function isBusErrorPayload(value: unknown): value is BusErrorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return isErrorCode(candidate['code']) && typeof candidate['message'] === 'string';
}

export function fromBusErrorPayload(payload: BusErrorPayload): MemboltError {
  return new MemboltError(payload.code, payload.message, payload.correlationId);
}

export function toRestError(error: MemboltError): { status: number; body: RestErrorBody } {
  const body: RestErrorBody =
    error.code === CommonErrorCode.InternalError || error.code === CommonErrorCode.ServiceUnavailable
      ? { error: error.code, message: error.message, correlationId: error.correlationId }
      : { error: error.code, message: error.message };
  return { status: HTTP_STATUS_BY_CODE[error.code], body };
}
