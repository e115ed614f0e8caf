import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DATA_EXPORT_PART_BYTES,
  type DataExportPartView,
  type DataExportState,
  type DataExportView,
} from '@membolt/contracts';
import { JOB_QUEUE, type JobQueue, type JobState, type JobStatus } from '@membolt/jobs';
import { CLOCK, type Clock } from '@membolt/platform';
import {
  dataExportExpired,
  dataExportNotFound,
  dataExportNotReady,
  dataExportPartOutOfRange,
} from '../ingestion.errors.js';
import { INGESTION_SETTINGS, type IngestionSettings } from '../ingestion.options.js';
import { FILE_STORE, type FileStore } from '../ports/file-store.js';

export const DATA_EXPORT_JOB = 'data-export.build';
export const DATA_EXPORT_EXPIRY_JOB = 'data-export.expire';

export interface DataExportJobData {
  readonly userId: string;
  readonly exportId: string;
}

export interface DataExportExpiryJobData {
  readonly exportId: string;
}

/** What a finished build job returns (kept with the job). */
export interface DataExportResult {
  readonly bytes: number;
  readonly parts: number;
  readonly expiresAt: string;
}

/** Exports listed per account (for account deletion); older ones expire on their own. */
const LISTED_EXPORTS = 20;

/**
 * A key of the owner that may appear in job ids and file names: the job id holds it, so an export id alone never
 * reaches another account's export (a lookup with another owner's key finds no job).
 */
const ownerKeyOf = (userId: string): string => createHash('sha256').update(userId).digest('hex').slice(0, 32);

export const dataExportJobId = (userId: string, exportId: string): string =>
  `data-export-${ownerKeyOf(userId)}-${exportId}`;

/** The zip's name in the file store. */
const dataExportFileKey = (exportId: string): string => `data-export-${exportId}`;

const listKeyOf = (userId: string): string => `data-exports-of-${ownerKeyOf(userId)}`;

const STATE_OF_JOB: Record<JobStatus, DataExportState> = {
  queued: 'queued',
  active: 'running',
  done: 'done',
  failed: 'failed',
  dead: 'failed',
};

/**
 * The rules of data exports: one running export per account at a time, readable only by its owner, read in
 * parts once done, gone after the retention time (decision 145).
 */
@Injectable()
export class DataExportService {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(INGESTION_SETTINGS) private readonly settings: IngestionSettings,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Queues an export, or answers the account's export still queued or running (pressing twice is one export). */
  async start(userId: string): Promise<DataExportView> {
    const latest = await this.latest(userId);
    if (latest && (latest.state === 'queued' || latest.state === 'running')) return latest;
    const exportId = randomBytes(16).toString('hex');
    await this.queue.enqueue<DataExportJobData>(
      DATA_EXPORT_JOB,
      { userId, exportId },
      { jobId: dataExportJobId(userId, exportId), attempts: this.settings.attempts, group: userId },
    );
    await this.writeList(userId, [...(await this.listOf(userId)), exportId].slice(-LISTED_EXPORTS));
    return this.get(userId, exportId);
  }

  async get(userId: string, exportId: string): Promise<DataExportView> {
    const job = await this.queue.get(dataExportJobId(userId, exportId));
    if (!job) throw dataExportNotFound();
    return this.viewOf(exportId, job);
  }

  /** The account's newest export still known to the queue, or null. */
  async latest(userId: string): Promise<DataExportView | null> {
    const newest = (await this.listOf(userId)).at(-1);
    if (newest === undefined) return null;
    const job = await this.queue.get(dataExportJobId(userId, newest));
    return job ? this.viewOf(newest, job) : null;
  }

  async readPart(userId: string, exportId: string, index: number): Promise<DataExportPartView> {
    const view = await this.get(userId, exportId);
    if (view.state === 'expired') throw dataExportExpired();
    if (view.state !== 'done' || view.parts === null || view.bytes === null) throw dataExportNotReady();
    if (index >= view.parts) throw dataExportPartOutOfRange(view.parts);
    const bytes = await this.files
      .readRange(dataExportFileKey(exportId), index * DATA_EXPORT_PART_BYTES, DATA_EXPORT_PART_BYTES)
      .catch(() => {
        // The sweep deleted it a moment before its expiry time was read.
        throw dataExportExpired();
      });
    return {
      exportId,
      index,
      parts: view.parts,
      bytes: view.bytes,
      data: Buffer.from(bytes).toString('base64'),
    };
  }

  /** Stores a built zip (replacing what an earlier run of the same job wrote) and schedules its deletion. */
  async store(exportId: string, zip: Uint8Array): Promise<DataExportResult> {
    const key = dataExportFileKey(exportId);
    await this.files.delete(key);
    await this.files.putPart(key, 0, zip);
    await this.files.assemble(key, 1);
    const retentionMs = this.settings.dataExportRetentionMs;
    await this.queue.enqueue<DataExportExpiryJobData>(
      DATA_EXPORT_EXPIRY_JOB,
      { exportId },
      { jobId: `data-export-expire-${exportId}`, delayMs: retentionMs },
    );
    return {
      bytes: zip.length,
      parts: Math.max(1, Math.ceil(zip.length / DATA_EXPORT_PART_BYTES)),
      expiresAt: new Date(this.clock.now().getTime() + retentionMs).toISOString(),
    };
  }

  /** The retention time is over: the zip goes (idempotent). */
  async expire(exportId: string): Promise<boolean> {
    return this.files.delete(dataExportFileKey(exportId));
  }

  /** Account deletion: every export zip of the account still listed, and the list. */
  async deleteUserData(userId: string): Promise<number> {
    let removed = 0;
    for (const exportId of await this.listOf(userId)) if (await this.expire(exportId)) removed++;
    await this.files.delete(listKeyOf(userId));
    return removed;
  }

  private viewOf(exportId: string, job: JobState): DataExportView {
    const result = job.state === 'done' ? (job.result as DataExportResult | undefined) : undefined;
    const isExpired = result !== undefined && Date.parse(result.expiresAt) <= this.clock.now().getTime();
    return {
      exportId,
      state: isExpired ? 'expired' : STATE_OF_JOB[job.state],
      stage: job.stage,
      percent: job.state === 'done' ? 100 : Math.round(job.percent),
      createdAt: job.createdAt,
      expiresAt: result?.expiresAt ?? null,
      bytes: result?.bytes ?? null,
      parts: result?.parts ?? null,
      error: job.state === 'failed' || job.state === 'dead' ? (job.error ?? 'The export failed') : null,
    };
  }

  private async listOf(userId: string): Promise<string[]> {
    const key = listKeyOf(userId);
    if (!(await this.files.exists(key))) return [];
    const parsed: unknown = JSON.parse(Buffer.from(await this.files.read(key)).toString('utf8'));
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  }

  private async writeList(userId: string, exportIds: readonly string[]): Promise<void> {
    const key = listKeyOf(userId);
    await this.files.putPart(key, 0, Buffer.from(JSON.stringify(exportIds)));
    await this.files.assemble(key, 1);
  }
}
