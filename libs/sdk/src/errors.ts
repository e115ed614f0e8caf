/** The texts of docs/requirements/rest-gateway.md, SDK client and Error texts, exactly. */
export const SdkMessages = {
  userIdUndetermined: 'Could not determine user ID from API key',
  notInitialized: 'Client not initialized. Call initialize() first.',
  apiKeyRequired: 'API key is required to create a user database',
  requestFailed: (status: number) => `API request failed: ${status}`,
} as const;

/**
 * A gateway call that answered with a non-OK status. `message` follows section 8: the body's `error` field, else
 * its `message` field, else 'API request failed: {status}'. The gateway's `{error, message}` bodies therefore
 * give the code as `message`; the human text is kept in `detail`.
 */
export class MemboltApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The body's `error` field (a stable code such as `validation_error`), when there was one. */
    readonly code: MemboltErrorCode | undefined,
    /** The body's `message` field (the human explanation), when there was one. */
    readonly detail: string | undefined,
  ) {
    super(message);
    this.name = 'MemboltApiError';
  }
}

/**
 * The error codes the gateway answers (the body's `error` field). Other codes may appear as the server grows, so a
 * `code` is typed as this union or any other string.
 */
export type MemboltErrorCode =
  | 'validation_error'
  | 'not_found'
  | 'route_not_found'
  | 'unauthorized'
  | 'forbidden'
  | 'conflict'
  | 'payload_too_large'
  | 'rate_limited'
  | 'service_unavailable'
  | 'internal_error'
  | 'missing_api_key'
  | 'invalid_api_key'
  | 'revoked_api_key'
  | 'subscription_invalid'
  | 'spend_cap_reached'
  | 'provider_auth_failed'
  | 'provider_quota_exceeded'
  | 'provider_model_not_found'
  | 'provider_unavailable'
  | 'provider_failed'
  | 'web_search_not_configured'
  | 'web_search_failed'
  | 'unsupported_file_type'
  | 'unreadable_file'
  | (string & {});

/**
 * The gateway refused the API key (401: `invalid_api_key`, `revoked_api_key`, or none sent). Always thrown,
 * never hidden by a section 7 fallback: an empty answer would look like an empty account.
 */
export class MemboltAuthError extends MemboltApiError {
  constructor(message: string, status: number, code: string | undefined, detail: string | undefined) {
    super(message, status, code, detail);
    this.name = 'MemboltAuthError';
  }
}

/** 400: the request is invalid (`validation_error`); nothing was changed. */
export class MemboltValidationError extends MemboltApiError {
  constructor(message: string, status: number, code: string | undefined, detail: string | undefined) {
    super(message, status, code, detail);
    this.name = 'MemboltValidationError';
  }
}

/** 402: the plan refuses the call (`subscription_invalid`, `spend_cap_reached`); `detail` says why. */
export class MemboltPaymentRequiredError extends MemboltApiError {
  constructor(message: string, status: number, code: string | undefined, detail: string | undefined) {
    super(message, status, code, detail);
    this.name = 'MemboltPaymentRequiredError';
  }
}

/** 403: the key may not do this (another user's path, a missing permission). */
export class MemboltForbiddenError extends MemboltApiError {
  constructor(message: string, status: number, code: string | undefined, detail: string | undefined) {
    super(message, status, code, detail);
    this.name = 'MemboltForbiddenError';
  }
}

/** 404: no such memory, upload, conversation, webhook or delivery in this account (or scope). */
export class MemboltNotFoundError extends MemboltApiError {
  constructor(message: string, status: number, code: string | undefined, detail: string | undefined) {
    super(message, status, code, detail);
    this.name = 'MemboltNotFoundError';
  }
}

/** 429: too many calls; wait `retryAfterSeconds` (from the Retry-After header, when sent) before the next. */
export class MemboltRateLimitError extends MemboltApiError {
  constructor(
    message: string,
    status: number,
    code: string | undefined,
    detail: string | undefined,
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(message, status, code, detail);
    this.name = 'MemboltRateLimitError';
  }
}

/** 5xx: the server failed; `correlationId` is the id to quote when reporting it. */
export class MemboltServerError extends MemboltApiError {
  constructor(
    message: string,
    status: number,
    code: string | undefined,
    detail: string | undefined,
    readonly correlationId: string | undefined,
  ) {
    super(message, status, code, detail);
    this.name = 'MemboltServerError';
  }
}

/**
 * True for a failure a section 7 fallback may stand in for: no answer (network, timeout) or a server error
 * (5xx). A 4xx is the gateway's definite answer to this request (bad key, refused plan, invalid input):
 * it is thrown, as any other call's.
 */
export function isFallbackFailure(error: unknown): boolean {
  return !(error instanceof MemboltApiError) || error.status >= 500;
}

const stringField = (body: unknown, field: string): string | undefined => {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/**
 * Section 8: the error of a non-OK answer, from its body text (parsed as JSON where possible): the subclass of
 * its status, so a caller can catch by type, and always a MemboltApiError carrying `status` and `code`.
 */
export function apiErrorOf(status: number, bodyText: string, retryAfter?: string | null): MemboltApiError {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  const code = stringField(body, 'error');
  const detail = stringField(body, 'message');
  const message = code ?? detail ?? SdkMessages.requestFailed(status);
  switch (status) {
    case 400:
      return new MemboltValidationError(message, status, code, detail);
    case 401:
      return new MemboltAuthError(message, status, code, detail);
    case 402:
      return new MemboltPaymentRequiredError(message, status, code, detail);
    case 403:
      return new MemboltForbiddenError(message, status, code, detail);
    case 404:
      return new MemboltNotFoundError(message, status, code, detail);
    case 429: {
      const seconds = retryAfter ? Number(retryAfter) : Number.NaN;
      return new MemboltRateLimitError(
        message,
        status,
        code,
        detail,
        Number.isFinite(seconds) ? seconds : undefined,
      );
    }
    default:
      return status >= 500
        ? new MemboltServerError(message, status, code, detail, stringField(body, 'correlationId'))
        : new MemboltApiError(message, status, code, detail);
  }
}
