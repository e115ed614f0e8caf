import {
  ChatError,
  ChatErrorCode,
  ChatMessages,
  CommonError,
  CommonErrorCode,
  LLM_PROVIDER_LABELS,
  type LlmProviderId,
} from '@membolt/contracts';

/** The only place the chat service builds its errors. */

const label = (provider: LlmProviderId) => LLM_PROVIDER_LABELS[provider];
const detail = (text: string | null) => (text ? ` (${text.slice(0, 300)})` : '');

export const unknownModel = (model: string): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, ChatMessages.unknownModel(model));

export const conversationNotFound = (): CommonError =>
  new CommonError(CommonErrorCode.NotFound, ChatMessages.conversationNotFound);

export const sharedConversationNotFound = (): CommonError =>
  new CommonError(CommonErrorCode.NotFound, ChatMessages.sharedConversationNotFound);

export const learningJobNotFound = (): CommonError =>
  new CommonError(CommonErrorCode.NotFound, 'Learning job not found');

export const providerKeyNotFound = (): CommonError =>
  new CommonError(CommonErrorCode.NotFound, 'Language model key not found.');

export const baseUrlRequired = (provider: string): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, `baseUrl is required for ${provider}.`);

export const providerAuthFailed = (provider: LlmProviderId, message: string | null): ChatError =>
  new ChatError(
    ChatErrorCode.ProviderAuthFailed,
    `${label(provider)} refused the API key${detail(message)}. Check the key in Settings > API Keys or the server configuration.`,
  );

export const providerQuotaExceeded = (provider: LlmProviderId, message: string | null): ChatError =>
  new ChatError(
    ChatErrorCode.ProviderQuotaExceeded,
    `${label(provider)} rate limit or quota exceeded${detail(message)}. Please try again later.`,
  );

export const providerModelNotFound = (provider: LlmProviderId, model: string): ChatError =>
  new ChatError(
    ChatErrorCode.ProviderModelNotFound,
    `${label(provider)} does not know the model "${model}".`,
  );

export const providerUnavailable = (provider: LlmProviderId, message: string | null): ChatError =>
  new ChatError(
    ChatErrorCode.ProviderUnavailable,
    `${label(provider)} is overloaded or unavailable right now${detail(message)}. Please try again shortly.`,
  );

export const providerFailed = (provider: LlmProviderId, message: string | null): ChatError =>
  new ChatError(ChatErrorCode.ProviderFailed, `${label(provider)} refused the request${detail(message)}.`);

export const webSearchNotConfigured = (): ChatError =>
  new ChatError(ChatErrorCode.WebSearchNotConfigured, ChatMessages.webSearchNotConfigured);

/** A search's summary asked of no model: the caller shows the formatted results instead (docs/requirements/web-app.md, Error texts). */
export const noSummaryModel = (): ChatError =>
  new ChatError(ChatErrorCode.WebSearchNotConfigured, ChatMessages.noSummaryModel);

export const webSearchFailed = (provider: string, status: number | null, message: string | null): ChatError =>
  new ChatError(
    ChatErrorCode.WebSearchFailed,
    status === null
      ? `The ${provider} web search could not be reached${detail(message)}.`
      : `${ChatMessages.searchStatusFailed(status)}${detail(message)}`,
  );
