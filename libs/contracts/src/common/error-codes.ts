/**
 * Error codes, one string enum per area. The union `ErrorCode` is what crosses every transport;
 * each transport maps it exhaustively (see error-mapping.ts), so adding a code without a mapping
 * does not compile.
 */
export enum CommonErrorCode {
  ValidationError = 'validation_error',
  NotFound = 'not_found',
  RouteNotFound = 'route_not_found',
  Unauthorized = 'unauthorized',
  Forbidden = 'forbidden',
  Conflict = 'conflict',
  PayloadTooLarge = 'payload_too_large',
  RateLimited = 'rate_limited',
  ServiceUnavailable = 'service_unavailable',
  InternalError = 'internal_error',
}

export enum BillingErrorCode {
  PlanNotFound = 'plan_not_found',
}

export type ErrorCode = CommonErrorCode | BillingErrorCode;

const ALL_CODES = new Set<string>([...Object.values(CommonErrorCode), ...Object.values(BillingErrorCode)]);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && ALL_CODES.has(value);
}
