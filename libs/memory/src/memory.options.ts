import { DEFAULT_MEMORY_METADATA_MAX_DEPTH, DEFAULT_MEMORY_METADATA_MAX_KEYS } from '@membolt/contracts';
import { type StoreConfig, toStoreConfig } from '@membolt/platform';
import type { JobsConfig } from '@membolt/jobs';
import { z } from 'zod';
import { DEFAULT_EXACT_CACHE_MB } from './ports/memory-store.js';
import type { QdrantOptions } from './adapters/mongo/memory-store.mongo.js';
import { type CpuWorkerLimits, DEFAULT_CPU_WORKER_LIMITS } from './workers/memory-cpu-worker.js';
import type { SweepPacing } from './background-sweep.js';
import {
  type EmbedderConfigValues,
  type EmbedderOptions,
  embedderConfigFields,
  toEmbedderOptions,
} from './embedders/create-embedder.js';

export interface MemoryModuleOptions {
  /** The embedded SQLite file `DATA_DIR/memory.sqlite`, or the `membolt_memory` MongoDB database. */
  readonly store: StoreConfig;
  /** The embedder (offline hashed TF-IDF by default); its dimension is the wire dimension of every vector. */
  readonly embedder: EmbedderOptions;
  /** Scopes with at least this many vectors are searched through an ANN index (default 1000). */
  readonly annMinVectors?: number;
  /** Embedded store: MB of vectors the exact scan keeps in memory across scopes (default 64). */
  readonly exactCacheMb?: number;
  /** Where the vectors live when the store is MongoDB (required then). */
  readonly qdrant?: QdrantOptions | undefined;
  /** The plans' retention (decision 067): how often the sweep runs, and the floor no retention goes under. */
  readonly retention?: Partial<RetentionSettings>;
  /** The memory service's durable queue (default: read from the environment by @membolt/jobs). */
  readonly jobs?: JobsConfig;
  /** Fields (at every level, default 256) and nesting (default 16) of one memory's metadata. */
  readonly metadataLimits?: Partial<MetadataLimits>;
  /** The heap cap and per-task deadline of the worker thread that extracts concepts and embeds batches. */
  readonly worker?: Partial<CpuWorkerLimits>;
  /** Longest a read of concept data waits for its scope's pending memories (default 1,500 ms). */
  readonly conceptSettleMs?: number;
  /**
   * When concept linking and sentence encoding run after the writes that give them work (decision 227;
   * default: once writes pause for 1 s, at most 10 s after a write).
   */
  readonly backgroundPacing?: SweepPacing;
  /** The sentence encoder's channel (decisions 162, 203); absent: off. */
  readonly sentenceEncoder?: SentenceEncoderOptions | undefined;
  /**
   * Memories added without a conversation take the ones stored just before/after them by the same writer as
   * neighbours, up to a pause longer than this (decision 196; default 30 minutes, 0: off).
   */
  readonly sessionGapMs?: number;
}

/**
 * `auto` (the default, decision 212): USE-lite for scopes of at most `SENTENCE_ENCODER_MAX_SCOPE` memories,
 * only theirs encoded; `use-lite`: every memory encoded, the channel read in scopes within the bound; `off`.
 */
export const SENTENCE_ENCODER_KINDS = ['auto', 'use-lite', 'off'] as const;
export type SentenceEncoderKind = (typeof SENTENCE_ENCODER_KINDS)[number];

/** Which memories the sweep encodes: those of scopes within the bound (`auto`), or every one (`use-lite`). */
export type SentenceEncodes = 'small-scopes' | 'every-scope';

export interface SentenceEncoderOptions {
  readonly kind: 'use-lite';
  /** Scopes holding more memories than this are searched without the channel. */
  readonly maxScope: number;
  readonly encodes: SentenceEncodes;
}

/**
 * The largest scope (memories of one user and end user) the sentence channel reads, and in `auto` mode the
 * largest whose memories are encoded: a personal assistant's facts, not a large app's end users. The exact
 * scan costs ~8 ms at 2,000 on top of the query's encoding (~70 ms), and encoding a whole scope that size
 * ~20 s of the sentence thread (decision 203).
 */
export const DEFAULT_SENTENCE_MAX_SCOPE = 2_000;

/**
 * The pause that ends an inferred session of memories added without a conversation (decision 196): a chat
 * client adds a turn every few seconds to minutes; a pause of half an hour is another sitting.
 */
export const DEFAULT_SESSION_GAP_MINUTES = 30;

export interface MetadataLimits {
  readonly maxKeys: number;
  readonly maxDepth: number;
}

export interface RetentionSettings {
  /** How often the sweep looks for accounts with memories past their plan's retention (default 1 hour). */
  readonly sweepMs: number;
  /** Memories younger than this many days are never removed, whatever a plan says (default 7, Free's). */
  readonly minDays: number;
}

export const DEFAULT_RETENTION_SETTINGS: RetentionSettings = { sweepMs: 3_600_000, minDays: 7 };

/**
 * A JS exact scan costs ~1.6 µs per 1536-d vector here (1.6 ms at 1,000, 8 ms at 5,000) while HNSW answers
 * in ~1 ms at any size and builds at ~500-1,500 vectors/s: from 1,000 vectors a scope gets an index.
 */
export const DEFAULT_ANN_MIN_VECTORS = 1000;

/** The memory service's own settings, resolved. */
export interface MemorySettings {
  readonly dimension: number;
  readonly annMinVectors: number;
  readonly exactCacheMb?: number;
  readonly metadataLimits: MetadataLimits;
  readonly conceptSettleMs: number;
  /** When concept linking and sentence encoding run after writes (decision 227); absent: at once. */
  readonly backgroundPacing?: SweepPacing;
  /** Past this many memories a scope is searched without the sentence channel (decisions 162, 203). */
  readonly sentenceMaxScope?: number;
  /** Which memories the sentence sweep encodes (decision 203; default `small-scopes`). */
  readonly sentenceEncodes?: SentenceEncodes;
  /** Longest a search waits for the sentence channel before it ranks without it (default 1,500 ms). */
  readonly sentenceWaitMs?: number;
  /** The pause that ends an inferred session (decision 196); 0: memories without a conversation get no neighbours. */
  readonly sessionGapMs?: number;
}

/** Under the bus's default timeout (5 s), with room for the read itself. */
export const DEFAULT_CONCEPT_SETTLE_MS = 1_500;

/**
 * Concept linking and sentence encoding wait for the writes to pause this long (decision 227): a bulk add
 * sends its next request within milliseconds, a person's next message comes seconds later.
 */
export const DEFAULT_BACKGROUND_QUIET_MS = 1_000;

/**
 * ... and at most this long after a write, so a steady stream of writes (many users at once) still has its
 * memories linked and encoded within seconds: the "searchable by meaning" promise of the API docs.
 */
export const DEFAULT_BACKGROUND_MAX_DELAY_MS = 10_000;

export const DEFAULT_BACKGROUND_PACING: SweepPacing = {
  quietMs: DEFAULT_BACKGROUND_QUIET_MS,
  maxDelayMs: DEFAULT_BACKGROUND_MAX_DELAY_MS,
};

export const MEMORY_SETTINGS = Symbol('MEMORY_SETTINGS');

export function resolveMemorySettings(options: MemoryModuleOptions): MemorySettings {
  return {
    dimension: options.embedder.dimension,
    annMinVectors: options.annMinVectors ?? DEFAULT_ANN_MIN_VECTORS,
    ...(options.exactCacheMb !== undefined ? { exactCacheMb: options.exactCacheMb } : {}),
    metadataLimits: {
      maxKeys: options.metadataLimits?.maxKeys ?? DEFAULT_MEMORY_METADATA_MAX_KEYS,
      maxDepth: options.metadataLimits?.maxDepth ?? DEFAULT_MEMORY_METADATA_MAX_DEPTH,
    },
    conceptSettleMs: options.conceptSettleMs ?? DEFAULT_CONCEPT_SETTLE_MS,
    backgroundPacing: options.backgroundPacing ?? DEFAULT_BACKGROUND_PACING,
    sentenceMaxScope: options.sentenceEncoder?.maxScope ?? DEFAULT_SENTENCE_MAX_SCOPE,
    sentenceEncodes: options.sentenceEncoder?.encodes ?? 'small-scopes',
    sessionGapMs: options.sessionGapMs ?? DEFAULT_SESSION_GAP_MINUTES * 60_000,
  };
}

export const RETENTION_SETTINGS = Symbol('RETENTION_SETTINGS');

export function resolveRetentionSettings(options: MemoryModuleOptions): RetentionSettings {
  return { ...DEFAULT_RETENTION_SETTINGS, ...options.retention };
}

/** Environment fields of a process that runs the memory service (spread into its config schema). */
export const memoryConfigFields = {
  ...embedderConfigFields,
  MEMORY_ANN_MIN: z.coerce.number().int().min(1).max(100_000_000).default(DEFAULT_ANN_MIN_VECTORS),
  /** MB of vectors the embedded store's exact scan keeps in memory across scopes (0: read every search). */
  MEMORY_EXACT_CACHE_MB: z.coerce.number().int().min(0).max(1_000_000).default(DEFAULT_EXACT_CACHE_MB),
  /** Qdrant, for the vectors of the distributed store (MONGO_URL set). */
  QDRANT_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://qdrant:6333' })
    .optional(),
  QDRANT_API_KEY: z.string().min(1).optional(),
  QDRANT_COLLECTION: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,255}$/, 'must be a collection name (letters, digits, _ and -)')
    .default('membolt_memories'),
  MEMORY_RETENTION_SWEEP_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  MEMORY_RETENTION_MIN_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  MEMORY_METADATA_MAX_KEYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(DEFAULT_MEMORY_METADATA_MAX_KEYS),
  /** At most the edges' JSON depth limit (64 by default) less the body around the metadata. */
  MEMORY_METADATA_MAX_DEPTH: z.coerce
    .number()
    .int()
    .min(1)
    .max(63)
    .default(DEFAULT_MEMORY_METADATA_MAX_DEPTH),
  MEMORY_WORKER_MEMORY_MB: z.coerce
    .number()
    .int()
    .min(32)
    .max(16_384)
    .default(DEFAULT_CPU_WORKER_LIMITS.memoryMb),
  MEMORY_WORKER_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(DEFAULT_CPU_WORKER_LIMITS.timeoutMs / 1000),
  /** Seconds a memory worker thread is kept without a task before it is ended (the next task starts one). */
  MEMORY_WORKER_IDLE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default((DEFAULT_CPU_WORKER_LIMITS.idleMs ?? 60_000) / 1000),
  /**
   * The offline sentence encoder (USE-lite, shipped in npm; decisions 162, 203, 212): `auto` (the default)
   * for scopes within SENTENCE_ENCODER_MAX_SCOPE, `use-lite` for every memory, or `off`.
   */
  SENTENCE_ENCODER: z.enum(SENTENCE_ENCODER_KINDS).default('auto'),
  SENTENCE_ENCODER_MAX_SCOPE: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_SENTENCE_MAX_SCOPE),
  /** Minutes of pause that end an inferred session of memories added without a conversation; 0: off. */
  MEMORY_SESSION_GAP_MINUTES: z.coerce.number().int().min(0).max(1440).default(DEFAULT_SESSION_GAP_MINUTES),
  /** Concept linking and sentence encoding start once no write came for this long (decision 227; 0: at once). */
  MEMORY_BACKGROUND_QUIET_MS: z.coerce.number().int().min(0).max(60_000).default(DEFAULT_BACKGROUND_QUIET_MS),
  /** ... and at most this long after a write, whatever the writes (at least MEMORY_BACKGROUND_QUIET_MS). */
  MEMORY_BACKGROUND_MAX_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(600_000)
    .default(DEFAULT_BACKGROUND_MAX_DELAY_MS),
};

/** The memory service's config values: `storeConfigFields` and `memoryConfigFields`, validated. */
export interface MemoryConfigValues extends EmbedderConfigValues {
  readonly DATA_DIR: string;
  readonly MONGO_URL?: string | undefined;
  readonly MEMORY_ANN_MIN: number;
  readonly MEMORY_EXACT_CACHE_MB?: number;
  readonly QDRANT_URL?: string | undefined;
  readonly QDRANT_API_KEY?: string | undefined;
  readonly QDRANT_COLLECTION: string;
  readonly MEMORY_RETENTION_SWEEP_MINUTES?: number;
  readonly MEMORY_RETENTION_MIN_DAYS?: number;
  readonly MEMORY_METADATA_MAX_KEYS?: number;
  readonly MEMORY_METADATA_MAX_DEPTH?: number;
  readonly MEMORY_WORKER_MEMORY_MB?: number;
  readonly MEMORY_WORKER_TIMEOUT_SECONDS?: number;
  readonly MEMORY_WORKER_IDLE_SECONDS?: number;
  readonly SENTENCE_ENCODER?: SentenceEncoderKind;
  readonly SENTENCE_ENCODER_MAX_SCOPE?: number;
  readonly MEMORY_SESSION_GAP_MINUTES?: number;
  readonly MEMORY_BACKGROUND_QUIET_MS?: number;
  readonly MEMORY_BACKGROUND_MAX_DELAY_MS?: number;
}

/** The module's options from a validated process config (the service's own app, or standalone). */
export function toMemoryModuleOptions(config: MemoryConfigValues): MemoryModuleOptions {
  const store = toStoreConfig(config);
  if (store.kind === 'mongo' && !config.QDRANT_URL) {
    throw new Error(
      'Invalid configuration: QDRANT_URL is required when MONGO_URL is set (the memory service keeps its vectors in Qdrant)',
    );
  }
  return {
    store,
    embedder: toEmbedderOptions(config),
    annMinVectors: config.MEMORY_ANN_MIN,
    ...(config.MEMORY_EXACT_CACHE_MB !== undefined ? { exactCacheMb: config.MEMORY_EXACT_CACHE_MB } : {}),
    qdrant: config.QDRANT_URL
      ? { url: config.QDRANT_URL, apiKey: config.QDRANT_API_KEY, collection: config.QDRANT_COLLECTION }
      : undefined,
    retention: {
      sweepMs: (config.MEMORY_RETENTION_SWEEP_MINUTES ?? 60) * 60_000,
      minDays: config.MEMORY_RETENTION_MIN_DAYS ?? DEFAULT_RETENTION_SETTINGS.minDays,
    },
    metadataLimits: {
      maxKeys: config.MEMORY_METADATA_MAX_KEYS ?? DEFAULT_MEMORY_METADATA_MAX_KEYS,
      maxDepth: config.MEMORY_METADATA_MAX_DEPTH ?? DEFAULT_MEMORY_METADATA_MAX_DEPTH,
    },
    worker: {
      memoryMb: config.MEMORY_WORKER_MEMORY_MB ?? DEFAULT_CPU_WORKER_LIMITS.memoryMb,
      timeoutMs: (config.MEMORY_WORKER_TIMEOUT_SECONDS ?? DEFAULT_CPU_WORKER_LIMITS.timeoutMs / 1000) * 1000,
      ...(config.MEMORY_WORKER_IDLE_SECONDS !== undefined
        ? { idleMs: config.MEMORY_WORKER_IDLE_SECONDS * 1000 }
        : {}),
    },
    sentenceEncoder: sentenceEncoderOptions(
      config.SENTENCE_ENCODER ?? 'auto',
      config.SENTENCE_ENCODER_MAX_SCOPE ?? DEFAULT_SENTENCE_MAX_SCOPE,
    ),
    sessionGapMs: (config.MEMORY_SESSION_GAP_MINUTES ?? DEFAULT_SESSION_GAP_MINUTES) * 60_000,
    backgroundPacing: backgroundPacing(config),
  };
}

/** The pacing of the background sweeps; a bound shorter than the pause it bounds is refused. */
function backgroundPacing(config: MemoryConfigValues): SweepPacing {
  const quietMs = config.MEMORY_BACKGROUND_QUIET_MS ?? DEFAULT_BACKGROUND_QUIET_MS;
  const maxDelayMs = config.MEMORY_BACKGROUND_MAX_DELAY_MS ?? DEFAULT_BACKGROUND_MAX_DELAY_MS;
  if (maxDelayMs < quietMs) {
    throw new Error(
      `Invalid configuration: MEMORY_BACKGROUND_MAX_DELAY_MS (${maxDelayMs}) must be at least MEMORY_BACKGROUND_QUIET_MS (${quietMs})`,
    );
  }
  return { quietMs, maxDelayMs };
}

/** The sentence channel of a `SENTENCE_ENCODER` value; undefined when `off`. */
export function sentenceEncoderOptions(
  kind: SentenceEncoderKind,
  maxScope: number = DEFAULT_SENTENCE_MAX_SCOPE,
): SentenceEncoderOptions | undefined {
  if (kind === 'off') return undefined;
  return { kind: 'use-lite', maxScope, encodes: kind === 'auto' ? 'small-scopes' : 'every-scope' };
}
