import { z } from 'zod';
import {
  CHAT_MODES,
  CHAT_RESPONDERS,
  CHAT_ROLES,
  type CatalogueModel,
  type ChatResponder,
  WEB_SEARCH_PROVIDER_IDS,
} from '../rules/chat.rules.js';
import { type MemoryCategory, MEMORY_SOURCES, type MemorySource } from '../rules/memory.rules.js';
import type { SpecialCategoryKind } from '../rules/privacy.rules.js';
import { LLM_PROVIDER_IDS } from '../rules/models.rules.js';
import { memoryScopeViewFields, MemoryView } from '../memory/memory.views.js';

/** Where a usable model's provider comes from: the operator's configuration or the user's own key. */
export const MODEL_PROVIDER_SOURCES = ['operator', 'user'] as const;
export type ModelProviderSource = (typeof MODEL_PROVIDER_SOURCES)[number];

/** One model of the catalogue as the acting user sees it. */
export const ChatModelView = z
  .object({
    id: z.string(),
    label: z.string(),
    provider: z.enum(LLM_PROVIDER_IDS),
    /** The rest are the settings list (docs/requirements/web-app.md, Limits and constants). */
    inChatList: z.boolean().meta({ description: "In the chat screen's model picker." }),
    inSettingsList: z.boolean().meta({ description: "In the settings screen's Default AI Model list." }),
    isDefault: z.boolean(),
    available: z
      .boolean()
      .meta({ description: 'Its provider is configured (by the operator or by your own key).' }),
    /** Shown beside the disabled entry. */
    unavailableReason: z
      .string()
      .nullable()
      .meta({ description: 'Why it is not available; null when available.' }),
    providerSource: z.enum(MODEL_PROVIDER_SOURCES).nullable(),
    contextWindow: z.int(),
  })
  .readonly();
export type ChatModelView = z.output<typeof ChatModelView>;

export const ChatModelListView = z
  .object({
    models: z.array(ChatModelView).readonly(),
    defaultModelId: z.string(),
    offline: z.boolean().meta({
      description: 'No provider at all is configured: the offline assistant answers every message.',
    }),
  })
  .readonly();
export type ChatModelListView = z.output<typeof ChatModelListView>;

/** A memory as it was when a message used it (the memory itself may have changed or gone since). */
export const ChatMessageMemoryView = z
  .object({
    id: z.string(),
    text: z.string(),
    importance: z.number(),
    category: z.string().nullable(),
    source: z.enum(MEMORY_SOURCES),
  })
  .readonly();
export type ChatMessageMemoryView = z.output<typeof ChatMessageMemoryView>;

/** A memory the turn retrieved (and, when `used`, put into the prompt). */
export const ChatMemoryView = z
  .object({
    ...ChatMessageMemoryView.unwrap().shape,
    createdAt: z.string(),
    score: z.number(),
    used: z.boolean(),
  })
  .readonly();
export type ChatMemoryView = z.output<typeof ChatMemoryView>;

export const ChatUsageView = z
  .object({
    inputTokens: z.int(),
    outputTokens: z.int(),
    costMicroUsd: z.int().meta({
      description: 'Estimated cost in millionths of a US dollar (0 for the offline assistant).',
    }),
  })
  .readonly();
export type ChatUsageView = z.output<typeof ChatUsageView>;

/** The answer of one exchange (REST maps it to text, memories_used, memories_retrieved, conversation_id). */
export const ChatTurnView = z
  .object({
    conversationId: z.string(),
    conversationTitle: z.string(),
    /** Billing counts a call that started the conversation (no id and no history). */
    startedConversation: z.boolean().meta({ description: 'This message started the conversation.' }),
    userMessageId: z.string(),
    assistantMessageId: z.string(),
    text: z.string(),
    /** Catalogue model id asked for. */
    model: z.string(),
    responder: z.enum(CHAT_RESPONDERS),
    /** No provider is configured for the model. */
    offline: z.boolean().meta({
      description: 'Answered by the offline assistant: no language model is configured for the model.',
    }),
    memoriesUsed: z.int().meta({ description: 'Memories put into the prompt.' }),
    memoriesRetrieved: z.array(ChatMemoryView).readonly(),
    usage: ChatUsageView,
    /** The durable job that extracts facts from this exchange (null when none was queued). */
    extractionJobId: z.string().nullable(),
    createdAt: z.string(),
  })
  .readonly();
export type ChatTurnView = z.output<typeof ChatTurnView>;

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
export const ChatMessageView = z
  .object({
    id: z.string(),
    role: z.enum(CHAT_ROLES),
    content: z.string(),
    createdAt: z.string(),
    /** Assistant messages: the model asked for and who answered. */
    model: z.string().nullable(),
    responder: z.enum(CHAT_RESPONDERS).nullable(),
    memories: z
      .array(ChatMessageMemoryView)
      .readonly()
      .meta({ description: 'Assistant messages: the memories used (chips).' }),
    mode: z.enum(CHAT_MODES),
  })
  .readonly();
export type ChatMessageView = z.output<typeof ChatMessageView>;

/** A conversation's read-only link: `/shared/{token}` on the web app (decision 090). */
export const ConversationShareView = z
  .object({
    token: z.string().meta({
      description: 'The unguessable token of the link; revoking the share makes it find nothing.',
    }),
    sharedAt: z.string(),
  })
  .readonly();
export type ConversationShareView = z.output<typeof ConversationShareView>;

export const ConversationSummaryView = z
  .object({
    id: z.string(),
    title: z.string(),
    preview: z.string().meta({ description: "The newest message's text, cut to a preview." }),
    model: z.string().nullable(),
    messageCount: z.int(),
    /** As the memory service counts them. */
    memoryCount: z
      .int()
      .meta({ description: 'The memories the conversation taught (open memories stored from it).' }),
    share: ConversationShareView.nullable().meta({
      description: 'The read-only link while the conversation is shared; null otherwise.',
    }),
    ...memoryScopeViewFields,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .readonly();
export type ConversationSummaryView = z.output<typeof ConversationSummaryView>;

export const SharedMessageView = z
  .object({ role: z.enum(CHAT_ROLES), content: z.string(), createdAt: z.string() })
  .readonly();
export type SharedMessageView = z.output<typeof SharedMessageView>;

/**
 * A shared conversation as anyone holding its link reads it: the title and the messages' role, text and
 * time. Nothing else of the owner's (no memories, no model, no ids).
 */
export const SharedConversationView = z
  .object({
    title: z.string(),
    sharedAt: z.string(),
    messages: z.array(SharedMessageView).readonly().meta({ description: 'Oldest first.' }),
  })
  .readonly();
export type SharedConversationView = z.output<typeof SharedConversationView>;

export const ConversationListView = z
  .object({
    conversations: z
      .array(ConversationSummaryView)
      .readonly()
      .meta({ description: 'Most recently active first.' }),
    limit: z.int(),
    offset: z.int(),
    count: z.int(),
    totalCount: z.int(),
  })
  .readonly();
export type ConversationListView = z.output<typeof ConversationListView>;

export const ConversationView = z
  .object({
    ...ConversationSummaryView.unwrap().shape,
    messages: z.array(ChatMessageView).readonly().meta({ description: 'Oldest first.' }),
  })
  .readonly();
export type ConversationView = z.output<typeof ConversationView>;

export const ConversationDeletionView = z
  .object({
    conversationId: z.string(),
    removedMessages: z.int(),
    /** `message` says so. */
    memoriesKept: z.literal(true).meta({
      description: 'Always true: the memories extracted from the conversation are kept.',
    }),
    message: z.string(),
  })
  .readonly();
export type ConversationDeletionView = z.output<typeof ConversationDeletionView>;

/** One message removed from a conversation (the source of an erased memory). */
export const ConversationMessageDeletionView = z
  .object({
    conversationId: z.string(),
    messageId: z.string(),
    /** False when the message was already gone (the conversation is still the caller's). */
    deleted: z.boolean(),
  })
  .readonly();
export type ConversationMessageDeletionView = z.output<typeof ConversationMessageDeletionView>;

/** What erasing an end user removed from the chat service. */
export const EndUserConversationsDeletionView = z
  .object({ conversations: z.int(), messages: z.int() })
  .readonly();
export type EndUserConversationsDeletionView = z.output<typeof EndUserConversationsDeletionView>;

export const WebSearchResultView = z
  .object({ title: z.string(), url: z.string(), snippet: z.string() })
  .readonly();
export type WebSearchResultView = z.output<typeof WebSearchResultView>;

export const WebSearchView = z
  .object({
    query: z.string(),
    provider: z.enum(WEB_SEARCH_PROVIDER_IDS),
    results: z.array(WebSearchResultView).readonly(),
    /** The spec's `formatted_results`. */
    formattedResults: z.string().meta({ description: 'The results as one numbered text.' }),
    /** The model's summary when asked for and it succeeded. */
    summary: z.string().nullable(),
    /** Why the summary failed (the screen then shows `formattedResults`). */
    summaryError: z.string().nullable(),
  })
  .readonly();
export type WebSearchView = z.output<typeof WebSearchView>;

export const ProviderKeyTestView = z
  .object({
    ok: z.boolean().meta({ description: 'The provider accepted the key.' }),
    provider: z.enum(LLM_PROVIDER_IDS),
    /** "Key works (gpt-4.1-mini answered)." or the provider's refusal in clear words. */
    message: z.string().meta({ description: 'What happened, in words the user can act on.' }),
    model: z.string().nullable().meta({ description: 'The model that answered the test call.' }),
  })
  .readonly();
export type ProviderKeyTestView = z.output<typeof ProviderKeyTestView>;

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
export const LearnedFactEventView = z
  .object({
    event: z.enum(LEARNED_FACT_EVENTS).meta({
      description:
        'ADD: a new memory; UPDATE: an open fact on the same subject and value, in new words; NOOP: already ' +
        'known in these words, nothing changed; CLOSE: a fact the messages contradict, closed (valid_to) and kept ' +
        'for the past.',
    }),
    memory: MemoryView.meta({ description: 'The memory as it is after the event.' }),
    previousText: z
      .string()
      .nullable()
      .meta({ description: 'The text before an UPDATE; null for the other events.' }),
  })
  .readonly();
export type LearnedFactEventView = z.output<typeof LearnedFactEventView>;

/** Who read the facts: the account's language model, or the offline rules. */
export const FACT_EXTRACTORS = ['llm', 'rules'] as const;

/** What learning from a list of messages did, in order (a `CLOSE` comes just before the `ADD` that caused it). */
export const LearnedFromMessagesView = z
  .object({
    extractedBy: z
      .enum(FACT_EXTRACTORS)
      .meta({ description: 'Who read the facts: the language model or the offline rules.' }),
    events: z.array(LearnedFactEventView).readonly(),
  })
  .readonly();
export type LearnedFromMessagesView = z.output<typeof LearnedFromMessagesView>;

export const LEARNING_JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;

/**
 * A queued learning from messages: queued (waiting or waiting for a retry), running, done (`result` is what the
 * synchronous call would have answered) or failed (`error` says why).
 */
export const LearningJobView = z
  .object({
    jobId: z.string().meta({ rest: { example: 'lrn_4f0c2d9a1b7e4e51a9c02d8f4b6e1a73' } }),
    state: z.enum(LEARNING_JOB_STATES).meta({
      description:
        'queued (waiting, or waiting for a retry), running, done (`result` is set), failed (`error`).',
    }),
    result: LearnedFromMessagesView.nullable(),
    error: z.string().nullable().meta({ description: 'Why the learning failed, once failed.' }),
    createdAt: z.string().meta({ rest: { example: '2026-11-27T10:00:00.000Z' } }),
    updatedAt: z.string().meta({ rest: { example: '2026-11-27T10:00:01.000Z' } }),
  })
  .readonly();
export type LearningJobView = z.output<typeof LearningJobView>;
