import {
  BillingErrorCode,
  CommonErrorCode,
  type ErrorCode,
  IdentityErrorCode,
  isErrorCode,
  KeysErrorCode,
} from './error-codes.js';
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
  [KeysErrorCode.MissingApiKey]: 401,
  [KeysErrorCode.InvalidApiKey]: 401,
  [KeysErrorCode.RevokedApiKey]: 401,
  [KeysErrorCode.ApiKeyNotFound]: 404,
  [KeysErrorCode.ApiKeyForeignUser]: 403,
  [KeysErrorCode.ApiKeyLimitReached]: 409,
};

/** GraphQL `extensions.code` per code (GraphQL convention: upper snake case). */
export const GRAPHQL_CODE_BY_CODE: Record<ErrorCode, string> = {
  [CommonErrorCode.ValidationError]: 'BAD_USER_INPUT',
  [CommonErrorCode.Unauthorized]: 'UNAUTHENTICATED',
  [CommonErrorCode.Forbidden]: 'FORBIDDEN',
  [CommonErrorCode.NotFound]: 'NOT_FOUND',
  [CommonErrorCode.RouteNotFound]: 'NOT_FOUND',
  [CommonErrorCode.Conflict]: 'CONFLICT',
  [CommonErrorCode.PayloadTooLarge]: 'PAYLOAD_TOO_LARGE',
  [CommonErrorCode.RateLimited]: 'RATE_LIMITED',
  [CommonErrorCode.InternalError]: 'INTERNAL_SERVER_ERROR',
  [CommonErrorCode.ServiceUnavailable]: 'SERVICE_UNAVAILABLE',
  [BillingErrorCode.PlanNotFound]: 'PLAN_NOT_FOUND',
  [BillingErrorCode.SubscriptionNotFound]: 'SUBSCRIPTION_NOT_FOUND',
  // The web app maps these spec names to the documented texts, so they cross GraphQL unchanged.
  [IdentityErrorCode.EmailAlreadyInUse]: 'email-already-in-use',
  [IdentityErrorCode.UserNotFound]: 'user-not-found',
  [IdentityErrorCode.WrongPassword]: 'wrong-password',
  [IdentityErrorCode.TooManyRequests]: 'too-many-requests',
  [IdentityErrorCode.InvalidSession]: 'UNAUTHENTICATED',
  [IdentityErrorCode.ResetTokenInvalid]: 'reset-token-invalid',
  [IdentityErrorCode.OidcNotConfigured]: 'oidc-not-configured',
  [IdentityErrorCode.OidcFailed]: 'oidc-failed',
  [KeysErrorCode.MissingApiKey]: 'UNAUTHENTICATED',
  [KeysErrorCode.InvalidApiKey]: 'UNAUTHENTICATED',
  [KeysErrorCode.RevokedApiKey]: 'UNAUTHENTICATED',
  [KeysErrorCode.ApiKeyNotFound]: 'API_KEY_NOT_FOUND',
  [KeysErrorCode.ApiKeyForeignUser]: 'FORBIDDEN',
  [KeysErrorCode.ApiKeyLimitReached]: 'API_KEY_LIMIT_REACHED',
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
