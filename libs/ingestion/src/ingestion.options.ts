import { DEFAULT_UPLOAD_MAX_BYTES } from '@membolt/contracts';
import { type JobsConfig, jobsConfigFields, type JobsConfigValues, toJobsConfig } from '@membolt/jobs';
import { booleanFlag, type StoreConfig, toStoreConfig } from '@membolt/platform';
import { z } from 'zod';

export interface IngestionModuleOptions {
  /** The embedded SQLite file `DATA_DIR/ingestion.sqlite`, or the `membolt_ingestion` MongoDB database. */
  readonly store: StoreConfig;
  /** Where uploaded files wait for their job: `DATA_DIR/uploads` (default: the store's data directory). */
  readonly filesDir?: string;
  /** The job queue (embedded `DATA_DIR/ingestion.jobs.sqlite`, or BullMQ when REDIS_URL is set). */
  readonly jobs?: JobsConfig;
  readonly maxBytes?: number;
  readonly chunkChars?: number;
  readonly chunkOverlapChars?: number;
  /** Uploads one replica processes at once. */
  readonly concurrency?: number;
  readonly attempts?: number;
  /** Keep the original files after processing (default: deleted once their memories are stored). */
  readonly keepFiles?: boolean;
}

export interface IngestionSettings {
  readonly maxBytes: number;
  readonly chunkChars: number;
  readonly chunkOverlapChars: number;
  readonly concurrency: number;
  readonly attempts: number;
  readonly keepFiles: boolean;
  /** Memories per batch create (the memory service embeds each batch at once). */
  readonly batchSize: number;
  readonly summarySentences: number;
  readonly summaryMaxChars: number;
}

export const INGESTION_SETTINGS = Symbol('INGESTION_SETTINGS');

export const DEFAULT_CHUNK_CHARS = 1000;
export const DEFAULT_CHUNK_OVERLAP_CHARS = 150;
export const DEFAULT_INGESTION_CONCURRENCY = 2;
export const DEFAULT_INGESTION_ATTEMPTS = 3;

export function resolveIngestionSettings(options: IngestionModuleOptions): IngestionSettings {
  const chunkChars = options.chunkChars ?? DEFAULT_CHUNK_CHARS;
  return {
    maxBytes: options.maxBytes ?? DEFAULT_UPLOAD_MAX_BYTES,
    chunkChars,
    chunkOverlapChars: Math.min(
      options.chunkOverlapChars ?? DEFAULT_CHUNK_OVERLAP_CHARS,
      Math.floor(chunkChars / 2),
    ),
    concurrency: options.concurrency ?? DEFAULT_INGESTION_CONCURRENCY,
    attempts: options.attempts ?? DEFAULT_INGESTION_ATTEMPTS,
    keepFiles: options.keepFiles ?? false,
    batchSize: 50,
    summarySentences: 5,
    summaryMaxChars: 1200,
  };
}

/** Environment fields of a process that runs the ingestion service (spread into its config schema). */
export const ingestionConfigFields = {
  ...jobsConfigFields,
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(DEFAULT_UPLOAD_MAX_BYTES),
  INGESTION_CHUNK_CHARS: z.coerce.number().int().min(200).max(20_000).default(DEFAULT_CHUNK_CHARS),
  INGESTION_CHUNK_OVERLAP_CHARS: z.coerce
    .number()
    .int()
    .min(0)
    .max(5_000)
    .default(DEFAULT_CHUNK_OVERLAP_CHARS),
  INGESTION_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(DEFAULT_INGESTION_CONCURRENCY),
  INGESTION_JOB_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(DEFAULT_INGESTION_ATTEMPTS),
  INGESTION_KEEP_FILES: booleanFlag(false),
};

export interface IngestionConfigValues extends JobsConfigValues {
  readonly MONGO_URL?: string | undefined;
  readonly UPLOAD_MAX_BYTES: number;
  readonly INGESTION_CHUNK_CHARS: number;
  readonly INGESTION_CHUNK_OVERLAP_CHARS: number;
  readonly INGESTION_CONCURRENCY: number;
  readonly INGESTION_JOB_ATTEMPTS: number;
  readonly INGESTION_KEEP_FILES: boolean;
}

/** The module's options from a validated process config (the service's own app, or standalone). */
export function toIngestionModuleOptions(config: IngestionConfigValues): IngestionModuleOptions {
  return {
    store: toStoreConfig(config),
    filesDir: config.DATA_DIR,
    jobs: toJobsConfig(config),
    maxBytes: config.UPLOAD_MAX_BYTES,
    chunkChars: config.INGESTION_CHUNK_CHARS,
    chunkOverlapChars: config.INGESTION_CHUNK_OVERLAP_CHARS,
    concurrency: config.INGESTION_CONCURRENCY,
    attempts: config.INGESTION_JOB_ATTEMPTS,
    keepFiles: config.INGESTION_KEEP_FILES,
  };
}
