import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  FACT_EXTRACTION_TEXT_MAX_LENGTH,
  type MemoryScopeFields,
  memoryScopeOf,
  type UploadState,
} from '@membolt/contracts';
import { type Job, JOB_QUEUE, type JobQueue, PermanentJobError } from '@membolt/jobs';
import { CLOCK, type Clock } from '@membolt/platform';
import { summaryLead } from '../domain/summary-memory.js';
import { runFileTask } from '../extraction/file-worker.js';
import { checkImage } from '../extraction/image-size.js';
import { FileLimitError, limitMessages } from '../extraction/limits.js';
import type { FileTask, ProcessedFile } from '../extraction/process-file.js';
import { type ImageTextReader, UnreadableFileError } from '../extraction/text-extraction.js';
import { INGESTION_SETTINGS, type IngestionSettings } from '../ingestion.options.js';
import { FILE_FACTS, type FileFacts } from '../ports/file-facts.js';
import { FILE_MEMORIES, type FileMemories } from '../ports/file-memories.js';
import { FILE_SUMMARIES, type FileSummaries } from '../ports/file-summaries.js';
import { FILE_STORE, type FileStore } from '../ports/file-store.js';
import { INGESTION_STORE, type IngestionStore, type UploadRecord } from '../ports/ingestion-store.js';
import { UPLOAD_CHANGES, type UploadChangeNotifier } from '../ports/upload-changes.js';

export const INGEST_FILE_JOB = 'ingest-file';

export const IMAGE_TEXT_READER = Symbol('IMAGE_TEXT_READER');

export interface IngestFileJobData {
  readonly uploadId: string;
  readonly userId: string;
}

export interface IngestFileResult {
  readonly summaryMemoryId: string | null;
  readonly chunks: number;
  /** Facts about the owner the file states, through chat's rules (absent when the upload was abandoned). */
  readonly facts?: { readonly added: number; readonly updated: number; readonly skipped: number };
  /** Set when the upload was deleted while its job ran. */
  readonly abandoned?: true;
}

/** Characters of a file's text read for facts about its owner (the first ones: a file's own words about them). */
const FACT_TEXT_PER_FILE = 10 * FACT_EXTRACTION_TEXT_MAX_LENGTH;
const SUMMARY_IMPORTANCE = 0.7;
const CHUNK_IMPORTANCE = 0.5;

/**
 * The job of one upload: extract the text (PDF pages, Word, plain text, OCR for images) and chunk it by
 * structure in a worker thread, within the file limits (decision 078), store the chunks as memories in
 * batches (the memory service embeds each batch), then a summary memory. Idempotent: a run after a crash asks the memory service what this upload already
 * stored (by its `uploadId` metadata) and stores only the rest, so no chunk is stored twice.
 */
@Injectable()
export class IngestFileJob implements OnModuleInit {
  private readonly logger = new Logger('IngestFileJob');

  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(INGESTION_STORE) private readonly store: IngestionStore,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(FILE_MEMORIES) private readonly memories: FileMemories,
    @Inject(FILE_FACTS) private readonly facts: FileFacts,
    @Inject(FILE_SUMMARIES) private readonly summaries: FileSummaries,
    @Inject(IMAGE_TEXT_READER) private readonly ocr: ImageTextReader,
    @Inject(UPLOAD_CHANGES) private readonly changes: UploadChangeNotifier,
    @Inject(INGESTION_SETTINGS) private readonly settings: IngestionSettings,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.queue.process<IngestFileJobData>(INGEST_FILE_JOB, (job) => this.run(job), {
      concurrency: this.settings.concurrency,
      concurrencyPerGroup: this.settings.concurrencyPerAccount,
    });
  }

  async run(job: Job<IngestFileJobData>): Promise<IngestFileResult> {
    const { uploadId, userId } = job.data;
    try {
      return await this.ingest(job);
    } catch (error) {
      const permanent = error instanceof PermanentJobError || error instanceof UnreadableFileError;
      const message = error instanceof Error ? error.message : String(error);
      if (permanent || job.attempt >= this.settings.attempts) {
        await this.store.uploads.update(uploadId, { state: 'failed', error: message }, this.now());
        await this.changes.changed(userId, uploadId, 'failed', 0);
        // A failed upload keeps no file and no memory; its row stays to say why it failed.
        const row = await this.store.uploads.find(userId, uploadId).catch(() => null);
        const scope = row ? memoryScopeOf(row) : {};
        const made = await this.memories.existing(userId, scope, uploadId).catch(() => null);
        if (made) {
          const ids = [...made.chunks.values(), ...(made.summaryId ? [made.summaryId] : []), ...made.others];
          if (ids.length) await this.memories.delete(userId, scope, ids).catch(() => 0);
        }
        if (!this.settings.keepFiles) await this.files.delete(uploadId).catch(() => false);
        this.logger.warn(`Upload ${uploadId} of ${userId} failed: ${message}`);
      }
      if (error instanceof UnreadableFileError) throw new PermanentJobError(message);
      throw error;
    }
  }

  private async ingest(job: Job<IngestFileJobData>): Promise<IngestFileResult> {
    const { uploadId, userId } = job.data;
    const upload = await this.store.uploads.find(userId, uploadId);
    if (!upload) return { summaryMemoryId: null, chunks: 0, abandoned: true };
    if (upload.state === 'done')
      return { summaryMemoryId: upload.summaryMemoryId, chunks: upload.chunks ?? 0 };
    if (!upload.kind) throw new PermanentJobError('The upload was never completed.');
    // Every memory made from the file, and every fact it teaches, is in the upload's scope (decision 101).
    const scope = memoryScopeOf(upload);

    await this.stage(job, upload, 'extracting', 5);
    if (!(await this.files.exists(uploadId)))
      throw new PermanentJobError('The uploaded file is no longer stored.');
    const processed = await this.read(upload.kind, await this.files.read(uploadId));
    const { chunks, fullText, pages } = processed;
    if (!fullText.trim()) throw new PermanentJobError('No text could be found in the file.');

    await this.stage(job, upload, 'chunking', 25, { pages });

    await this.stage(job, upload, 'embedding', 30, { chunks: chunks.length });
    const existing = await this.memories.existing(userId, scope, uploadId);
    const missing = chunks.filter((chunk) => !existing.chunks.has(chunk.index));
    let stored = chunks.length - missing.length;
    for (let i = 0; i < missing.length; i += this.settings.batchSize) {
      const batch = missing.slice(i, i + this.settings.batchSize);
      const ids = await this.memories.create(
        userId,
        scope,
        batch.map((chunk) => ({
          text: chunk.text,
          importance: CHUNK_IMPORTANCE,
          metadata: {
            uploadId,
            fileName: upload.fileName,
            kind: 'chunk',
            chunkIndex: chunk.index,
            chunkCount: chunks.length,
            page: chunk.page,
            section: chunk.section,
          },
        })),
      );
      if (!(await this.stillThere(userId, scope, uploadId, ids)))
        return { summaryMemoryId: null, chunks: 0, abandoned: true };
      await this.store.uploads.addMemories(
        uploadId,
        ids.map((memoryId, j) => ({ memoryId, kind: 'chunk', chunkIndex: batch[j]?.index ?? null })),
      );
      stored += batch.length;
      await this.stage(job, upload, 'embedding', 30 + Math.round((55 * stored) / chunks.length));
    }

    await this.stage(job, upload, 'summarising', 88);
    // The language model's summary when one is reachable for the user, else an extractive one (TextRank).
    // A job run again keeps the summary memory it already stored.
    let summaryMemoryId = existing.summaryId;
    let summary = existing.summaryText;
    if (!summaryMemoryId) {
      const written = await this.summaries.summarize(userId, upload.fileName, fullText);
      summary = (written?.summary ?? processed.extractiveSummary).slice(0, this.settings.summaryMaxChars);
      const [id] = await this.memories.create(userId, scope, [
        {
          text: `${summaryLead(upload.fileName)}${summary}`.slice(0, 20_000),
          importance: SUMMARY_IMPORTANCE,
          metadata: {
            uploadId,
            fileName: upload.fileName,
            kind: 'summary',
            chunkCount: chunks.length,
            pages,
            summarisedBy: written ? 'model' : 'extractive',
            ...(written ? { model: written.model } : {}),
          },
        },
      ]);
      summaryMemoryId = id ?? null;
      if (!summaryMemoryId || !(await this.stillThere(userId, scope, uploadId, [summaryMemoryId])))
        return { summaryMemoryId: null, chunks: 0, abandoned: true };
      await this.store.uploads.addMemories(uploadId, [
        { memoryId: summaryMemoryId, kind: 'summary', chunkIndex: null },
      ]);
    }

    // What the file says about its owner ("I moved to Oslo", "I am allergic to peanuts") goes through the
    // chat service's rules like an exchange: added, updated, or skipped as already known (so a re-run adds
    // nothing twice). The learned facts carry the upload's id: deleting the upload deletes them.
    // Bounded like the rest of the file: at most the memories one file may make, from its first text. Read chunk
    // by chunk, so that each fact records the chunk it was read in (its source, erased with `cascade=source`);
    // a sentence the chunk overlap repeats is learnt once (the repeat is skipped as known).
    const facts = { added: 0, updated: 0, skipped: 0 };
    const factBudget = this.settings.limits.memoriesPerFile - chunks.length - 1;
    let factChars = 0;
    for (const chunk of chunks) {
      if (facts.added >= factBudget || factChars >= FACT_TEXT_PER_FILE) break;
      factChars += chunk.text.length;
      const learned = await this.facts.learn(userId, {
        text: chunk.paragraphs.slice(0, FACT_EXTRACTION_TEXT_MAX_LENGTH),
        uploadId,
        fileName: upload.fileName,
        chunkIndex: chunk.index,
        scope,
      });
      facts.added += learned.added;
      facts.updated += learned.updated;
      facts.skipped += learned.skipped;
    }
    if (!(await this.store.uploads.find(userId, uploadId))) {
      await this.memories.delete(
        userId,
        scope,
        (await this.memories.existing(userId, scope, uploadId)).others,
      );
      return { summaryMemoryId: null, chunks: 0, abandoned: true };
    }

    await this.store.uploads.update(
      uploadId,
      {
        state: 'done',
        percent: 100,
        pages,
        chunks: chunks.length,
        summary,
        summaryMemoryId,
        error: null,
      },
      this.now(),
    );
    // The file goes as soon as the upload is done, before anyone is told it is.
    if (!this.settings.keepFiles) await this.files.delete(uploadId);
    await job.progress('done', 100);
    await this.changes.changed(userId, uploadId, 'done', 100);
    return { summaryMemoryId, chunks: chunks.length, facts };
  }

  /**
   * Reads the file off the event loop: an image's size is checked from its header, then OCR (its own worker
   * thread) runs under the deadline; extraction, chunking and the extractive summary run in a worker thread
   * with a heap cap and the deadline (file-worker.ts).
   */
  private async read(kind: NonNullable<UploadRecord['kind']>, bytes: Uint8Array): Promise<ProcessedFile> {
    const task: Omit<FileTask, 'source'> = {
      kind,
      limits: this.settings.limits,
      chunkChars: this.settings.chunkChars,
      chunkOverlapChars: this.settings.chunkOverlapChars,
      summarySentences: this.settings.summarySentences,
      summaryMaxChars: this.settings.summaryMaxChars,
    };
    const deadline = Date.now() + this.settings.extractTimeoutMs;
    if (kind === 'jpg' || kind === 'png' || kind === 'gif') {
      checkImage(kind, bytes, this.settings.limits);
      const text = await this.ocrWithin(bytes, this.settings.extractTimeoutMs);
      return runFileTask(
        { ...task, source: { text } },
        { memoryMb: this.settings.workerMemoryMb, timeoutMs: Math.max(1_000, deadline - Date.now()) },
      );
    }
    return runFileTask(
      { ...task, source: { bytes } },
      { memoryMb: this.settings.workerMemoryMb, timeoutMs: this.settings.extractTimeoutMs },
    );
  }

  /** OCR under the deadline; past it the OCR worker is ended (a new one starts for the next image). */
  private async ocrWithin(bytes: Uint8Array, timeoutMs: number): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        void this.ocr.close?.();
        reject(new FileLimitError(limitMessages.deadline(Math.round(timeoutMs / 1000))));
      }, timeoutMs);
    });
    try {
      return await Promise.race([this.ocr.read(bytes), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The upload still exists; if it was deleted meanwhile, the memories just made are removed again. */
  private async stillThere(
    userId: string,
    scope: MemoryScopeFields,
    uploadId: string,
    justCreated: readonly string[],
  ): Promise<boolean> {
    if (await this.store.uploads.find(userId, uploadId)) return true;
    await this.memories.delete(userId, scope, justCreated);
    return false;
  }

  private async stage(
    job: Job<IngestFileJobData>,
    upload: UploadRecord,
    state: UploadState,
    percent: number,
    extra: { pages?: number | null; chunks?: number } = {},
  ): Promise<void> {
    await job.progress(state, percent);
    await this.store.uploads.update(upload.id, { state, percent, error: null, ...extra }, this.now());
    await this.changes.changed(upload.userId, upload.id, state, percent);
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}
