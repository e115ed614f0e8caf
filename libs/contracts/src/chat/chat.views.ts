import type {
  CatalogueModel,
  ChatMode,
  ChatResponder,
  ChatRole,
  WebSearchProviderId,
} from '../rules/chat.rules.js';
import type { MemoryCategory, MemorySource } from '../rules/memory.rules.js';
import type { SpecialCategoryKind } from '../rules/privacy.rules.js';
import type { LlmProviderId } from '../rules/models.rules.js';
import type { MemoryView } from '../memory/memory.views.js';

/** Where a usable model's provider comes from: the operator's configuration or the user's own key. */
export const MODEL_PROVIDER_SOURCES = ['operator', 'user'] as const;
export type ModelProviderSource = (typeof MODEL_PROVIDER_SOURCES)[number];

/** One model of the catalogue as the acting user sees it. */
export interface ChatModelView {
  readonly id: string;
  readonly label: string;
  readonly provider: LlmProviderId;
  /** In the chat screen's picker (docs/requirements/web-app.md, Limits and constants); the rest are the settings list. */
  readonly inChatList: boolean;
  /** In the settings screen's Default AI Model list. */
  readonly inSettingsList: boolean;
  readonly isDefault: boolean;
  /** Its provider is configured (by the operator or the user's own key). */
  readonly available: boolean;
  /** Why it is not available (shown beside the disabled entry); null when available. */
  readonly unavailableReason: string | null;
  readonly providerSource: ModelProviderSource | null;
  readonly contextWindow: number;
}

export interface ChatModelListView {
  readonly models: readonly ChatModelView[];
  readonly defaultModelId: string;
  /** No provider at all is configured: every answer comes from the offline assistant. */
  readonly offline: boolean;
}

/** A memory the turn retrieved (and, when `used`, put into the prompt). */
export interface ChatMemoryView {
  readonly id: string;
  readonly text: string;
  readonly importance: number;
  readonly category: MemoryCategory | null;
  readonly source: MemorySource;
  readonly createdAt: string;
  readonly score: number;
  readonly used: boolean;
}

export interface ChatUsageView {
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** Estimated from the catalogue's prices, in millionths of a US dollar; 0 for the offline assistant. */
  readonly costMicroUsd: number;
}

/** The answer of one exchange (REST maps it to text, memories_used, memories_retrieved, conversation_id). */
export interface ChatTurnView {
  readonly conversationId: string;
  readonly conversationTitle: string;
  /** This call started the conversation (no id and no history): billing counts it. */
  readonly startedConversation: boolean;
  readonly userMessageId: string;
  readonly assistantMessageId: string;
  readonly text: string;
  /** Catalogue model id asked for. */
  readonly model: string;
  readonly responder: ChatResponder;
  /** Answered by the offline assistant (no provider configured for the model). */
  readonly offline: boolean;
  /** Memories put into the prompt. */
  readonly memoriesUsed: number;
  readonly memoriesRetrieved: readonly ChatMemoryView[];
  readonly usage: ChatUsageView;
  /** The durable job that extracts facts from this exchange (null when none was queued). */
  readonly extractionJobId: string | null;
  readonly createdAt: string;
}

/**
 * One chunk of `chat.turns.stream.v1`: `start` once (the conversation and the retrieved memories), then
 * `token`s, then `done` with the whole turn. A failure ends the stream with the bus error instead of `done`.
 */
export type ChatStreamChunk =
  | {
      readonly type: 'start';
      readonly conversationId: string;
      readonly conversationTitle: string;
      readonly model: string;
      readonly responder: ChatResponder;
      readonly memoriesRetrieved: readonly ChatMemoryView[];
    }
  | { readonly type: 'token'; readonly text: string }
  | { readonly type: 'done'; readonly turn: ChatTurnView };

/** A stored message of a conversation. */
export interface ChatMessageView {
  readonly id: string;
  readonly role: ChatRole;
  readonly content: string;
  readonly createdAt: string;
  /** Assistant messages: the model asked for and who answered. */
  readonly model: string | null;
  readonly responder: ChatResponder | null;
  /** Assistant messages: the memories used (the screen's chips). */
  readonly memories: readonly ChatMessageMemoryView[];
  readonly mode: ChatMode;
}

/** A memory as it was when a message used it (the memory itself may have changed or gone since). */
export interface ChatMessageMemoryView {
  readonly id: string;
  readonly text: string;
  readonly importance: number;
  readonly category: MemoryCategory | null;
  readonly source: MemorySource;
}

export interface ConversationSummaryView {
  readonly id: string;
  readonly title: string;
  /** The newest message's text, cut to a preview. */
  readonly preview: string;
  readonly model: string | null;
  readonly messageCount: number;
  /** The open memories the conversation taught (stored from it), as the memory service counts them. */
  readonly memoryCount: number;
  /** The read-only link while the owner shares the conversation (decision 090); null otherwise. */
  readonly share: ConversationShareView | null;
  /** The memory scope the conversation belongs to (decision 101); null for the account's own. */
  readonly endUserId: string | null;
  readonly agentId: string | null;
  readonly runId: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A conversation's read-only link: `/shared/{token}` on the web app. */
export interface ConversationShareView {
  readonly token: string;
  readonly sharedAt: string;
}

/**
 * A shared conversation as anyone holding its link reads it: the title and the messages' role, text and
 * time. Nothing else of the owner's (no memories, no model, no ids).
 */
export interface SharedConversationView {
  readonly title: string;
  readonly sharedAt: string;
  readonly messages: readonly SharedMessageView[];
}

export interface SharedMessageView {
  readonly role: ChatRole;
  readonly content: string;
  readonly createdAt: string;
}

export interface ConversationListView {
  readonly conversations: readonly ConversationSummaryView[];
  readonly limit: number;
  readonly offset: number;
  readonly count: number;
  readonly totalCount: number;
}

export interface ConversationView extends ConversationSummaryView {
  /** Oldest first. */
  readonly messages: readonly ChatMessageView[];
}

export interface ConversationDeletionView {
  readonly conversationId: string;
  readonly removedMessages: number;
  /** Memories extracted from the conversation stay (and `message` says so). */
  readonly memoriesKept: true;
  readonly message: string;
}

/** One message removed from a conversation (the source of an erased memory). */
export interface ConversationMessageDeletionView {
  readonly conversationId: string;
  readonly messageId: string;
  /** False when the message was already gone (the conversation is still the caller's). */
  readonly deleted: boolean;
}

/** What erasing an end user removed from the chat service. */
export interface EndUserConversationsDeletionView {
  readonly conversations: number;
  readonly messages: number;
}

export interface WebSearchResultView {
  readonly title: string;
  readonly url: string;
  readonly snippet: string;
}

export interface WebSearchView {
  readonly query: string;
  readonly provider: WebSearchProviderId;
  readonly results: readonly WebSearchResultView[];
  /** The results as one numbered text (the spec's `formatted_results`). */
  readonly formattedResults: string;
  /** The model's summary when asked for and it succeeded. */
  readonly summary: string | null;
  /** Why the summary failed (the screen then shows `formattedResults`). */
  readonly summaryError: string | null;
}

export interface ProviderKeyTestView {
  readonly ok: boolean;
  readonly provider: LlmProviderId;
  /** "Key works (gpt-4.1-mini answered)." or the provider's refusal in clear words. */
  readonly message: string;
  readonly model: string | null;
}

export interface ExtractedFactView {
  readonly text: string;
  readonly category: MemoryCategory;
  readonly importance: number;
  /** `negation` ("I no longer ...") and `correction` ("actually ...") close an older fact on the same subject. */
  readonly kind: 'fact' | 'negation' | 'correction';
  /** What the fact is about ("name", "residence", "employer", "likes:coffee"...): facts on one subject replace each other. */
  readonly subject: string;
  /** The fact's value on its subject, normalised ("lisbon", "like", "not paris"). */
  readonly value: string;
  readonly source: MemorySource;
}

export interface ExtractedFactsView {
  readonly facts: readonly ExtractedFactView[];
}

/** What learning from a text did: facts added (and older ones closed), updated, or skipped as known. */
export interface LearnedFactsView {
  readonly extractedBy: 'llm' | 'rules';
  readonly added: number;
  readonly updated: number;
  readonly skipped: number;
  readonly closed: number;
}

export type { CatalogueModel };

/**
 * The special categories of each sentence, in order, by a language model; null when the model could not say
 * (none reachable, background model use off, the provider failed or its answer broke the format), with why.
 */
export type SpecialCategoriesView =
  | { readonly categories: SpecialCategoryKind[][]; readonly model: string; readonly unavailable: null }
  | { readonly categories: null; readonly model: null; readonly unavailable: string };

export interface DocumentSummaryView {
  /** Null when no language model is reachable for the user (or background model use is off). */
  readonly summary: string | null;
  /** The catalogue model that wrote it. */
  readonly model: string | null;
}

/** What learning from messages did to one memory of the scope. */
export const LEARNED_FACT_EVENTS = ['ADD', 'UPDATE', 'NOOP', 'CLOSE'] as const;
export type LearnedFactEvent = (typeof LEARNED_FACT_EVENTS)[number];

/**
 * One outcome of reconciling a fact: `ADD` a new memory, `UPDATE` an open fact on the same subject and value
 * (new words), `NOOP` a fact already known in these words, `CLOSE` a contradicted fact (its `validTo` set).
 */
export interface LearnedFactEventView {
  readonly event: LearnedFactEvent;
  /** The memory as it is after the event. */
  readonly memory: MemoryView;
  /** The memory's text before an `UPDATE`; null for the other events. */
  readonly previousText: string | null;
}

/** What learning from a list of messages did, in order (a `CLOSE` comes just before the `ADD` that caused it). */
export interface LearnedFromMessagesView {
  /** Who read the facts: the account's language model, or the offline rules. */
  readonly extractedBy: 'llm' | 'rules';
  readonly events: readonly LearnedFactEventView[];
}

/**
 * A queued learning from messages: queued (waiting or waiting for a retry), running, done (`result` is what the
 * synchronous call would have answered) or failed (`error` says why).
 */
export interface LearningJobView {
  readonly jobId: string;
  readonly state: 'queued' | 'running' | 'done' | 'failed';
  readonly result: LearnedFromMessagesView | null;
  readonly error: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}
