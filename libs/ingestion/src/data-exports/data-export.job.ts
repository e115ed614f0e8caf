import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { type Job, JOB_QUEUE, type JobQueue } from '@membolt/jobs';
import { CLOCK, type Clock } from '@membolt/platform';
import { strToU8, zipSync } from 'fflate';
import { toUploadView } from '../ingestion.views.js';
import { ACCOUNT_DATA, type AccountData } from '../ports/account-data.js';
import { INGESTION_STORE, type IngestionStore } from '../ports/ingestion-store.js';
import {
  DATA_EXPORT_EXPIRY_JOB,
  DATA_EXPORT_JOB,
  type DataExportExpiryJobData,
  type DataExportJobData,
  type DataExportResult,
  DataExportService,
} from './data-export.service.js';

/** Where each stage of the build ends on the 0-100 progress scale (memories take the longest). */
const STAGE_ENDS = { memories: 60, conversations: 85, uploads: 90, usage: 95 } as const;

const json = (value: unknown): Uint8Array => strToU8(`${JSON.stringify(value, null, 2)}\n`);

/**
 * Builds one account's data export: reads every memory with its history, every conversation with its
 * messages, the uploads' metadata and the usage, zips them as JSON files and stores the zip. Idempotent: a run
 * after a crash reads everything again and replaces the zip.
 */
@Injectable()
export class DataExportJob implements OnModuleInit {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(ACCOUNT_DATA) private readonly accountData: AccountData,
    @Inject(INGESTION_STORE) private readonly store: IngestionStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly exports: DataExportService,
  ) {}

  onModuleInit(): void {
    this.queue.process<DataExportJobData>(DATA_EXPORT_JOB, (job) => this.build(job), {
      concurrency: 1,
      concurrencyPerGroup: 1,
    });
    this.queue.process<DataExportExpiryJobData>(DATA_EXPORT_EXPIRY_JOB, async (job) => ({
      deleted: await this.exports.expire(job.data.exportId),
    }));
  }

  async build(job: Job<DataExportJobData>): Promise<DataExportResult> {
    const { userId, exportId } = job.data;
    await job.progress('memories', 1);
    const memories = await this.accountData.memories(userId, (done, total) =>
      job.progress('memories', scaled(1, STAGE_ENDS.memories, done, total)),
    );
    await job.progress('conversations', STAGE_ENDS.memories);
    const conversations = await this.accountData.conversations(userId, (done, total) =>
      job.progress('conversations', scaled(STAGE_ENDS.memories, STAGE_ENDS.conversations, done, total)),
    );
    await job.progress('uploads', STAGE_ENDS.conversations);
    const uploads = [];
    for (const id of await this.store.uploads.idsOf(userId)) {
      const upload = await this.store.uploads.find(userId, id);
      if (upload) uploads.push(toUploadView(upload));
    }
    uploads.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    await job.progress('usage', STAGE_ENDS.uploads);
    const usage = await this.accountData.usage(userId);
    await job.progress('zip', STAGE_ENDS.usage);
    const zip = zipSync(
      {
        'export.json': json({
          exportId,
          createdAt: this.clock.now().toISOString(),
          counts: {
            memories: memories.length,
            conversations: conversations.length,
            messages: conversations.reduce((sum, conversation) => sum + conversation.messages.length, 0),
            uploads: uploads.length,
            ledgerEntries: usage.ledger.length,
          },
          files: {
            'memories.json': 'every memory (the account’s own and its end users’), each with its history',
            'conversations.json': 'every conversation with its messages, oldest first',
            'uploads.json':
              'every uploaded file’s metadata (the files themselves are not kept after processing)',
            'usage.json': 'usage per day over the last year, and the ledger of charges and top-ups',
          },
        }),
        'memories.json': json(memories),
        'conversations.json': json(conversations),
        'uploads.json': json(uploads),
        'usage.json': json(usage),
      },
      { level: 6 },
    );
    return this.exports.store(exportId, zip);
  }
}

function scaled(from: number, to: number, done: number, total: number): number {
  if (total <= 0) return from;
  return from + Math.floor(((to - from) * Math.min(done, total)) / total);
}
