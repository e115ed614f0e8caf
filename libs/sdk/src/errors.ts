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
    readonly code: string | undefined,
    /** The body's `message` field (the human explanation), when there was one. */
    readonly detail: string | undefined,
  ) {
    super(message);
    this.name = 'MemboltApiError';
  }
}

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

/** Section 8: the error of a non-OK answer, from its body text (parsed as JSON where possible). */
export function apiErrorOf(status: number, bodyText: string): MemboltApiError {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  const code = stringField(body, 'error');
  const detail = stringField(body, 'message');
  const message = code ?? detail ?? SdkMessages.requestFailed(status);
  return status === 401
    ? new MemboltAuthError(message, status, code, detail)
    : new MemboltApiError(message, status, code, detail);
}
