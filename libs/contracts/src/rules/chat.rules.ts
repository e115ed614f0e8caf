/**
 * Chat rules shared by the server and the web app (browser-safe: no class-validator, no Node imports).
 * docs/requirements/web-app.md, Entities and models, States, Error texts and Limits and constants; docs/requirements/rest-gateway.md, Shapes and Routes; docs/requirements/product-decisions.md "Chat, models
 * and memory".
 */
import { PRODUCT_NAME } from './product.rules.js';
import {
  DEFAULT_MODEL_ID,
  LLM_PROVIDER_IDS,
  type LlmProviderId,
  type SettingsModelId,
} from './models.rules.js';

/** The models of the chat screen's picker (docs/requirements/web-app.md, Limits and constants), the default model first. */
export const CHAT_MODEL_IDS = [
  DEFAULT_MODEL_ID,
  'gemini-2.5-pro-preview-03-25',
  'gemini-2.0-flash',
  'gpt-4.1',
  'gpt-4.1-mini',
] as const;
export type ChatModelId = (typeof CHAT_MODEL_IDS)[number];

/** Every model of the built-in catalogue: the chat list and the settings list (docs/requirements/web-app.md, Entities and models). */
export type CatalogueModelId = ChatModelId | SettingsModelId;

/** One model of the built-in catalogue. Prices are US dollars per million tokens (= micro-dollars a token). */
export interface CatalogueModel {
  readonly id: CatalogueModelId;
  readonly label: string;
  readonly provider: LlmProviderId;
  /** The provider's own model id, unless the operator maps the model to another (CHAT_MODEL_MAP). */
  readonly providerModel: string;
  /** Tokens the model reads at once (prompt + answer). */
  readonly contextWindow: number;
  /** Longest answer requested. */
  readonly maxOutputTokens: number;
  readonly inputPricePerMillion: number;
  readonly outputPricePerMillion: number;
}

/** The catalogue, in the order the screens list it: chat list first, then the rest of the settings list. */
export const MODEL_CATALOGUE: readonly CatalogueModel[] = [
  {
    id: 'claude-3-7-sonnet',
    label: 'Claude 3.7 Sonnet',
    provider: 'anthropic',
    providerModel: 'claude-3-7-sonnet-20250219',
    contextWindow: 200_000,
    maxOutputTokens: 4096,
    inputPricePerMillion: 3,
    outputPricePerMillion: 15,
  },
  {
    id: 'gemini-2.5-pro-preview-03-25',
    label: 'Gemini 2.5 Pro (preview)',
    provider: 'gemini',
    providerModel: 'gemini-2.5-pro-preview-03-25',
    contextWindow: 1_048_576,
    maxOutputTokens: 8192,
    inputPricePerMillion: 1.25,
    outputPricePerMillion: 10,
  },
  {
    id: 'gemini-2.0-flash',
    label: 'Gemini 2.0 Flash',
    provider: 'gemini',
    providerModel: 'gemini-2.0-flash',
    contextWindow: 1_048_576,
    maxOutputTokens: 8192,
    inputPricePerMillion: 0.1,
    outputPricePerMillion: 0.4,
  },
  {
    id: 'gpt-4.1',
    label: 'GPT-4.1',
    provider: 'openai',
    providerModel: 'gpt-4.1',
    contextWindow: 1_047_576,
    maxOutputTokens: 8192,
    inputPricePerMillion: 2,
    outputPricePerMillion: 8,
  },
  {
    id: 'gpt-4.1-mini',
    label: 'GPT-4.1 mini',
    provider: 'openai',
    providerModel: 'gpt-4.1-mini',
    contextWindow: 1_047_576,
    maxOutputTokens: 8192,
    inputPricePerMillion: 0.4,
    outputPricePerMillion: 1.6,
  },
  {
    id: 'claude-3-5-sonnet',
    label: 'Claude 3.5 Sonnet',
    provider: 'anthropic',
    providerModel: 'claude-3-5-sonnet-20241022',
    contextWindow: 200_000,
    maxOutputTokens: 4096,
    inputPricePerMillion: 3,
    outputPricePerMillion: 15,
  },
  {
    id: 'claude-3-haiku',
    label: 'Claude 3 Haiku',
    provider: 'anthropic',
    providerModel: 'claude-3-haiku-20240307',
    contextWindow: 200_000,
    maxOutputTokens: 4096,
    inputPricePerMillion: 0.25,
    outputPricePerMillion: 1.25,
  },
  {
    id: 'gpt-4o',
    label: 'GPT-4o',
    provider: 'openai',
    providerModel: 'gpt-4o',
    contextWindow: 128_000,
    maxOutputTokens: 4096,
    inputPricePerMillion: 2.5,
    outputPricePerMillion: 10,
  },
  {
    id: 'gpt-4',
    label: 'GPT-4',
    provider: 'openai',
    providerModel: 'gpt-4',
    contextWindow: 8192,
    maxOutputTokens: 2048,
    inputPricePerMillion: 30,
    outputPricePerMillion: 60,
  },
];

export const LLM_PROVIDER_LABELS: Readonly<Record<LlmProviderId, string>> = {
  anthropic: 'Anthropic',
  openai: 'OpenAI',
  gemini: 'Google Gemini',
  'openai-compatible': 'OpenAI-compatible server',
};

/** Roles of a chat message as stored and shown. `error` messages exist only on the screen. */
export const CHAT_ROLES = ['user', 'assistant', 'system'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

/** Chat Mode sends to the model; Search Mode searches the web first (docs/requirements/web-app.md, Entities and models). */
export const CHAT_MODES = ['chat', 'search'] as const;
export type ChatMode = (typeof CHAT_MODES)[number];

/** Who answered a turn: a language-model provider, or the built-in offline assistant. */
export const CHAT_RESPONDERS = [...LLM_PROVIDER_IDS, 'offline'] as const;
export type ChatResponder = (typeof CHAT_RESPONDERS)[number];

/** Web search providers an operator may configure. */
export const WEB_SEARCH_PROVIDER_IDS = ['brave', 'tavily', 'searxng'] as const;
export type WebSearchProviderId = (typeof WEB_SEARCH_PROVIDER_IDS)[number];

/** Longest chat message, in characters. */
export const CHAT_MESSAGE_MAX_LENGTH = 32_000;
/** Most history items a REST call may carry (a stored conversation supplies its own). */
export const CHAT_HISTORY_MAX_ITEMS = 200;
/** Longest catalogue model id (an operator's OpenAI-compatible model names included). */
export const CHAT_MODEL_ID_MAX_LENGTH = 200;
/** Memories retrieved for a turn. */
export const CHAT_MEMORIES_RETRIEVED = 10;
/** Conversations in one list page. */
export const CONVERSATION_LIST_DEFAULT_LIMIT = 20;
export const CONVERSATION_LIST_MAX_LIMIT = 100;
/** A conversation's title is its first message, cut to this many characters (editable afterwards). */
export const CONVERSATION_TITLE_FROM_MESSAGE_LENGTH = 60;
/** Web search: results by default (docs/requirements/rest-gateway.md, Limits) and at most. */
export const WEB_SEARCH_DEFAULT_RESULTS = 5;
export const WEB_SEARCH_MAX_RESULTS = 20;
export const WEB_SEARCH_QUERY_MAX_LENGTH = 400;
/** Longest text `chat.extract-facts.v1` reads at once (a file chunk). */
export const FACT_EXTRACTION_TEXT_MAX_LENGTH = 20_000;

/** Texts of the chat screen and the chat answers (docs/requirements/web-app.md, Entities and models and Error texts; docs/requirements/product-decisions.md). */
export const ChatMessages = {
  welcome: `Hi there! I'm ${PRODUCT_NAME}, your AI assistant with a memory. How can I help you today?`,
  cleared: 'Chat cleared. How can I help you with something new?',
  thinking: 'Thinking...',
  searchPlaceholder: 'Search the web...',
  sendFailed: 'Failed to process your message. Please try again or check your connection.',
  errorMessage: 'Sorry, there was an error processing your request. Please try again.',
  searchFailed: 'Failed to search the web. Please try again or check your connection.',
  searchFailedFor: (query: string, message: string) => `Failed to search for: ${query}. ${message}`,
  searchStatusFailed: (status: number) => `Search failed with status: ${status}`,
  messageRequired: 'message is required',
  messageTooLong: `message must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`,
  titleRequired: 'title is required',
  queryRequired: 'query is required',
  unknownModel: (model: string) => `Unknown model "${model}". Choose a model from the catalogue.`,
  conversationNotFound: 'Conversation not found',
  sharedConversationNotFound: 'This conversation is not shared, or its link was revoked.',
  conversationDeleted: 'Conversation deleted. The memories extracted from it were kept.',
  offlineNotice: 'No language model is configured, so I am answering from your memories only.',
  providerNotConfigured: (provider: string) =>
    `${provider} is not configured: add your own ${provider} key in Settings > API Keys, or ask the operator to configure it.`,
  noSummaryModel: 'No language model is configured to summarise the results.',
  webSearchNotConfigured:
    'Web search is not configured. The operator can set BRAVE_SEARCH_API_KEY, TAVILY_API_KEY or SEARXNG_URL.',
} as const;

export const isCatalogueModelId = (value: string): value is CatalogueModelId =>
  MODEL_CATALOGUE.some((model) => model.id === value);

/** The title a new conversation gets from its first message: one line, cut at a word near the limit. */
export function conversationTitleFrom(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  if (line.length <= CONVERSATION_TITLE_FROM_MESSAGE_LENGTH) return line || 'Conversation';
  const cut = line.slice(0, CONVERSATION_TITLE_FROM_MESSAGE_LENGTH);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > CONVERSATION_TITLE_FROM_MESSAGE_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
