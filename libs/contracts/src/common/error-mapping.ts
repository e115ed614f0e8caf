import { z } from 'zod';
import {
  BillingErrorCode,
  ChatErrorCode,
  CommonErrorCode,
  type ErrorCode,
  GraphqlErrorCode,
  IdentityErrorCode,
  IngestionErrorCode,
  isErrorCode,
  KeysErrorCode,
  PrivacyErrorCode,
} from '../rules/error-codes.js';
import { MemboltError } from './membolt-error.js';
import type { SubscriptionReason } from '../rules/billing.rules.js';

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
  [BillingErrorCode.SubscriptionInvalid]: 402,
  [BillingErrorCode.SpendCapReached]: 402,
  [BillingErrorCode.PaymentFailed]: 402,
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
  // A provider's failure is not the caller's: 502 (bad gateway), except quota (429) and overload (503).
  [ChatErrorCode.ProviderAuthFailed]: 502,
  [ChatErrorCode.ProviderQuotaExceeded]: 429,
  [ChatErrorCode.ProviderModelNotFound]: 502,
  [ChatErrorCode.ProviderUnavailable]: 503,
  [ChatErrorCode.ProviderFailed]: 502,
  [ChatErrorCode.WebSearchNotConfigured]: 503,
  [ChatErrorCode.WebSearchFailed]: 502,
  [IngestionErrorCode.UnsupportedFileType]: 415,
  [IngestionErrorCode.UnreadableFile]: 422,
  [PrivacyErrorCode.SensitiveDataRefused]: 400,
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
  [BillingErrorCode.SubscriptionInvalid]: GraphqlErrorCode.SubscriptionInvalid,
  [BillingErrorCode.SpendCapReached]: GraphqlErrorCode.SpendCapReached,
  [BillingErrorCode.PaymentFailed]: GraphqlErrorCode.PaymentFailed,
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
  [ChatErrorCode.ProviderAuthFailed]: GraphqlErrorCode.ProviderError,
  [ChatErrorCode.ProviderQuotaExceeded]: GraphqlErrorCode.ProviderError,
  [ChatErrorCode.ProviderModelNotFound]: GraphqlErrorCode.ProviderError,
  [ChatErrorCode.ProviderUnavailable]: GraphqlErrorCode.ProviderError,
  [ChatErrorCode.ProviderFailed]: GraphqlErrorCode.ProviderError,
  [ChatErrorCode.WebSearchNotConfigured]: GraphqlErrorCode.WebSearchNotConfigured,
  [ChatErrorCode.WebSearchFailed]: GraphqlErrorCode.WebSearchFailed,
  [IngestionErrorCode.UnsupportedFileType]: GraphqlErrorCode.UnsupportedFileType,
  [IngestionErrorCode.UnreadableFile]: GraphqlErrorCode.UnreadableFile,
  [PrivacyErrorCode.SensitiveDataRefused]: GraphqlErrorCode.SensitiveDataRefused,
};

/** What a failed bus request carries back to the caller. */
export interface BusErrorPayload {
  readonly code: ErrorCode;
  readonly message: string;
  readonly correlationId?: string;
  /** The subscription check's reason when the code is `subscription_invalid`. */
  readonly reason?: string;
}

/** The REST error body of every edge (its field names as sent: `correlationId` is camelCase). */
export const RestErrorBody = z
  .object({
    error: z.string().meta({ description: 'A stable error code.', rest: { example: 'invalid_api_key' } }),
    message: z.string().meta({ rest: { example: 'Invalid API key.' } }),
    correlationId: z
      .string()
      .optional()
      .meta({ description: 'Only on 500 and 503: quote it when reporting the problem.' }),
  })
  .readonly();
/**
 * The body's type: `error` is the code, or the subscription check's reason on a 402 `subscription_invalid` (the
 * document shows a string, the codes being more than a client should switch on exhaustively).
 */
export type RestErrorBody = Omit<z.output<typeof RestErrorBody>, 'error'> & {
  readonly error: ErrorCode | SubscriptionReason;
};

export const INTERNAL_ERROR_MESSAGE = 'An unexpected error occurred. Please try again later.';
/** What a browser call without a valid session is told (BFF and metered edges). */
export const SIGN_IN_REQUIRED_MESSAGE = 'Please sign in to continue.';

export function toBusErrorPayload(error: MemboltError): BusErrorPayload {
  return {
    code: error.code,
    message: error.message,
    correlationId: error.correlationId,
    ...(error.reason ? { reason: error.reason } : {}),
  };
}

export function isBusErrorPayload(value: unknown): value is BusErrorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return isErrorCode(candidate['code']) && typeof candidate['message'] === 'string';
}

export function fromBusErrorPayload(payload: BusErrorPayload): MemboltError {
  return new MemboltError(payload.code, payload.message, payload.correlationId, payload.reason);
}

export function toRestError(error: MemboltError): { status: number; body: RestErrorBody } {
  // A refused subscription answers 402 with the check's reason as the error (the spec's five reasons).
  if (error.code === BillingErrorCode.SubscriptionInvalid && error.reason)
    return {
      status: HTTP_STATUS_BY_CODE[error.code],
      body: { error: error.reason as SubscriptionReason, message: error.message },
    };
  const body: RestErrorBody =
    error.code === CommonErrorCode.InternalError || error.code === CommonErrorCode.ServiceUnavailable
      ? { error: error.code, message: error.message, correlationId: error.correlationId }
      : { error: error.code, message: error.message };
  return { status: HTTP_STATUS_BY_CODE[error.code], body };
}
