import { BillingErrorCode, CommonErrorCode, type ErrorCode, isErrorCode } from './error-codes.js';
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
