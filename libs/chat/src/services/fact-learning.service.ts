import { Inject, Injectable, Logger } from '@nestjs/common';
import { ChatError, type MemoryView } from '@membolt/contracts';
import { CLOCK, type Clock } from '@membolt/platform';
import { CHAT_SETTINGS, type ChatSettings } from '../chat.options.js';
import type { CandidateFact } from '../extraction/fact.js';
import { type KnownFact, reconcile, type Reconciliation } from '../extraction/fact-reconciler.js';
import { extractFactsWithModel, FactExtractionAnswerError } from '../extraction/llm-fact-extractor.js';
import { extractFactsByRules } from '../extraction/rule-fact-extractor.js';
import type { ExchangeToLearnFrom } from '../ports/fact-extraction-queue.js';
import { MEMORY_ACCESS, type MemoryAccess } from '../ports/memory-access.js';
import { LLM_PROVIDER_FACTORY, type LlmProviderFactory } from '../providers/llm-provider.factory.js';
import { ModelCatalogueService } from './model-catalogue.service.js';

/** Where learned facts come from: a chat exchange, or a file the user uploaded. */
type FactOrigin =
  | { readonly source: 'chat'; readonly exchange: ExchangeToLearnFrom }
  | { readonly source: 'file'; readonly uploadId: string; readonly fileName: string };

/** Near-duplicate candidates looked at for each fact, besides the facts on its subject. */
const SIMILAR_MEMORIES = 3;

export interface LearningOutcome {
  readonly extractedBy: 'llm' | 'rules';
  readonly added: number;
  readonly updated: number;
  readonly skipped: number;
  readonly closed: number;
}

/**
 * Learns from one exchange: the facts the user stated (by the model the user chatted with when its provider
 * is reachable, else by the rules), each reconciled with what the memory service already holds (add, update
 * with history, skip a duplicate, close a contradicted fact and add the new one). Extracted memories carry
 * source `chat`, the conversation id and title, and their subject and value in metadata. Safe to run twice:
 * a fact already stored in the same words is skipped, a closed fact is not closed again.
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
  ) {}

  async learn(exchange: ExchangeToLearnFrom): Promise<LearningOutcome> {
    const { facts, extractedBy } = await this.extract(exchange);
    return this.reconcileAll(exchange.userId, facts, extractedBy, { source: 'chat', exchange });
  }

  /**
   * Learns from a file the user uploaded (file ingestion): the facts its text states about the user, by the
   * rules (a document is not a turn addressed to a model), reconciled the same way and stored with source
   * `file`, the upload's id and the file's name (deleting the upload deletes them).
   */
  async learnFromFile(
    userId: string,
    file: { readonly text: string; readonly uploadId: string; readonly fileName: string },
  ): Promise<LearningOutcome> {
    return this.reconcileAll(userId, extractFactsByRules(file.text), 'rules', {
      source: 'file',
      uploadId: file.uploadId,
      fileName: file.fileName,
    });
  }

  private async reconcileAll(
    userId: string,
    facts: readonly CandidateFact[],
    extractedBy: 'llm' | 'rules',
    origin: FactOrigin,
  ): Promise<LearningOutcome> {
    const outcome = { extractedBy, added: 0, updated: 0, skipped: 0, closed: 0 };
    for (const fact of facts) {
      const decision = await this.decide(userId, fact);
      await this.apply(userId, origin, fact, decision, extractedBy);
      switch (decision.action) {
        case 'skip':
          outcome.skipped++;
          break;
        case 'update':
          outcome.updated++;
          break;
        case 'add':
          outcome.added++;
          outcome.closed += decision.close.length;
          break;
      }
    }
    return outcome;
  }

  private async extract(
    exchange: ExchangeToLearnFrom,
  ): Promise<{ facts: CandidateFact[]; extractedBy: 'llm' | 'rules' }> {
    if (this.settings.extraction === 'auto') {
      const { model, reach } = await this.catalogue.reach(exchange.userId, exchange.model);
      if (reach) {
        try {
          const facts = await extractFactsWithModel(
            this.providers(reach.credentials),
            model.providerModel,
            exchange,
          );
          return { facts, extractedBy: 'llm' };
        } catch (error) {
          // A refusal or an unusable answer must not lose the facts: the rules still read the message.
          if (!(error instanceof ChatError || error instanceof FactExtractionAnswerError)) throw error;
          this.logger.warn(`Model extraction failed, using the rules: ${error.message}`);
        }
      }
    }
    return { facts: extractFactsByRules(exchange.userMessage), extractedBy: 'rules' };
  }

  private async decide(userId: string, fact: CandidateFact): Promise<Reconciliation> {
    const [onSubject, similar] = await Promise.all([
      this.memory.openFactsOn(userId, fact.subject),
      this.memory.search(userId, { query: fact.text, limit: SIMILAR_MEMORIES }),
    ]);
    return reconcile(
      fact,
      onSubject.map(toKnownFact),
      similar
        .map((result) => result.memory)
        .filter((memory) => memory.validTo === null)
        .map(toKnownFact),
    );
  }

  private async apply(
    userId: string,
    origin: FactOrigin,
    fact: CandidateFact,
    decision: Reconciliation,
    extractedBy: 'llm' | 'rules',
  ): Promise<void> {
    const metadata = {
      subject: fact.subject,
      value: fact.value,
      kind: fact.kind,
      extractedBy,
      ...(origin.source === 'chat'
        ? { messageId: origin.exchange.userMessageId }
        : { uploadId: origin.uploadId, fileName: origin.fileName }),
    };
    switch (decision.action) {
      case 'skip':
        return;
      case 'update':
        await this.memory.update(userId, {
          memoryId: decision.memoryId,
          text: fact.text,
          importance: fact.importance,
          category: fact.category,
          metadata,
        });
        return;
      case 'add': {
        const now = this.clock.now().toISOString();
        for (const memoryId of decision.close) {
          await this.memory.update(userId, { memoryId, validTo: now });
        }
        await this.memory.create(userId, {
          text: fact.text,
          category: fact.category,
          importance: fact.importance,
          ...(origin.source === 'chat'
            ? {
                source: 'chat' as const,
                conversationId: origin.exchange.conversationId,
                conversationTitle: origin.exchange.conversationTitle.slice(0, 200),
              }
            : { source: 'file' as const }),
          metadata,
        });
      }
    }
  }
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
