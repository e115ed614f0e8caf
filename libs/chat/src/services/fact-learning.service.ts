import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import {
  ChatError,
  type LearnedFactEventView,
  type LearnedFromMessagesView,
  type LearnFactsFromFileRequest,
  type LearnFactsFromMessagesRequest,
  type MemoryScopeFields,
  scopeFieldsOf,
  type MemoryView,
  MemboltError,
  PrivacyErrorCode,
} from '@membolt/contracts';
import { CLOCK, type Clock } from '@membolt/platform';
import { CHAT_SETTINGS, type ChatSettings } from '../chat.options.js';
import { type CandidateFact, type FactEnding, type FactSlot, slotOfSubject } from '../extraction/fact.js';
import { type KnownFact, reconcile, type Reconciliation } from '../extraction/fact-reconciler.js';
import {
  extractFactsFromTranscriptWithModel,
  FactExtractionAnswerError,
  type TranscriptMessage,
} from '../extraction/llm-fact-extractor.js';
import { UNKNOWN_START } from '../extraction/rule-fact-extractor.js';
import { INLINE_RULE_FACTS, RULE_FACTS, type RuleFacts } from '../ports/rule-facts.js';
import type { ExchangeToLearnFrom } from '../ports/fact-extraction-queue.js';
import { MEMORY_ACCESS, type MemoryAccess } from '../ports/memory-access.js';
import { LLM_PROVIDER_FACTORY, type LlmProviderFactory } from '../providers/llm-provider.factory.js';
import { ModelCatalogueService } from './model-catalogue.service.js';
import { TurnsUnderway } from './turns-underway.js';

/** Where learned facts come from: a chat exchange, a file the user uploaded, or messages sent to the API. */
type FactOrigin =
  | { readonly source: 'chat'; readonly exchange: ExchangeToLearnFrom }
  | {
      readonly source: 'file';
      readonly uploadId: string;
      readonly fileName: string;
      readonly chunkIndex: number | undefined;
    }
  | {
      readonly source: 'api';
      readonly metadata: Readonly<Record<string, unknown>>;
      readonly expirationDate: string | undefined;
    };

/** Near-duplicate candidates looked at for each fact, besides the facts on its subject. */
const SIMILAR_MEMORIES = 3;
/** Memories looked at for the word a change names ("sold the Civic", "Callum and I broke up"). */
const MENTIONING_MEMORIES = 20;
/** Subjects a slot's facts had before facts carried their slot, so that a change still finds them. */
const SLOT_SUBJECTS: Partial<Record<FactSlot, readonly string[]>> = {
  occupation: ['occupation', 'employer', 'job-offer'],
  residence: ['residence'],
  diet: ['diet'],
};

export interface LearningOutcome {
  readonly extractedBy: 'llm' | 'rules';
  readonly added: number;
  readonly updated: number;
  readonly skipped: number;
  readonly closed: number;
}

/** What was learnt: the counts, and each event in order. */
interface Learning {
  readonly outcome: LearningOutcome;
  readonly events: readonly LearnedFactEventView[];
}

/**
 * Learns from one exchange: the facts the user stated (by the model the user chatted with when its provider
 * is reachable, else by the rules), each reconciled with what the memory service already holds (add, update
 * with history, skip a duplicate, close a contradicted fact and add the new one). Extracted memories carry
 * source `chat`, the conversation id and title, and their subject and value in metadata. Safe to run twice:
 * a fact already stored in the same words is skipped, a closed fact is not closed again. Every read and write
 * stays in one memory scope: the account's own, or one of its end users (agent, run).
 */
@Injectable()
export class FactLearningService {
  private readonly logger = new Logger(FactLearningService.name);

  constructor(
    @Inject(CHAT_SETTINGS) private readonly settings: ChatSettings,
    @Inject(MEMORY_ACCESS) private readonly memory: MemoryAccess,
    @Inject(LLM_PROVIDER_FACTORY) private readonly providers: LlmProviderFactory,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly catalogue: ModelCatalogueService,
    // The module runs the rules on a worker thread; in-process learners (tests, tools) on the caller's.
    @Optional() @Inject(RULE_FACTS) private readonly rules: RuleFacts = INLINE_RULE_FACTS,
    // The module's turns, which the learning from an answered exchange gives way to; none in process.
    @Optional() @Inject(TurnsUnderway) private readonly underway: TurnsUnderway | null = null,
  ) {}

  /**
   * Learns from an answered exchange. Its reading and its memory writes (which the memory service then links
   * and encodes) each wait while a turn of this process waits for its first token (LEARNING_GIVES_WAY_MS at
   * most): the learning is never what a user waits for.
   */
  async learn(exchange: ExchangeToLearnFrom): Promise<LearningOutcome> {
    await this.underway?.quiet();
    const { facts, extractedBy } = await this.extract(
      exchange.userId,
      exchange.model,
      [
        { role: 'user', content: exchange.userMessage },
        { role: 'assistant', content: exchange.assistantMessage },
      ],
      this.settings.extraction === 'auto',
    );
    const scope = exchange.scope ?? {};
    if (facts.length > 0) await this.underway?.quiet();
    return (await this.reconcileAll(exchange.userId, scope, facts, extractedBy, { source: 'chat', exchange }))
      .outcome;
  }

  /**
   * Learns from a file the user uploaded (file ingestion): the facts its text states about the user, by the
   * rules (a document is not a turn addressed to a model), reconciled the same way and stored with source
   * `file`, the upload's id and the file's name (deleting the upload deletes them).
   */
  async learnFromFile(userId: string, file: LearnFactsFromFileRequest): Promise<LearningOutcome> {
    const [stated = []] = await this.rules.extract([file.text], this.clock.now());
    const facts = await this.classified(userId, stated);
    const learning = await this.reconcileAll(userId, scopeFieldsOf(file), facts, 'rules', {
      source: 'file',
      uploadId: file.uploadId,
      fileName: file.fileName,
      chunkIndex: file.chunkIndex,
    });
    return learning.outcome;
  }

  /**
   * Learns from messages a developer sends for one of their end users (or the account itself): by the
   * account's default model when it is reachable and extraction is `auto`, else by the rules over what the
   * user said. Stored with source `api` in the request's scope only; answers each event in order.
   */
  async learnFromMessages(
    userId: string,
    request: LearnFactsFromMessagesRequest,
  ): Promise<LearnedFromMessagesView> {
    const scope = scopeFieldsOf(request);
    const messages = request.messages.filter((message) => message.content.trim() !== '');
    const { facts, extractedBy } = await this.extract(
      userId,
      undefined,
      messages,
      this.settings.extraction === 'auto',
    );
    const { events } = await this.reconcileAll(userId, scope, facts, extractedBy, {
      source: 'api',
      metadata: request.metadata ?? {},
      expirationDate: request.expirationDate,
    });
    return { extractedBy, events };
  }

  private async reconcileAll(
    userId: string,
    scope: MemoryScopeFields,
    facts: readonly CandidateFact[],
    extractedBy: 'llm' | 'rules',
    origin: FactOrigin,
  ): Promise<Learning> {
    const outcome = { extractedBy, added: 0, updated: 0, skipped: 0, closed: 0 };
    const events: LearnedFactEventView[] = [];
    for (const fact of facts) {
      const factEvents = fact.rename
        ? await this.restate(userId, scope, origin, fact, fact.rename, extractedBy)
        : await this.learnOne(userId, scope, origin, fact, extractedBy);
      for (const event of factEvents) {
        if (event.event === 'ADD') outcome.added++;
        else if (event.event === 'UPDATE') outcome.updated++;
        else if (event.event === 'NOOP') outcome.skipped++;
        else if (event.event === 'CLOSE') outcome.closed++;
      }
      events.push(...factEvents);
    }
    return { outcome, events };
  }

  /** One fact: the facts it ends are closed first, then it is reconciled with what is known on its subject. */
  private async learnOne(
    userId: string,
    scope: MemoryScopeFields,
    origin: FactOrigin,
    fact: CandidateFact,
    extractedBy: 'llm' | 'rules',
  ): Promise<LearnedFactEventView[]> {
    const events: LearnedFactEventView[] = [];
    const endAt = fact.validFrom ?? this.clock.now().toISOString();
    for (const memory of await this.ended(userId, scope, fact)) {
      events.push({
        event: 'CLOSE',
        memory: await this.close(userId, scope, memory, endAt),
        previousText: null,
      });
    }
    const { decision, known } = await this.decide(userId, scope, fact);
    const endedIds = new Set(events.map((event) => event.memory.id));
    if (decision.action === 'add') {
      const close = decision.close.filter((id) => !endedIds.has(id));
      if (fact.keepWhenEnding === false && events.length + close.length > 0) {
        for (const id of close) {
          const memory = known.get(id);
          if (memory)
            events.push({
              event: 'CLOSE',
              memory: await this.close(userId, scope, memory, endAt),
              previousText: null,
            });
        }
        return events;
      }
      if (fact.keepWhenEnding === false && close.length === 0) {
        // Said again (a retried job, a repeat): what it ends was closed the first time; nothing new to keep.
        const [before] = await this.ended(userId, scope, fact, true);
        if (before) return [{ event: 'NOOP', memory: before, previousText: null }];
      }
      events.push(
        ...(await this.apply(userId, scope, origin, fact, { action: 'add', close }, known, extractedBy)),
      );
      return events;
    }
    if ((decision.action === 'update' || decision.action === 'skip') && endedIds.has(decision.memoryId))
      return events;
    events.push(...(await this.apply(userId, scope, origin, fact, decision, known, extractedBy)));
    return events;
  }

  /**
   * The open facts a statement ends ("I quit my job at X": the job; "sold the Civic": what names the Civic),
   * or, with `closed`, the facts it would end that are already closed.
   */
  private async ended(
    userId: string,
    scope: MemoryScopeFields,
    fact: CandidateFact,
    closed = false,
  ): Promise<MemoryView[]> {
    const found = new Map<string, MemoryView>();
    for (const ending of fact.ends ?? []) {
      const pools: (readonly MemoryView[])[] = [];
      if (ending.subject)
        pools.push(await this.memory.factsWith(userId, scope, { subject: ending.subject }, closed));
      else if (ending.slot) {
        pools.push(await this.memory.factsWith(userId, scope, { slot: ending.slot }, closed));
        for (const subject of SLOT_SUBJECTS[ending.slot] ?? [])
          pools.push(await this.memory.factsWith(userId, scope, { subject }, closed));
      } else if (ending.mentions) {
        const results = await this.memory.search(userId, {
          ...scope,
          query: ending.mentions,
          limit: MENTIONING_MEMORIES,
          includeClosed: closed,
        });
        pools.push(results.map((result) => result.memory));
      }
      for (const memory of pools.flat()) {
        if (this.isOpen(memory) !== closed && endsMemory(ending, memory, fact)) found.set(memory.id, memory);
      }
    }
    return [...found.values()];
  }

  /**
   * A correction of a name ("his name is Rolo, not Rollo"): each open fact that names Rollo is closed and
   * restated with Rolo (same subject, category and importance). Nothing names Rollo: nothing is learnt.
   */
  private async restate(
    userId: string,
    scope: MemoryScopeFields,
    origin: FactOrigin,
    fact: CandidateFact,
    rename: { readonly from: string; readonly to: string },
    extractedBy: 'llm' | 'rules',
  ): Promise<LearnedFactEventView[]> {
    const results = await this.memory.search(userId, {
      ...scope,
      query: rename.from,
      limit: MENTIONING_MEMORIES,
    });
    const naming = wordAt(rename.from);
    const events: LearnedFactEventView[] = [];
    const now = this.clock.now().toISOString();
    for (const { memory } of results) {
      if (!this.isOpen(memory) || !naming.test(memory.text)) continue;
      events.push({
        event: 'CLOSE',
        memory: await this.close(userId, scope, memory, now),
        previousText: null,
      });
      const swap = (text: string) => text.replace(wordAt(rename.from, 'g'), rename.to);
      const subject =
        typeof memory.metadata['subject'] === 'string' ? memory.metadata['subject'] : fact.subject;
      const value =
        typeof memory.metadata['value'] === 'string' ? swap(memory.metadata['value']) : fact.value;
      const restated: CandidateFact = {
        text: swap(memory.text),
        category: memory.category ?? fact.category,
        importance: memory.importance,
        kind: 'correction',
        subject,
        value: value.toLowerCase(),
      };
      events.push(
        ...(await this.apply(
          userId,
          scope,
          origin,
          restated,
          { action: 'add', close: [] },
          new Map(),
          extractedBy,
        )),
      );
    }
    return events;
  }

  private isOpen(memory: MemoryView): boolean {
    return memory.validTo === null || new Date(memory.validTo).getTime() > this.clock.now().getTime();
  }

  /**
   * Closes a fact at an instant. A fact closed before the time it was learnt (the user says they moved in
   * 2021; the fact was stored today) gets an unknown start: the time it was learnt was never its start.
   */
  private close(
    userId: string,
    scope: MemoryScopeFields,
    memory: MemoryView,
    at: string,
  ): Promise<MemoryView> {
    const before = new Date(at).getTime() <= new Date(memory.validFrom).getTime();
    return this.memory.update(userId, {
      ...scope,
      memoryId: memory.id,
      validTo: at,
      ...(before ? { validFrom: UNKNOWN_START } : {}),
    });
  }

  /**
   * The facts of the messages: by the model when allowed and reachable (a refusal or an unusable answer falls
   * back to the rules, so facts are never lost to a flaky model), else by the rules over the user's messages
   * (they read what the user says about themself; the assistant's and system's words are not the user's).
   */
  private async extract(
    userId: string,
    modelId: string | undefined,
    messages: readonly TranscriptMessage[],
    useModel: boolean,
  ): Promise<{ facts: CandidateFact[]; extractedBy: 'llm' | 'rules' }> {
    if (useModel) {
      const { model, reach } = await this.catalogue.reach(userId, modelId);
      if (reach) {
        try {
          const facts = await extractFactsFromTranscriptWithModel(
            this.providers(reach.credentials),
            model.providerModel,
            messages,
            undefined,
            await this.memory.customCategories(userId),
          );
          return { facts, extractedBy: 'llm' };
        } catch (error) {
          if (!(error instanceof ChatError || error instanceof FactExtractionAnswerError)) throw error;
          this.logger.warn(`Model extraction failed, using the rules: ${error.message}`);
        }
      }
    }
    const said = messages.filter((message) => message.role === 'user').map((message) => message.content);
    const now = this.clock.now();
    const facts = (await this.rules.extract(said, now)).flat();
    return { facts: await this.classified(userId, facts), extractedBy: 'rules' };
  }

  /**
   * The rules' facts, each in the account's custom category that fits it when one does (the memory service's
   * offline classifier reads the categories' names and descriptions), else in the rules' built-in one.
   */
  private async classified(userId: string, facts: readonly CandidateFact[]): Promise<CandidateFact[]> {
    if (facts.length === 0) return [];
    const fitted = await this.memory.classifyCategories(
      userId,
      facts.map((fact) => fact.text),
    );
    return facts.map((fact, index) => {
      const category = fitted[index];
      return category ? { ...fact, category } : fact;
    });
  }

  private async decide(
    userId: string,
    scope: MemoryScopeFields,
    fact: CandidateFact,
  ): Promise<{ decision: Reconciliation; known: ReadonlyMap<string, MemoryView> }> {
    const [onSubject, similar] = await Promise.all([
      this.memory.openFactsOn(userId, scope, fact.subject),
      this.memory.search(userId, {
        ...scope,
        query: fact.text,
        limit: SIMILAR_MEMORIES,
        // A past fact said again is the closed memory it made the first time.
        ...(fact.validTo !== undefined ? { includeClosed: true } : {}),
      }),
    ]);
    const openSimilar = similar
      .map((result) => result.memory)
      .filter((memory) => memory.validTo === null || fact.validTo !== undefined);
    const decision = reconcile(fact, onSubject.map(toKnownFact), openSimilar.map(toKnownFact));
    return { decision, known: new Map([...onSubject, ...openSimilar].map((memory) => [memory.id, memory])) };
  }

  /**
   * A fact the account's privacy policy refuses is not learnt from a chat turn or a file: nobody is there to be
   * told, and failing would retry the durable job for nothing and lose the exchange's other facts. A developer's
   * own messages are answered the refusal.
   */
  private async apply(
    userId: string,
    scope: MemoryScopeFields,
    origin: FactOrigin,
    fact: CandidateFact,
    decision: Reconciliation,
    known: ReadonlyMap<string, MemoryView>,
    extractedBy: 'llm' | 'rules',
  ): Promise<LearnedFactEventView[]> {
    try {
      return await this.applyDecision(userId, scope, origin, fact, decision, known, extractedBy);
    } catch (error) {
      const refused = error instanceof MemboltError && error.code === PrivacyErrorCode.SensitiveDataRefused;
      if (refused && origin.source !== 'api') return [];
      throw error;
    }
  }

  private async applyDecision(
    userId: string,
    scope: MemoryScopeFields,
    origin: FactOrigin,
    fact: CandidateFact,
    decision: Reconciliation,
    known: ReadonlyMap<string, MemoryView>,
    extractedBy: 'llm' | 'rules',
  ): Promise<LearnedFactEventView[]> {
    const metadata = {
      ...(origin.source === 'api' ? origin.metadata : {}),
      subject: fact.subject,
      value: fact.value,
      slot: slotOfSubject(fact.subject),
      kind: fact.kind,
      extractedBy,
      ...(origin.source === 'chat'
        ? { messageId: origin.exchange.userMessageId }
        : origin.source === 'file'
          ? {
              uploadId: origin.uploadId,
              fileName: origin.fileName,
              ...(origin.chunkIndex !== undefined ? { chunkIndex: origin.chunkIndex } : {}),
            }
          : {}),
    };
    const knownMemory = (id: string): MemoryView => {
      const memory = known.get(id);
      if (!memory) throw new Error(`The reconciliation named memory ${id}, which it was not shown`);
      return memory;
    };
    switch (decision.action) {
      case 'skip':
        return [{ event: 'NOOP', memory: knownMemory(decision.memoryId), previousText: null }];
      case 'update': {
        const previousText = knownMemory(decision.memoryId).text;
        const updated = await this.memory.update(userId, {
          ...scope,
          memoryId: decision.memoryId,
          text: fact.text,
          importance: fact.importance,
          category: fact.category,
          metadata,
        });
        return [{ event: 'UPDATE', memory: updated, previousText }];
      }
      case 'close': {
        const at = fact.validTo ?? this.clock.now().toISOString();
        const events: LearnedFactEventView[] = [];
        for (const memoryId of decision.close) {
          const closed = await this.close(userId, scope, knownMemory(memoryId), at);
          events.push({ event: 'CLOSE', memory: closed, previousText: null });
        }
        return events;
      }
      case 'add': {
        const events: LearnedFactEventView[] = [];
        const at = fact.validFrom ?? this.clock.now().toISOString();
        for (const memoryId of decision.close) {
          const closed = await this.close(userId, scope, knownMemory(memoryId), at);
          events.push({ event: 'CLOSE', memory: closed, previousText: null });
        }
        const created = await this.memory.create(userId, {
          ...scope,
          text: fact.text,
          category: fact.category,
          importance: fact.importance,
          ...(origin.source === 'chat'
            ? {
                source: 'chat' as const,
                conversationId: origin.exchange.conversationId,
                conversationTitle: origin.exchange.conversationTitle.slice(0, 200),
              }
            : { source: origin.source }),
          ...(fact.validFrom !== undefined ? { validFrom: fact.validFrom } : {}),
          ...(fact.validTo !== undefined ? { validTo: fact.validTo } : {}),
          ...(origin.source === 'api' && origin.expirationDate !== undefined
            ? { expirationDate: origin.expirationDate }
            : {}),
          metadata,
        });
        events.push({ event: 'ADD', memory: created, previousText: null });
        return events;
      }
    }
  }
}

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A word's stem at the start of a word, in any case ("teach" in "User teaches chemistry."). */
function wordStart(stem: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escape(stem)}`, 'iu');
}

/** A word at the start of a word and at its end, in any case ("Callum" in "User and Callum broke up."). */
function wordAt(word: string, flags = ''): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}\\p{N}])`, `iu${flags}`);
}

/** Whether an open memory is one a statement ends (and not the statement's own fact). */
function endsMemory(ending: FactEnding, memory: MemoryView, fact: CandidateFact): boolean {
  const subject = typeof memory.metadata['subject'] === 'string' ? memory.metadata['subject'] : null;
  const value = typeof memory.metadata['value'] === 'string' ? memory.metadata['value'] : null;
  if (subject === fact.subject && value === fact.value) return false;
  if (ending.subject !== undefined && subject !== ending.subject) return false;
  if (ending.subjectPrefix !== undefined && !subject?.startsWith(ending.subjectPrefix)) return false;
  if (ending.value !== undefined && value !== ending.value) return false;
  if (ending.mentions !== undefined && !wordStart(ending.mentions).test(memory.text)) return false;
  return true;
}

function toKnownFact(memory: MemoryView): KnownFact {
  const subject = memory.metadata['subject'];
  const value = memory.metadata['value'];
  return {
    id: memory.id,
    text: memory.text,
    subject: typeof subject === 'string' ? subject : null,
    value: typeof value === 'string' ? value : null,
  };
}
