import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type BeginUploadRequest,
  type EndUserUploadsDeletionView,
  FINISHED_UPLOAD_STATES,
  inRecordScope,
  type ListUploadsRequest,
  type MemoryScopeFields,
  memoryScopeOf,
  recordScopeOf,
  UPLOAD_PART_BYTES,
  type UploadDeletionReceipt,
  type UploadPartRequest,
} from '@membolt/contracts';
import { JOB_QUEUE, type JobQueue } from '@membolt/jobs';
import { CLOCK, type Clock } from '@membolt/platform';
import { detectFileKind } from './domain/file-kind.js';
import {
  emptyFile,
  partOutOfRange,
  partTooLarge,
  sizeMismatch,
  unsupportedFileType,
  uploadNotFound,
  uploadNotReceiving,
  uploadTooLarge,
} from './ingestion.errors.js';
import { INGESTION_SETTINGS, type IngestionSettings } from './ingestion.options.js';
import { INGEST_FILE_JOB, type IngestFileJobData } from './jobs/ingest-file.job.js';
import { FILE_MEMORIES, type FileMemories } from './ports/file-memories.js';
import { FILE_STORE, type FileStore } from './ports/file-store.js';
import { INGESTION_STORE, type IngestionStore, type UploadRecord } from './ports/ingestion-store.js';
import { UPLOAD_CHANGES, type UploadChangeNotifier } from './ports/upload-changes.js';

/** What account deletion removed, counted by kind. */
export type RemovedUserData = Readonly<Record<string, number>>;

const partsFor = (size: number): number => Math.max(1, Math.ceil(size / UPLOAD_PART_BYTES));

/** The rules of the ingestion service. Every read and write is scoped to the acting user. */
@Injectable()
export class IngestionService {
  constructor(
    @Inject(INGESTION_STORE) private readonly store: IngestionStore,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(FILE_MEMORIES) private readonly memories: FileMemories,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(UPLOAD_CHANGES) private readonly changes: UploadChangeNotifier,
    @Inject(INGESTION_SETTINGS) private readonly settings: IngestionSettings,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Opens an upload; the size limit is enforced here, before any byte is sent. */
  async begin(userId: string, request: BeginUploadRequest): Promise<UploadRecord> {
    if (request.fileSize > this.settings.maxBytes) throw uploadTooLarge(this.settings.maxBytes);
    if (request.fileSize === 0) throw emptyFile();
    const now = this.clock.now().toISOString();
    const record: UploadRecord = {
      id: randomUUID(),
      userId,
      fileName: request.fileName,
      fileType: request.fileType?.trim() || null,
      kind: null,
      size: request.fileSize,
      state: 'receiving',
      percent: 0,
      pages: null,
      chunks: null,
      summary: null,
      summaryMemoryId: null,
      error: null,
      ...recordScopeOf(request),
      createdAt: now,
      updatedAt: now,
    };
    await this.store.uploads.insert(record);
    return record;
  }

  async part(userId: string, request: UploadPartRequest): Promise<{ bytes: number }> {
    const upload = await this.find(userId, request.uploadId);
    if (upload.state !== 'receiving') throw uploadNotReceiving();
    const parts = partsFor(upload.size);
    if (request.index >= parts) throw partOutOfRange(request.index, parts);
    const bytes = Buffer.from(request.data, 'base64');
    if (bytes.length > UPLOAD_PART_BYTES) throw partTooLarge(UPLOAD_PART_BYTES);
    await this.files.putPart(upload.id, request.index, bytes);
    return { bytes: bytes.length };
  }

  /**
   * Checks the received file against its declared size and decides its type from its content; a bad
   * file is discarded (nothing stays) and refused. A good one is queued for its job. Idempotent.
   */
  async complete(userId: string, request: { uploadId: string } & MemoryScopeFields): Promise<UploadRecord> {
    const upload = await this.find(userId, request.uploadId, request);
    if (upload.state !== 'receiving') return upload;
    const parts = partsFor(upload.size);
    const received = await this.files.parts(upload.id);
    const complete = received.indexes.length === parts && received.indexes.every((index, i) => index === i);
    if (!complete || received.bytes !== upload.size) {
      await this.discard(upload);
      throw sizeMismatch(upload.size, received.bytes);
    }
    await this.files.assemble(upload.id, parts);
    const verdict = await detectFileKind(await this.files.read(upload.id), upload.fileName, upload.fileType);
    if (!verdict.ok) {
      await this.discard(upload);
      throw unsupportedFileType(verdict.detected, verdict.declared);
    }
    const now = this.clock.now().toISOString();
    await this.store.uploads.update(upload.id, { kind: verdict.kind, state: 'queued' }, now);
    const data: IngestFileJobData = { uploadId: upload.id, userId };
    await this.queue.enqueue(INGEST_FILE_JOB, data, {
      jobId: upload.id,
      attempts: this.settings.attempts,
      backoffMs: 2_000,
      group: userId,
    });
    await this.changes.changed(userId, upload.id, 'queued', upload.percent);
    return { ...upload, kind: verdict.kind, state: 'queued', updatedAt: now };
  }

  /** The upload, its state reconciled with its job (a job that died for good fails its upload). */
  async get(userId: string, request: { uploadId: string } & MemoryScopeFields): Promise<UploadRecord> {
    return this.reconcile(await this.find(userId, request.uploadId, request));
  }

  /** A page of the user's uploads, each reconciled with its job like `get`. */
  async list(
    userId: string,
    request: ListUploadsRequest,
  ): Promise<{ uploads: UploadRecord[]; total: number }> {
    const scope = {
      endUserId: request.endUserId || null,
      ...(request.agentId !== undefined ? { agentId: request.agentId } : {}),
      ...(request.runId !== undefined ? { runId: request.runId } : {}),
    };
    const page = await this.store.uploads.list(userId, scope, request.limit, request.offset);
    return { ...page, uploads: await Promise.all(page.uploads.map((upload) => this.reconcile(upload))) };
  }

  /**
   * An upload in processing whose job ended without finishing it (dead after its attempts, each cut short
   * by a crash, or failed) is failed with the job's reason, its file removed: never left showing a stage.
   */
  private async reconcile(upload: UploadRecord): Promise<UploadRecord> {
    if (upload.state === 'receiving' || FINISHED_UPLOAD_STATES.includes(upload.state)) return upload;
    const job = await this.queue.get(upload.id);
    if (job && (job.state === 'dead' || job.state === 'failed')) {
      const error = job.error ?? 'Processing failed.';
      const now = this.clock.now().toISOString();
      await this.store.uploads.update(upload.id, { state: 'failed', error }, now);
      await this.changes.changed(upload.userId, upload.id, 'failed', upload.percent);
      if (!this.settings.keepFiles) await this.files.delete(upload.id);
      return { ...upload, state: 'failed', error, updatedAt: now };
    }
    return upload;
  }

  /**
   * Deletes an upload and everything made from it: its memories (their concepts go with them) and the
   * stored file. The row goes first, so a job still running sees it gone and stops.
   */
  async delete(
    userId: string,
    request: { uploadId: string } & MemoryScopeFields,
  ): Promise<UploadDeletionReceipt> {
    return this.remove(await this.find(userId, request.uploadId, request));
  }

  /**
   * Erasing an end user: every upload of theirs with its memories and file, whatever its agent and run.
   * Idempotent (a second call finds nothing).
   */
  async deleteEndUser(userId: string, endUserId: string): Promise<EndUserUploadsDeletionView> {
    const removed = { uploads: 0, files: 0, memories: 0 };
    for (const upload of await this.store.uploads.ofEndUser(userId, endUserId)) {
      const receipt = await this.remove(upload);
      removed.uploads++;
      removed.memories += receipt.memoriesDeleted;
      if (receipt.fileDeleted) removed.files++;
    }
    return removed;
  }

  private async remove(upload: UploadRecord): Promise<UploadDeletionReceipt> {
    const scope = memoryScopeOf(upload);
    const recorded = await this.store.uploads.memoriesOf(upload.id);
    await this.store.uploads.delete(upload.userId, upload.id);
    const found = await this.memories.existing(upload.userId, scope, upload.id);
    const ids = new Set([
      ...recorded.map((m) => m.memoryId),
      ...found.chunks.values(),
      ...(found.summaryId ? [found.summaryId] : []),
      ...found.others,
    ]);
    const memoriesDeleted = await this.memories.delete(upload.userId, scope, [...ids]);
    const fileDeleted = await this.files.delete(upload.id);
    return { uploadId: upload.id, memoriesDeleted, fileDeleted };
  }

  /**
   * Account deletion: every upload and stored file of the user. Their memories are the memory service's
   * (it deletes them itself when the account goes). Idempotent.
   */
  async deleteUserData(userId: string): Promise<RemovedUserData> {
    const ids = await this.store.uploads.idsOf(userId);
    let files = 0;
    for (const id of ids) {
      await this.store.uploads.delete(userId, id);
      if (await this.files.delete(id)) files++;
    }
    return ids.length ? { uploads: ids.length, files } : {};
  }

  /** Removes uploads whose parts never completed (opened more than `maxAgeMs` ago) and their parts. */
  async purgeAbandoned(maxAgeMs: number): Promise<number> {
    const before = new Date(this.clock.now().getTime() - maxAgeMs).toISOString();
    let removed = 0;
    for (;;) {
      const stale = await this.store.uploads.abandoned(before, 100);
      for (const upload of stale) {
        await this.files.delete(upload.id);
        if (await this.store.uploads.delete(upload.userId, upload.id)) removed++;
      }
      if (stale.length < 100) return removed;
    }
  }

  /** The user's upload; with a scope, one of that scope only (another scope's is NOT_FOUND, decision 019). */
  private async find(userId: string, uploadId: string, scope?: MemoryScopeFields): Promise<UploadRecord> {
    const upload = await this.store.uploads.find(userId, uploadId);
    if (!upload || (scope && !inRecordScope(upload, scope))) throw uploadNotFound();
    return upload;
  }

  private async discard(upload: UploadRecord): Promise<void> {
    await this.files.delete(upload.id);
    await this.store.uploads.delete(upload.userId, upload.id);
  }
}
