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
  SubscriptionNotFound = 'subscription_not_found',
  /** The subscription check refused the call; the error carries the check's `reason`. */
  SubscriptionInvalid = 'subscription_invalid',
  /** The API key's monthly spend cap is used up. */
  SpendCapReached = 'spend_cap_reached',
  /** The payment provider refused or failed (checkout, webhook). */
  PaymentFailed = 'payment_failed',
}

/** Identity codes keep the names the spec's screens map to texts (docs/requirements/web-app.md, Error texts). */
export enum IdentityErrorCode {
  EmailAlreadyInUse = 'email-already-in-use',
  UserNotFound = 'user-not-found',
  WrongPassword = 'wrong-password',
  TooManyRequests = 'too-many-requests',
  InvalidSession = 'invalid-session',
  ResetTokenInvalid = 'reset-token-invalid',
  OidcNotConfigured = 'oidc-not-configured',
  OidcFailed = 'oidc-failed',
  /** A sensitive change needs a recent sign-in or the current password. */
  ReauthenticationRequired = 'reauthentication-required',
}

export enum KeysErrorCode {
  MissingApiKey = 'missing_api_key',
  InvalidApiKey = 'invalid_api_key',
  RevokedApiKey = 'revoked_api_key',
  ApiKeyNotFound = 'api_key_not_found',
  ApiKeyForeignUser = 'api_key_foreign_user',
  ApiKeyLimitReached = 'api_key_limit_reached',
}

/** Failures of the chat service: a language-model provider's answer mapped to a clear message, web search. */
export enum ChatErrorCode {
  /** The provider refused the key (the operator's or the user's own). */
  ProviderAuthFailed = 'provider_auth_failed',
  /** The provider's quota or rate limit, after the retries. */
  ProviderQuotaExceeded = 'provider_quota_exceeded',
  /** The provider does not know the model id it was sent. */
  ProviderModelNotFound = 'provider_model_not_found',
  /** The provider is overloaded or down (5xx after the retries, or no answer in time). */
  ProviderUnavailable = 'provider_unavailable',
  /** Any other refusal by the provider (a bad request, a content filter). */
  ProviderFailed = 'provider_failed',
  WebSearchNotConfigured = 'web_search_not_configured',
  WebSearchFailed = 'web_search_failed',
}

/** Uploads: a file whose content is not one of the accepted types. */
export enum IngestionErrorCode {
  UnsupportedFileType = 'unsupported_file_type',
  /** The file's type is accepted but its content cannot be read (encrypted, damaged, truncated, no text). */
  UnreadableFile = 'unreadable_file',
}

/** The write-time privacy policy refused a memory: it holds a kind of sensitive data set to `refuse`. */
export enum PrivacyErrorCode {
  SensitiveDataRefused = 'sensitive_data_refused',
}

export type ErrorCode =
  | CommonErrorCode
  | BillingErrorCode
  | IdentityErrorCode
  | KeysErrorCode
  | ChatErrorCode
  | IngestionErrorCode
  | PrivacyErrorCode;

const ALL_CODES = new Set<string>([
  ...Object.values(CommonErrorCode),
  ...Object.values(BillingErrorCode),
  ...Object.values(IdentityErrorCode),
  ...Object.values(KeysErrorCode),
  ...Object.values(ChatErrorCode),
  ...Object.values(IngestionErrorCode),
  ...Object.values(PrivacyErrorCode),
]);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && ALL_CODES.has(value);
}

/**
 * The `extensions.code` values a GraphQL client sees (see GRAPHQL_CODE_BY_CODE): the web app branches on
 * these members, never on string literals. Identity codes cross unchanged, because the screens map the
 * spec's own names to texts (docs/requirements/web-app.md, Error texts).
 */
export enum GraphqlErrorCode {
  BadUserInput = 'BAD_USER_INPUT',
  Unauthenticated = 'UNAUTHENTICATED',
  Forbidden = 'FORBIDDEN',
  NotFound = 'NOT_FOUND',
  Conflict = 'CONFLICT',
  PayloadTooLarge = 'PAYLOAD_TOO_LARGE',
  RateLimited = 'RATE_LIMITED',
  InternalServerError = 'INTERNAL_SERVER_ERROR',
  ServiceUnavailable = 'SERVICE_UNAVAILABLE',
  PlanNotFound = 'PLAN_NOT_FOUND',
  SubscriptionNotFound = 'SUBSCRIPTION_NOT_FOUND',
  SubscriptionInvalid = 'SUBSCRIPTION_INVALID',
  SpendCapReached = 'SPEND_CAP_REACHED',
  PaymentFailed = 'PAYMENT_FAILED',
  ApiKeyNotFound = 'API_KEY_NOT_FOUND',
  ApiKeyLimitReached = 'API_KEY_LIMIT_REACHED',
  UnsupportedFileType = 'UNSUPPORTED_FILE_TYPE',
  UnreadableFile = 'UNREADABLE_FILE',
  EmailAlreadyInUse = 'email-already-in-use',
  UserNotFound = 'user-not-found',
  WrongPassword = 'wrong-password',
  TooManyRequests = 'too-many-requests',
  ResetTokenInvalid = 'reset-token-invalid',
  OidcNotConfigured = 'oidc-not-configured',
  OidcFailed = 'oidc-failed',
  ReauthenticationRequired = 'reauthentication-required',
  /** A language-model provider refused or failed; the message says why (bad key, quota, model, overload). */
  ProviderError = 'PROVIDER_ERROR',
  WebSearchNotConfigured = 'WEB_SEARCH_NOT_CONFIGURED',
  WebSearchFailed = 'WEB_SEARCH_FAILED',
  SensitiveDataRefused = 'SENSITIVE_DATA_REFUSED',
}
