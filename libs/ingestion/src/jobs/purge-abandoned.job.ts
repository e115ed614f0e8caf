import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { JOB_QUEUE, type JobQueue } from '@membolt/jobs';
import { INGESTION_SETTINGS, type IngestionSettings } from '../ingestion.options.js';
import { IngestionService } from '../ingestion.service.js';

const PURGE_ABANDONED_JOB = 'purge-abandoned-uploads';

/** How often the sweep runs: a quarter of the age (an upload goes at most 1.25 ages after it opened), 1 min to 1 h. */
const purgeEveryMs = (abandonedAfterMs: number): number =>
  Math.min(3_600_000, Math.max(60_000, Math.floor(abandonedAfterMs / 4)));

/**
 * A sweep (one schedule across restarts and replicas): uploads still `receiving` longer than
 * INGESTION_ABANDONED_UPLOAD_MINUTES after they opened (a client that went away mid-upload) go, parts and all.
 */
@Injectable()
export class PurgeAbandonedUploadsJob implements OnModuleInit {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly ingestion: IngestionService,
    @Inject(INGESTION_SETTINGS) private readonly settings: IngestionSettings,
  ) {}

  async onModuleInit(): Promise<void> {
    this.queue.process(PURGE_ABANDONED_JOB, async () => ({
      removed: await this.ingestion.purgeAbandoned(this.settings.abandonedAfterMs),
    }));
    await this.queue.every(PURGE_ABANDONED_JOB, purgeEveryMs(this.settings.abandonedAfterMs), {});
  }
}
