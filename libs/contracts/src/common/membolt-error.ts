import {
  BillingErrorCode,
  ChatErrorCode,
  CommonErrorCode,
  type ErrorCode,
  IdentityErrorCode,
  IngestionErrorCode,
  KeysErrorCode,
  PrivacyErrorCode,
} from '../rules/error-codes.js';

/** The one error type that crosses service boundaries. Area classes narrow the code they may carry. */
export class MemboltError<C extends ErrorCode = ErrorCode> extends Error {
  constructor(
    readonly code: C,
    message: string,
    readonly correlationId?: string,
    /** Why a subscription check refused (code `subscription_invalid`): one of SUBSCRIPTION_REASONS. */
    readonly reason?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class CommonError extends MemboltError<CommonErrorCode> {}
export class BillingError extends MemboltError<BillingErrorCode> {}
export class IdentityError extends MemboltError<IdentityErrorCode> {}
export class KeysError extends MemboltError<KeysErrorCode> {}
export class ChatError extends MemboltError<ChatErrorCode> {}
export class IngestionError extends MemboltError<IngestionErrorCode> {}
export class PrivacyError extends MemboltError<PrivacyErrorCode> {}

export const serviceUnavailable = (service: string, correlationId?: string) =>
  new CommonError(
    CommonErrorCode.ServiceUnavailable,
    `The ${service} service is unavailable. Please try again shortly.`,
    correlationId,
  );
