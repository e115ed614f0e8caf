/** One exchange to learn from, queued after it was stored. */
export interface ExchangeToLearnFrom {
  readonly userId: string;
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
