import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createHealthController } from '@membolt/bus';
import { JOB_QUEUE, type JobQueue, jobsConfigFromEnv, JobsModule } from '@membolt/jobs';
import { CLOCK, systemClock } from '@membolt/platform';
import { BusPlanRetention } from './adapters/bus/bus-plan-retention.js';
import { BusMemoryEvents } from './adapters/bus/bus-memory-events.js';
import { BusSpecialCategoryClassifier } from './adapters/bus/bus-special-category-classifier.js';
import { createEmbedder } from './embedders/create-embedder.js';
import { HashedTfidfEmbedder } from './embedders/hashed-tfidf.embedder.js';
import { WorkerOffloadedEmbedder } from './embedders/worker-offloaded.embedder.js';
import { WorkerSentenceEncoder } from './embedders/worker-sentence-encoder.js';
import { MemoryConceptLinker } from './memory-concept.linker.js';
import { MemorySentenceSweep } from './memory-sentence.sweep.js';
import { MemoryHandlers } from './memory.handlers.js';
import {
  MEMORY_SETTINGS,
  type MemoryModuleOptions,
  resolveMemorySettings,
  resolveRetentionSettings,
  RETENTION_SETTINGS,
} from './memory.options.js';
import { MemoryService } from './memory.service.js';
import { MemoryCategoryService } from './categories/memory-category.service.js';
import { PrivacyPolicyService, SENSITIVE_DATA_SCANNER } from './privacy/privacy-policy.service.js';
import { SensitiveDataScanner } from '@membolt/privacy';
import { openMemoryStore } from './memory.store.js';
import { EMBEDDER } from './ports/embedder.js';
import { SENTENCE_ENCODER } from './ports/sentence-encoder.js';
import { MEMORY_EVENTS } from './ports/memory-events.js';
import { MEMORY_STORE, type MemoryStore } from './ports/memory-store.js';
import { PLAN_RETENTION } from './ports/plan-retention.js';
import { CONCEPT_EXTRACTION, type ConceptExtraction } from './ports/concept-extraction.js';
import {
  DEFAULT_CPU_WORKER_LIMITS,
  MEMORY_CONCEPT_WORKER,
  MEMORY_EMBED_WORKER,
  MEMORY_SENTENCE_WORKER,
  MemoryCpuWorker,
} from './workers/memory-cpu-worker.js';
import { MemoryImportJob } from './import/memory-import.job.js';
import { RetentionPurgeJob } from './retention/retention-purge.job.js';

/**
 * How long the concept thread waits for another task after a large import's memories were linked, instead of
 * MEMORY_WORKER_IDLE_SECONDS: its heap goes back within seconds of the import's end.
 */
const BULK_CONCEPT_THREAD_IDLE_MS = 5_000;

/**
 * How long the concept thread (compromise, 30-50 MB) is kept after linking, instead of
 * MEMORY_WORKER_IDLE_SECONDS: it must go back within a minute of a request's end, and a chat's learning links
 * a turn's facts every turn, so a user who goes on chatting within this does not load compromise again for
 * each turn.
 */
const CONCEPT_THREAD_KEPT_AFTER_WORK_MS = 30_000;

/**
 * How long the sentence thread (USE-lite's weights, ~125 MB) is kept after encoding memories' texts (a write's
 * backfill, a search settling its scope): that work is over once done; a trickle of writes a few seconds apart
 * still finds the model loaded.
 */
const SENTENCE_THREAD_KEPT_AFTER_TEXTS_MS = 15_000;

/**
 * How long the sentence thread is kept after a search's query: a user who goes on chatting within this finds
 * the model loaded. Shorter than MEMORY_WORKER_IDLE_SECONDS' default so that the model of one exchange is
 * given back within the minute after it (ended here, then trimmed within `MALLOC_TRIM_INTERVAL_SECONDS`); a
 * turn after a longer pause waits at most CHAT_SENTENCE_LOAD_WAIT_MS for the model to load (decision 229).
 */
const SENTENCE_THREAD_KEPT_AFTER_QUERY_MS = 30_000;

/** The memory service: memories, their vectors and keywords, hybrid search, history and the concept graph. */
@Module({})
export class MemoryModule implements OnApplicationShutdown {
  constructor(
    @Inject(MEMORY_STORE) private readonly store: MemoryStore,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(MEMORY_CONCEPT_WORKER) private readonly conceptWorker: MemoryCpuWorker,
    @Inject(MEMORY_EMBED_WORKER) private readonly embedWorker: MemoryCpuWorker,
    @Inject(MEMORY_SENTENCE_WORKER) private readonly sentenceWorker: MemoryCpuWorker,
  ) {}

  static forRoot(options: MemoryModuleOptions): DynamicModule {
    const settings = resolveMemorySettings(options);
    const workerLimits = { ...DEFAULT_CPU_WORKER_LIMITS, ...options.worker };
    const jobs =
      options.jobs ??
      jobsConfigFromEnv(
        options.store.kind === 'embedded' ? { ...process.env, DATA_DIR: options.store.dataDir } : process.env,
      );
    return {
      module: MemoryModule,
      imports: [JobsModule.forRoot({ service: 'memory', config: jobs })],
      controllers: [MemoryHandlers, createHealthController('memory')],
      providers: [
        { provide: MEMORY_SETTINGS, useValue: settings },
        { provide: RETENTION_SETTINGS, useValue: resolveRetentionSettings(options) },
        { provide: MEMORY_STORE, useFactory: () => openMemoryStore(options.store, settings, options.qdrant) },
        { provide: CLOCK, useValue: systemClock },
        // Started by their first task, not at start: an idle process holds neither thread (decision 199).
        { provide: MEMORY_CONCEPT_WORKER, useFactory: () => new MemoryCpuWorker(workerLimits) },
        { provide: MEMORY_EMBED_WORKER, useFactory: () => new MemoryCpuWorker(workerLimits) },
        { provide: MEMORY_SENTENCE_WORKER, useFactory: () => new MemoryCpuWorker(workerLimits) },
        {
          provide: CONCEPT_EXTRACTION,
          useFactory: (worker: MemoryCpuWorker): ConceptExtraction => ({
            extract: (texts) => worker.concepts(texts, CONCEPT_THREAD_KEPT_AFTER_WORK_MS),
            bulkDone: () => worker.endSoonAfterWork(BULK_CONCEPT_THREAD_IDLE_MS),
          }),
          inject: [MEMORY_CONCEPT_WORKER],
        },
        {
          provide: EMBEDDER,
          // The offline embedder is pure CPU: its batches run in a worker thread. Remote ones only wait.
          useFactory: async (worker: MemoryCpuWorker) => {
            const embedder = await createEmbedder(options.embedder);
            return embedder instanceof HashedTfidfEmbedder
              ? new WorkerOffloadedEmbedder(embedder, worker)
              : embedder;
          },
          inject: [MEMORY_EMBED_WORKER],
        },
        {
          provide: SENTENCE_ENCODER,
          // USE-lite runs in its own thread, started (and the model loaded) by the first text to encode: the
          // serving loop only posts texts (decisions 162, 203).
          useFactory: (worker: MemoryCpuWorker) =>
            options.sentenceEncoder
              ? new WorkerSentenceEncoder(worker, {
                  afterTextsMs: SENTENCE_THREAD_KEPT_AFTER_TEXTS_MS,
                  afterQueryMs: SENTENCE_THREAD_KEPT_AFTER_QUERY_MS,
                })
              : null,
          inject: [MEMORY_SENTENCE_WORKER],
        },
        { provide: MEMORY_EVENTS, useClass: BusMemoryEvents },
        { provide: PLAN_RETENTION, useClass: BusPlanRetention },
        BusSpecialCategoryClassifier,
        {
          provide: SENSITIVE_DATA_SCANNER,
          useFactory: (classifier: BusSpecialCategoryClassifier) => new SensitiveDataScanner(classifier),
          inject: [BusSpecialCategoryClassifier],
        },
        PrivacyPolicyService,
        MemoryCategoryService,
        MemoryConceptLinker,
        MemorySentenceSweep,
        MemoryService,
        RetentionPurgeJob,
        MemoryImportJob,
      ],
    };
  }

  // Runs after the bus server has stopped taking requests, so no handler is still using the store.
  async onApplicationShutdown(): Promise<void> {
    // A purge still running finishes (or is handed back) before the store it writes to closes.
    await this.queue.close();
    await Promise.all([this.conceptWorker.close(), this.embedWorker.close(), this.sentenceWorker.close()]);
    await this.store.close();
  }
}
