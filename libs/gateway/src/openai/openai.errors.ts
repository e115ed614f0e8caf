import {
  BillingErrorCode,
  ChatErrorCode,
  CommonError,
  CommonErrorCode,
  type ErrorCode,
  IdentityErrorCode,
  IngestionErrorCode,
  KeysErrorCode,
  type MemboltError,
  PrivacyErrorCode,
  toRestError,
} from '@membolt/contracts';

/** The `type` of an error body in OpenAI's shape; the status decides which class the `openai` client throws. */
type OpenAiErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'rate_limit_error'
  | 'insufficient_quota'
  | 'server_error';

/** `{error: {message, type, param, code}}`: what OpenAI answers and its clients read. */
export interface OpenAiErrorBody {
  readonly error: {
    readonly message: string;
    readonly type: OpenAiErrorType;
    readonly param: string | null;
    readonly code: string | null;
  };
}

/** Each code's OpenAI `type`. `Record<ErrorCode, …>`: a new code without one does not compile. */
const OPENAI_TYPE_BY_CODE: Record<ErrorCode, OpenAiErrorType> = {
  [CommonErrorCode.ValidationError]: 'invalid_request_error',
  [CommonErrorCode.NotFound]: 'invalid_request_error',
  [CommonErrorCode.RouteNotFound]: 'invalid_request_error',
  [CommonErrorCode.Unauthorized]: 'authentication_error',
  [CommonErrorCode.Forbidden]: 'permission_error',
  [CommonErrorCode.Conflict]: 'invalid_request_error',
  [CommonErrorCode.PayloadTooLarge]: 'invalid_request_error',
  [CommonErrorCode.RateLimited]: 'rate_limit_error',
  [CommonErrorCode.InternalError]: 'server_error',
  [CommonErrorCode.ServiceUnavailable]: 'server_error',
  [BillingErrorCode.PlanNotFound]: 'invalid_request_error',
  [BillingErrorCode.SubscriptionNotFound]: 'insufficient_quota',
  [BillingErrorCode.SubscriptionInvalid]: 'insufficient_quota',
  [BillingErrorCode.SpendCapReached]: 'insufficient_quota',
  [BillingErrorCode.PaymentFailed]: 'insufficient_quota',
  [IdentityErrorCode.EmailAlreadyInUse]: 'invalid_request_error',
  [IdentityErrorCode.UserNotFound]: 'invalid_request_error',
  [IdentityErrorCode.WrongPassword]: 'authentication_error',
  [IdentityErrorCode.TooManyRequests]: 'rate_limit_error',
  [IdentityErrorCode.InvalidSession]: 'authentication_error',
  [IdentityErrorCode.ResetTokenInvalid]: 'invalid_request_error',
  [IdentityErrorCode.OidcNotConfigured]: 'server_error',
  [IdentityErrorCode.OidcFailed]: 'invalid_request_error',
  [IdentityErrorCode.ReauthenticationRequired]: 'permission_error',
  [KeysErrorCode.MissingApiKey]: 'authentication_error',
  [KeysErrorCode.InvalidApiKey]: 'authentication_error',
  [KeysErrorCode.RevokedApiKey]: 'authentication_error',
  [KeysErrorCode.ApiKeyNotFound]: 'invalid_request_error',
  [KeysErrorCode.ApiKeyForeignUser]: 'permission_error',
  [KeysErrorCode.ApiKeyLimitReached]: 'invalid_request_error',
  [ChatErrorCode.ProviderAuthFailed]: 'server_error',
  [ChatErrorCode.ProviderQuotaExceeded]: 'rate_limit_error',
  [ChatErrorCode.ProviderModelNotFound]: 'server_error',
  [ChatErrorCode.ProviderUnavailable]: 'server_error',
  [ChatErrorCode.ProviderFailed]: 'server_error',
  [ChatErrorCode.WebSearchNotConfigured]: 'server_error',
  [ChatErrorCode.WebSearchFailed]: 'server_error',
  [IngestionErrorCode.UnsupportedFileType]: 'invalid_request_error',
  [IngestionErrorCode.UnreadableFile]: 'invalid_request_error',
  [PrivacyErrorCode.SensitiveDataRefused]: 'invalid_request_error',
};

/** A refused request that names its field (`param`) and, where OpenAI has one, OpenAI's own code. */
export class OpenAiRequestError extends CommonError {
  constructor(
    code: CommonErrorCode.ValidationError | CommonErrorCode.NotFound,
    message: string,
    readonly param: string | null,
    readonly openAiCode: string | null = null,
  ) {
    super(code, message);
  }
}

/**
 * Any Membolt error in OpenAI's shape, with the status the REST API gives it. `code` is Membolt's error code
 * (`invalid_api_key`, `rate_limited`, `provider_unavailable`…), on a 402 the subscription check's reason, or
 * OpenAI's own code where the request broke one of OpenAI's rules (`model_not_found`).
 */
export function toOpenAiError(error: MemboltError): { status: number; body: OpenAiErrorBody } {
  const { status, body } = toRestError(error);
  const param = error instanceof OpenAiRequestError ? error.param : null;
  const code = error instanceof OpenAiRequestError && error.openAiCode ? error.openAiCode : body.error;
  return {
    status,
    body: { error: { message: error.message, type: OPENAI_TYPE_BY_CODE[error.code], param, code } },
  };
}

// The only place the OpenAI-compatible routes build their own errors.

export const modelNotFound = (model: string): OpenAiRequestError =>
  new OpenAiRequestError(
    CommonErrorCode.NotFound,
    `The model \`${model}\` does not exist. GET /v1/models lists the models of this server.`,
    'model',
    'model_not_found',
  );

export const lastMessageNotFromUser = (): OpenAiRequestError =>
  new OpenAiRequestError(
    CommonErrorCode.ValidationError,
    'The last message must be a user message: it is the one answered.',
    'messages',
  );

export const invalidMessage = (index: number, problem: string): OpenAiRequestError =>
  new OpenAiRequestError(
    CommonErrorCode.ValidationError,
    `messages[${index}]: ${problem}`,
    `messages[${index}]`,
  );

export const unsupportedParameter = (param: string, problem: string): OpenAiRequestError =>
  new OpenAiRequestError(CommonErrorCode.ValidationError, `${param}: ${problem}`, param);

export const instructionsTooLong = (max: number): OpenAiRequestError =>
  new OpenAiRequestError(
    CommonErrorCode.ValidationError,
    `The system and developer messages may hold at most ${max} characters together.`,
    'messages',
  );
