import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import {
  type ChatMode,
  conversationTitleFrom,
  type MemorySearchResultView,
  CHAT_MEMORIES_RETRIEVED,
  inRecordScope,
  MEMORY_QUERY_MAX_LENGTH,
  MEMORY_SEARCH_DEFAULT_THRESHOLD,
  type MemoryScopeFields,
  PRODUCT_NAME,
  recordScopeOf,
  type SendChatTurnRequest,
} from '@membolt/contracts';
import { CLOCK, type Clock } from '@membolt/platform';
import { randomUUID } from 'node:crypto';
import { conversationNotFound, noSummaryModel } from '../chat.errors.js';
import { CHAT_SETTINGS, type ChatSettings } from '../chat.options.js';
import type { ChatTurn, ChatTurnEvent, RetrievedMemory } from '../domain/chat-turn.js';
import type { ChatMessage, MessageMemory } from '../domain/conversation.js';
import { costMicroUsd } from '../domain/model-catalogue.js';
import { composeOfflineAnswer, piecesOf } from '../domain/offline-assistant.js';
import { asksAboutThePast } from '../domain/offline-question.js';
import { statesNothing } from '../extraction/rule-fact-extractor.js';
import type { PromptMemory, PromptTurn } from '../domain/prompt.js';
import { INLINE_PROMPT_BUILDER, PROMPT_BUILDER, type PromptBuilder } from '../ports/prompt-builder.js';
import { CHAT_STORE, type ChatStore } from '../ports/chat-store.js';
import { FACT_EXTRACTION_QUEUE, type FactExtractionQueue } from '../ports/fact-extraction-queue.js';
import { MEMORY_ACCESS, type MemoryAccess } from '../ports/memory-access.js';
import { LLM_PROVIDER_FACTORY, type LlmProviderFactory } from '../providers/llm-provider.factory.js';
import { ModelCatalogueService, type ProviderAccessMap } from './model-catalogue.service.js';
import { TurnsUnderway } from './turns-underway.js';

/** Stored messages read back as a turn's history (the prompt keeps the newest that fit the model). */
const HISTORY_MESSAGES = 40;
/** Earlier user messages added to the memory search as context. */
const CONTEXT_TURNS = 2;

/**
 * One exchange: retrieve the memories that bear on the message (hybrid search, the recent turns as
 * context), build the prompt, stream the answer from the model's provider (the user's own key first, then
 * the operator's) or from the offline assistant, store the exchange, queue the extraction of facts from it.
 * Nothing is stored when the provider fails or the caller goes away.
 */
@Injectable()
export class ChatTurnService {
  private readonly logger = new Logger(ChatTurnService.name);

  constructor(
    @Inject(CHAT_SETTINGS) private readonly settings: ChatSettings,
    @Inject(CHAT_STORE) private readonly store: ChatStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MEMORY_ACCESS) private readonly memory: MemoryAccess,
    @Inject(LLM_PROVIDER_FACTORY) private readonly providers: LlmProviderFactory,
    @Inject(FACT_EXTRACTION_QUEUE) private readonly extraction: FactExtractionQueue,
    private readonly catalogue: ModelCatalogueService,
    // The module builds prompts on its worker thread; in-process turns (tests, tools) on the caller's.
    @Optional() @Inject(PROMPT_BUILDER) private readonly prompts: PromptBuilder = INLINE_PROMPT_BUILDER,
    // The module's learning waits for turns before their first token; in-process turns count nowhere.
    @Optional() @Inject(TurnsUnderway) private readonly underway: TurnsUnderway | null = null,
  ) {}

  async send(userId: string, request: SendChatTurnRequest, signal?: AbortSignal): Promise<ChatTurn> {
    for await (const event of this.stream(userId, request, signal)) {
      if (event.type === 'done') return event.turn;
    }
    throw new Error('The turn ended without an answer');
  }

  /** The turn's events; the turn counts as underway (TurnsUnderway) until its first token or its end. */
  async *stream(
    userId: string,
    request: SendChatTurnRequest,
    signal?: AbortSignal,
  ): AsyncGenerator<ChatTurnEvent> {
    const started = this.underway?.begin();
    try {
      for await (const event of this.turn(userId, request, signal)) {
        if (event.type === 'token' || event.type === 'done') started?.();
        yield event;
      }
    } finally {
      started?.();
    }
  }

  private async *turn(
    userId: string,
    request: SendChatTurnRequest,
    signal?: AbortSignal,
  ): AsyncGenerator<ChatTurnEvent> {
    const model = this.catalogue.model(request.model);
    const mode: ChatMode = request.mode ?? 'chat';
    const existing = request.conversationId
      ? await this.store.conversations.find(userId, request.conversationId)
      : null;
    // A conversation belongs to the scope its first turn named: continuing it from another scope is NOT_FOUND.
    if (request.conversationId && (!existing || !inRecordScope(existing, request)))
      throw conversationNotFound();
    const history: PromptTurn[] = existing
      ? (await this.store.conversations.messages(userId, existing.id, HISTORY_MESSAGES)).map((message) => ({
          role: message.role,
          content: message.content,
        }))
      : (request.history ?? []).map((item) => ({ role: item.role, content: item.content }));
    const conversationId = existing?.id ?? `conv_${randomUUID().replaceAll('-', '')}`;
    const conversationTitle = existing?.title ?? conversationTitleFrom(request.message);

    const scope = scopeOf(request);
    // The offline answer to a question about the past looks at closed facts too ("where did I use to live?"),
    // a model's prompt does not: when the operator's key does not settle that the model is reached, such a
    // question learns whether it is (the user's keys, one read) before its one search, rather than searching
    // beside that read and again with closed facts when the model is out of reach.
    const reachDecidesSearch =
      !this.settings.providers.some((credentials) => credentials.provider === model.provider) &&
      asksAboutThePast(request.message);
    let access: ProviderAccessMap;
    let results: readonly MemorySearchResultView[];
    if (reachDecidesSearch) {
      access = await this.catalogue.access(userId);
      const offline = access.get(model.provider) === null;
      // Search Mode without a model is refused below, before anything is searched.
      results =
        offline && mode === 'search'
          ? []
          : await this.retrieve(userId, scope, request.message, history, offline);
    } else {
      [access, results] = await Promise.all([
        this.catalogue.access(userId),
        this.retrieve(userId, scope, request.message, history),
      ]);
    }
    const reach = access.get(model.provider);
    // A Search Mode turn asks the model to summarise the results: the offline assistant cannot, and its
    // answer must not stand in for the results. Refused before anything is stored; the screen shows the
    // formatted results instead.
    if (mode === 'search' && !reach) throw noSummaryModel();
    const memories: PromptMemory[] = results.map((result) => ({
      id: result.memory.id,
      text: result.memory.text,
      createdAt: result.memory.createdAt,
    }));
    const now = this.clock.now();

    let usedIds: ReadonlySet<string>;
    let answerPieces: AsyncIterable<
      { type: 'text'; text: string } | { type: 'usage'; inputTokens: number; outputTokens: number }
    >;
    if (reach) {
      const prompt = await this.prompts.build({
        assistantName: PRODUCT_NAME,
        now,
        memories,
        history,
        message: request.message,
        ...(request.system ? { extraSystem: request.system } : {}),
        contextWindow: model.contextWindow,
        maxOutputTokens: model.maxOutputTokens,
      });
      usedIds = new Set(prompt.memoriesUsed.map((memory) => memory.id));
      answerPieces = this.providers(reach.credentials).stream(
        {
          model: model.providerModel,
          system: prompt.system,
          messages: prompt.messages,
          maxOutputTokens: model.maxOutputTokens,
        },
        signal,
      );
    } else {
      // A question about the past was searched with closed facts (above): search leaves them out unless the
      // question names a time, and "where did I use to live?" names none.
      const answer = composeOfflineAnswer(request.message, results, now);
      usedIds = new Set(answer.usedIds);
      answerPieces = offlineStream(answer.text);
    }
    const responder = reach ? model.provider : 'offline';
    const retrieved: RetrievedMemory[] = results.map((result) => ({
      id: result.memory.id,
      text: result.memory.text,
      importance: result.memory.importance,
      category: result.memory.category,
      source: result.memory.source,
      createdAt: result.memory.createdAt,
      score: result.score,
      used: usedIds.has(result.memory.id),
    }));

    yield {
      type: 'start',
      conversationId,
      conversationTitle,
      model: model.id,
      responder,
      memoriesRetrieved: retrieved,
    };

    let text = '';
    let inputTokens = 0;
    let outputTokens = 0;
    for await (const piece of answerPieces) {
      if (piece.type === 'usage') {
        ({ inputTokens, outputTokens } = piece);
        continue;
      }
      text += piece.text;
      yield { type: 'token', text: piece.text };
    }
    if (signal?.aborted) return;

    const answeredAt = this.clock.now();
    const usedMemories: MessageMemory[] = retrieved
      .filter((memory) => memory.used)
      .map(({ id, text: memoryText, importance, category, source }) => ({
        id,
        text: memoryText,
        importance,
        category,
        source,
      }));
    const userMessage: ChatMessage = {
      id: `msg_${randomUUID().replaceAll('-', '')}`,
      conversationId,
      userId,
      role: 'user',
      content: request.message,
      createdAt: now,
      model: null,
      responder: null,
      memories: [],
      mode,
      inputTokens: 0,
      outputTokens: 0,
    };
    const assistantMessage: ChatMessage = {
      id: `msg_${randomUUID().replaceAll('-', '')}`,
      conversationId,
      userId,
      role: 'assistant',
      content: text,
      createdAt: answeredAt,
      model: model.id,
      responder,
      memories: usedMemories,
      mode,
      inputTokens,
      outputTokens,
    };
    const stored = await this.store.conversations.saveExchange(userId, {
      conversationId,
      ...(existing
        ? {}
        : { newConversation: { title: conversationTitle, createdAt: now, scope: recordScopeOf(request) } }),
      model: model.id,
      messages: [userMessage, assistantMessage],
      at: answeredAt,
    });
    // Deleted while the answer streamed: the answer was seen, but there is no conversation to keep it in.
    if (!stored) throw conversationNotFound();

    yield {
      type: 'done',
      turn: {
        conversationId,
        conversationTitle,
        startedConversation: !existing && history.length === 0,
        userMessageId: userMessage.id,
        assistantMessageId: assistantMessage.id,
        text,
        model: model.id,
        responder,
        memoriesRetrieved: retrieved,
        inputTokens,
        outputTokens,
        costMicroUsd: reach ? costMicroUsd(model, inputTokens, outputTokens) : 0,
        extractionJobId: await this.queueExtraction(mode, reach !== null, {
          userId,
          ...(scope ? { scope } : {}),
          conversationId,
          conversationTitle,
          userMessageId: userMessage.id,
          userMessage: request.message,
          assistantMessage: text,
          model: model.id,
        }),
        createdAt: answeredAt,
      },
    };
  }

  /** The memories for a turn; a memory service that cannot answer leaves the turn without memories, not failed. */
  private async retrieve(
    userId: string,
    scope: MemoryScopeFields | null,
    message: string,
    history: readonly PromptTurn[],
    includeClosed = false,
  ): Promise<readonly MemorySearchResultView[]> {
    const context = history
      .filter((turn) => turn.role === 'user')
      .slice(-CONTEXT_TURNS)
      .map((turn) => turn.content);
    const query = [message, ...context].join('\n').slice(0, MEMORY_QUERY_MAX_LENGTH);
    try {
      return await this.memory.search(userId, {
        ...scope,
        query,
        limit: CHAT_MEMORIES_RETRIEVED,
        // The web app's search cuts at the same relevance: a memory that bears on nothing asked stays out of
        // the prompt and out of the offline answer, and "nothing relevant" can be said.
        threshold: MEMORY_SEARCH_DEFAULT_THRESHOLD,
        ...(includeClosed ? { includeClosed } : {}),
        // A turn waits for the sentence encoder's model to load only so long, then answers from the other channels.
        ...(this.settings.sentenceLoadWaitMs !== undefined
          ? { sentenceLoadWaitMs: this.settings.sentenceLoadWaitMs }
          : {}),
      });
    } catch (error) {
      this.logger.warn(
        `Memory search failed; answering without memories: ${error instanceof Error ? error.message : String(error)}`,
      );
      return [];
    }
  }

  /**
   * Queues the learning from the exchange, unless it can learn nothing: a Search Mode summary is about the web,
   * not about the user; and the rules (extraction `rules`, or `auto` when the turn's model was out of reach, as
   * the learning then finds it) read only what the user said, so a message they can tell states nothing (most
   * questions) would give a job that runs, reads nothing and ends: a durable write, the queue's passes to claim
   * and finish it, on the loop that answers the next turn.
   */
  private async queueExtraction(
    mode: ChatMode,
    modelReached: boolean,
    exchange: Parameters<FactExtractionQueue['enqueue']>[0],
  ): Promise<string | null> {
    const extraction = this.settings.extraction;
    if (mode !== 'chat' || extraction === 'off') return null;
    const byRules = extraction === 'rules' || !modelReached;
    if (byRules && statesNothing(exchange.userMessage)) return null;
    try {
      return await this.extraction.enqueue(exchange);
    } catch (error) {
      this.logger.error(
        `Could not queue fact extraction for ${exchange.userMessageId}: ${error instanceof Error ? error.message : String(error)}`,
      );
      return null;
    }
  }
}

/** The memory scope a turn names (an end user, agent, run), or null for the account's own memories. */
function scopeOf(request: SendChatTurnRequest): MemoryScopeFields | null {
  const scope: MemoryScopeFields = {
    ...(request.endUserId !== undefined ? { endUserId: request.endUserId } : {}),
    ...(request.agentId !== undefined ? { agentId: request.agentId } : {}),
    ...(request.runId !== undefined ? { runId: request.runId } : {}),
  };
  return Object.keys(scope).length > 0 ? scope : null;
}

async function* offlineStream(text: string): AsyncGenerator<{ type: 'text'; text: string }> {
  for (const piece of piecesOf(text)) yield { type: 'text', text: piece };
}
