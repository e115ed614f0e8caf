import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { JOB_QUEUE, type JobQueue } from '@membolt/jobs';
import { IngestionService } from '../ingestion.service.js';

export const PURGE_ABANDONED_JOB = 'purge-abandoned-uploads';
/** An upload whose parts did not all arrive within a day is abandoned. */
export const ABANDONED_AFTER_MS = 24 * 3_600_000;
export const PURGE_EVERY_MS = 3_600_000;

/** Every hour (one schedule across restarts and replicas): uploads left in `receiving` go, parts and all. */
@Injectable()
export class PurgeAbandonedUploadsJob implements OnModuleInit {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly ingestion: IngestionService,
  ) {}

  async onModuleInit(): Promise<void> {
    this.queue.process(PURGE_ABANDONED_JOB, async () => ({
      removed: await this.ingestion.purgeAbandoned(ABANDONED_AFTER_MS),
    }));
    await this.queue.every(PURGE_ABANDONED_JOB, PURGE_EVERY_MS, {});
  }
}
