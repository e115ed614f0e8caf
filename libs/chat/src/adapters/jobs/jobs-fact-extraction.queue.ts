import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { JOB_QUEUE, type JobQueue } from '@membolt/jobs';
import type { ExchangeToLearnFrom, FactExtractionQueue } from '../../ports/fact-extraction-queue.js';
import { FactLearningService } from '../../services/fact-learning.service.js';

export const FACT_EXTRACTION_JOB = 'chat.extract-facts';
/** A memory service that is down for a while is waited for: 6 runs, 2 s doubling (about 2 minutes). */
const ATTEMPTS = 6;
const BACKOFF_MS = 2000;

/**
 * Fact extraction as a durable job of the chat service's queue (`@membolt/jobs`: embedded SQLite, or BullMQ
 * when REDIS_URL is set): queued once per exchange (the user message id is the job id), run by this process's
 * worker, retried with backoff, and run again after a crash. The worker only calls FactLearningService.
 */
@Injectable()
export class JobsFactExtractionQueue implements FactExtractionQueue, OnModuleInit {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly learning: FactLearningService,
  ) {}

  onModuleInit(): void {
    this.queue.process<ExchangeToLearnFrom>(FACT_EXTRACTION_JOB, (job) => this.learning.learn(job.data), {
      concurrency: 2,
    });
  }

  async enqueue(exchange: ExchangeToLearnFrom): Promise<string> {
    const { id } = await this.queue.enqueue(FACT_EXTRACTION_JOB, exchange, {
      jobId: `extract-${exchange.userMessageId}`,
      attempts: ATTEMPTS,
      backoffMs: BACKOFF_MS,
    });
    return id;
  }
}
