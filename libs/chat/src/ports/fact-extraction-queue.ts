import type { MemoryScopeFields } from '@membolt/contracts';

/** One exchange to learn from, queued after it was stored. */
export interface ExchangeToLearnFrom {
  readonly userId: string;
  /**
   * The memory scope the turn read from and learns into (an end user of the account, an agent, a run).
   * Absent: the account's own memories (also for jobs queued before scopes were recorded).
   */
  readonly scope?: MemoryScopeFields;
  readonly conversationId: string;
  readonly conversationTitle: string;
  readonly userMessageId: string;
  readonly userMessage: string;
  readonly assistantMessage: string;
  /** The catalogue model the user chatted with (the extraction uses it when its provider is reachable). */
  readonly model: string;
}

/** Queues the durable extraction of facts from an exchange; answers the job id. */
export interface FactExtractionQueue {
  enqueue(exchange: ExchangeToLearnFrom): Promise<string>;
}

export const FACT_EXTRACTION_QUEUE = Symbol('FACT_EXTRACTION_QUEUE');
