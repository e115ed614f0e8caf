import { DEFAULT_UPLOAD_MAX_BYTES } from '@membolt/contracts';
import { type JobsConfig, jobsConfigFields, type JobsConfigValues, toJobsConfig } from '@membolt/jobs';
import { booleanFlag, type StoreConfig, toStoreConfig } from '@membolt/platform';
import { z } from 'zod';
import type { S3FileStoreSettings } from './adapters/s3/s3-file-store.js';
import type { ExtractionLimits } from './extraction/limits.js';

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
  /** Uploads of one account processed at once (across the replicas), so no account starves another. */
  readonly concurrencyPerAccount?: number;
  /** What one file may cause (decision 078); each limit has a safe default. */
  readonly limits?: Partial<ExtractionLimits>;
  /** The heap of the worker thread that reads one file, in MB. */
  readonly workerMemoryMb?: number;
  /** How long reading one file (extraction, OCR, chunking) may take. */
  readonly extractTimeoutMs?: number;
  /** An upload still `receiving` this long after it was opened is abandoned: removed with its parts. */
  readonly abandonedAfterMs?: number;
  /** How long a finished data export (decision 145) stays downloadable before its zip is deleted. */
  readonly dataExportRetentionMs?: number;
  readonly attempts?: number;
  /** Keep the original files after processing (default: deleted once their memories are stored). */
  readonly keepFiles?: boolean;
  /** Where the files wait: local disk under `filesDir` (default), or an S3-compatible bucket (decision 069). */
  readonly fileStore?: { readonly kind: 'disk' } | ({ readonly kind: 's3' } & S3FileStoreSettings);
}

export interface IngestionSettings {
  readonly maxBytes: number;
  readonly chunkChars: number;
  readonly chunkOverlapChars: number;
  readonly concurrency: number;
  readonly concurrencyPerAccount: number;
  readonly attempts: number;
  readonly keepFiles: boolean;
  readonly limits: ExtractionLimits;
  readonly workerMemoryMb: number;
  readonly extractTimeoutMs: number;
  readonly abandonedAfterMs: number;
  readonly dataExportRetentionMs: number;
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
export const DEFAULT_INGESTION_CONCURRENCY_PER_ACCOUNT = 1;
export const DEFAULT_EXTRACTION_LIMITS: ExtractionLimits = {
  archiveMaxBytes: 100 * 1024 * 1024,
  archiveMaxEntries: 2_000,
  pdfMaxPages: 2_000,
  textMaxChars: 2_000_000,
  memoriesPerFile: 2_000,
  imageMaxPixels: 50_000_000,
};
export const DEFAULT_INGESTION_WORKER_MEMORY_MB = 512;
export const DEFAULT_INGESTION_EXTRACT_TIMEOUT_SECONDS = 120;
export const DEFAULT_ABANDONED_UPLOAD_MINUTES = 60;
export const DEFAULT_DATA_EXPORT_RETENTION_HOURS = 24;

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
    concurrencyPerAccount: options.concurrencyPerAccount ?? DEFAULT_INGESTION_CONCURRENCY_PER_ACCOUNT,
    attempts: options.attempts ?? DEFAULT_INGESTION_ATTEMPTS,
    keepFiles: options.keepFiles ?? false,
    limits: { ...DEFAULT_EXTRACTION_LIMITS, ...options.limits },
    workerMemoryMb: options.workerMemoryMb ?? DEFAULT_INGESTION_WORKER_MEMORY_MB,
    extractTimeoutMs: options.extractTimeoutMs ?? DEFAULT_INGESTION_EXTRACT_TIMEOUT_SECONDS * 1000,
    abandonedAfterMs: options.abandonedAfterMs ?? DEFAULT_ABANDONED_UPLOAD_MINUTES * 60_000,
    dataExportRetentionMs: options.dataExportRetentionMs ?? DEFAULT_DATA_EXPORT_RETENTION_HOURS * 3_600_000,
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
  INGESTION_CONCURRENCY_PER_ACCOUNT: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(DEFAULT_INGESTION_CONCURRENCY_PER_ACCOUNT),
  INGESTION_ARCHIVE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .max(4 * 1024 * 1024 * 1024)
    .default(DEFAULT_EXTRACTION_LIMITS.archiveMaxBytes),
  INGESTION_ARCHIVE_MAX_ENTRIES: z.coerce
    .number()
    .int()
    .min(10)
    .max(1_000_000)
    .default(DEFAULT_EXTRACTION_LIMITS.archiveMaxEntries),
  INGESTION_PDF_MAX_PAGES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(DEFAULT_EXTRACTION_LIMITS.pdfMaxPages),
  INGESTION_TEXT_MAX_CHARS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(1_000_000_000)
    .default(DEFAULT_EXTRACTION_LIMITS.textMaxChars),
  INGESTION_MEMORIES_PER_FILE: z.coerce
    .number()
    .int()
    .min(2)
    .max(1_000_000)
    .default(DEFAULT_EXTRACTION_LIMITS.memoriesPerFile),
  INGESTION_IMAGE_MAX_PIXELS: z.coerce
    .number()
    .int()
    .min(10_000)
    .max(1_000_000_000)
    .default(DEFAULT_EXTRACTION_LIMITS.imageMaxPixels),
  INGESTION_WORKER_MEMORY_MB: z.coerce
    .number()
    .int()
    .min(64)
    .max(16_384)
    .default(DEFAULT_INGESTION_WORKER_MEMORY_MB),
  INGESTION_EXTRACT_TIMEOUT_SECONDS: z.coerce
    .number()
    .min(1)
    .max(86_400)
    .default(DEFAULT_INGESTION_EXTRACT_TIMEOUT_SECONDS),
  INGESTION_ABANDONED_UPLOAD_MINUTES: z.coerce
    .number()
    .min(1)
    .max(7 * 24 * 60)
    .default(DEFAULT_ABANDONED_UPLOAD_MINUTES),
  /** Hours a finished "Download my data" zip stays downloadable (fractions allowed, for tests). */
  DATA_EXPORT_RETENTION_HOURS: z.coerce
    .number()
    .min(0.0001)
    .max(24 * 30)
    .default(DEFAULT_DATA_EXPORT_RETENTION_HOURS),
  /** `disk` (DATA_DIR/uploads) or `s3`: several ingestion replicas share no disk. */
  INGESTION_FILE_STORE: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3-63 lower-case letters, digits, . and -)',
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'must be a region such as us-east-1')
    .default('us-east-1'),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://minio:9000' })
    .optional(),
  S3_FORCE_PATH_STYLE: booleanFlag(false),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PREFIX: z
    .string()
    .regex(
      /^(?!(.*\/)?\.\.?(\/|$))[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/,
      'must be a key prefix such as uploads or membolt/uploads',
    )
    .default('uploads'),
};

export interface IngestionConfigValues extends JobsConfigValues {
  readonly MONGO_URL?: string | undefined;
  readonly UPLOAD_MAX_BYTES: number;
  readonly INGESTION_CHUNK_CHARS: number;
  readonly INGESTION_CHUNK_OVERLAP_CHARS: number;
  readonly INGESTION_CONCURRENCY: number;
  readonly INGESTION_JOB_ATTEMPTS: number;
  readonly INGESTION_KEEP_FILES: boolean;
  readonly INGESTION_CONCURRENCY_PER_ACCOUNT?: number;
  readonly INGESTION_ARCHIVE_MAX_BYTES?: number;
  readonly INGESTION_ARCHIVE_MAX_ENTRIES?: number;
  readonly INGESTION_PDF_MAX_PAGES?: number;
  readonly INGESTION_TEXT_MAX_CHARS?: number;
  readonly INGESTION_MEMORIES_PER_FILE?: number;
  readonly INGESTION_IMAGE_MAX_PIXELS?: number;
  readonly INGESTION_WORKER_MEMORY_MB?: number;
  readonly INGESTION_EXTRACT_TIMEOUT_SECONDS?: number;
  readonly INGESTION_ABANDONED_UPLOAD_MINUTES?: number;
  readonly DATA_EXPORT_RETENTION_HOURS?: number;
  readonly INGESTION_FILE_STORE?: 'disk' | 's3';
  readonly S3_BUCKET?: string | undefined;
  readonly S3_REGION?: string;
  readonly S3_ENDPOINT?: string | undefined;
  readonly S3_FORCE_PATH_STYLE?: boolean;
  readonly S3_ACCESS_KEY_ID?: string | undefined;
  readonly S3_SECRET_ACCESS_KEY?: string | undefined;
  readonly S3_PREFIX?: string;
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
    concurrencyPerAccount: config.INGESTION_CONCURRENCY_PER_ACCOUNT,
    limits: definedOnly({
      archiveMaxBytes: config.INGESTION_ARCHIVE_MAX_BYTES,
      archiveMaxEntries: config.INGESTION_ARCHIVE_MAX_ENTRIES,
      pdfMaxPages: config.INGESTION_PDF_MAX_PAGES,
      textMaxChars: config.INGESTION_TEXT_MAX_CHARS,
      memoriesPerFile: config.INGESTION_MEMORIES_PER_FILE,
      imageMaxPixels: config.INGESTION_IMAGE_MAX_PIXELS,
    }),
    workerMemoryMb: config.INGESTION_WORKER_MEMORY_MB,
    extractTimeoutMs:
      config.INGESTION_EXTRACT_TIMEOUT_SECONDS === undefined
        ? undefined
        : Math.round(config.INGESTION_EXTRACT_TIMEOUT_SECONDS * 1000),
    abandonedAfterMs:
      config.INGESTION_ABANDONED_UPLOAD_MINUTES === undefined
        ? undefined
        : Math.round(config.INGESTION_ABANDONED_UPLOAD_MINUTES * 60_000),
    dataExportRetentionMs:
      config.DATA_EXPORT_RETENTION_HOURS === undefined
        ? undefined
        : Math.round(config.DATA_EXPORT_RETENTION_HOURS * 3_600_000),
    fileStore: fileStoreOf(config),
  };
}

function definedOnly<T extends object>(values: { [K in keyof T]: T[K] | undefined }): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function fileStoreOf(config: IngestionConfigValues): IngestionModuleOptions['fileStore'] {
  if (config.INGESTION_FILE_STORE !== 's3') return { kind: 'disk' };
  if (!config.S3_BUCKET)
    throw new Error('Invalid configuration: S3_BUCKET is required when INGESTION_FILE_STORE=s3');
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY))
    throw new Error(
      'Invalid configuration: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK default credentials)',
    );
  return {
    kind: 's3',
    bucket: config.S3_BUCKET,
    region: config.S3_REGION ?? 'us-east-1',
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? false,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    prefix: config.S3_PREFIX ?? 'uploads',
  };
}
