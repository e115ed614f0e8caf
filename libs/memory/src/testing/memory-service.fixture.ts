import type { Clock } from '@membolt/platform';
import { KeywordSpecialCategoryClassifier, SensitiveDataScanner } from '@membolt/privacy';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openMemoryEmbeddedStore } from '../adapters/embedded/memory-store.embedded.js';
import { MemoryCategoryService } from '../categories/memory-category.service.js';
import { HashedTfidfEmbedder } from '../embedders/hashed-tfidf.embedder.js';
import { MemoryConceptLinker } from '../memory-concept.linker.js';
import type { MemorySentenceSweep } from '../memory-sentence.sweep.js';
import { MemoryService } from '../memory.service.js';
import type { MemorySettings } from '../memory.options.js';
import type { MemoryEvents } from '../ports/memory-events.js';
import type { MemoryStore } from '../ports/memory-store.js';
import type { SentenceEncoder } from '../ports/sentence-encoder.js';
import { PrivacyPolicyService } from '../privacy/privacy-policy.service.js';

/*
 * The memory service as the specs run it: the embedded store in a temporary directory, the offline embedder,
 * the concept linker, the privacy policy and the categories of that store, and a clock the spec controls.
 */

/** An embedded store in a fresh temporary directory with its concept linker; `close` removes both. */
export interface TestMemoryStore {
  readonly store: MemoryStore;
  readonly linker: MemoryConceptLinker;
  close(): Promise<void>;
}

export function openTestMemoryStore(name: string, dimension: number): TestMemoryStore {
  const dataDir = mkdtempSync(join(tmpdir(), `membolt-${name}-`));
  const store = openMemoryEmbeddedStore(dataDir, { dimension, annMinVectors: 5000 });
  const linker = new MemoryConceptLinker(store);
  return {
    store,
    linker,
    async close() {
      await linker.beforeApplicationShutdown();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestMemoryServiceOptions {
  readonly store: MemoryStore;
  readonly linker: MemoryConceptLinker;
  readonly clock: Clock;
  readonly dimension: number;
  /** The events port; by default the changes go nowhere. */
  readonly events?: MemoryEvents;
  /** Settings besides the dimension and the defaults below (`sessionGapMs`, `sentenceMaxScope`...). */
  readonly settings?: Partial<MemorySettings>;
  /** The privacy policy service, when the spec reads it too; one over the same store otherwise. */
  readonly privacy?: PrivacyPolicyService;
  readonly sentenceSweep?: MemorySentenceSweep | null;
  readonly sentenceEncoder?: SentenceEncoder | null;
}

/** The privacy policy service over `store`, with the keyword classifier of special categories. */
export const testPrivacyPolicy = (store: MemoryStore, clock: Clock): PrivacyPolicyService =>
  new PrivacyPolicyService(store, new SensitiveDataScanner(new KeywordSpecialCategoryClassifier()), clock);

export function createTestMemoryService(options: TestMemoryServiceOptions): MemoryService {
  const { store, clock, dimension } = options;
  return new MemoryService(
    store,
    new HashedTfidfEmbedder(dimension),
    clock,
    options.events ?? { changed: async () => undefined },
    {
      dimension,
      annMinVectors: 5000,
      metadataLimits: { maxKeys: 256, maxDepth: 16 },
      conceptSettleMs: 1_500,
      ...options.settings,
    },
    options.linker,
    options.privacy ?? testPrivacyPolicy(store, clock),
    new MemoryCategoryService(store, clock),
    options.sentenceSweep ?? null,
    options.sentenceEncoder ?? null,
  );
}
