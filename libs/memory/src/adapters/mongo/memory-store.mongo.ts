import { Logger } from '@nestjs/common';
import { openMongoConnection } from '@membolt/mongo-store';
import { QdrantClient } from '@qdrant/js-client-rest';
import type { MemoryStore, MemoryStoreSettings } from '../../ports/memory-store.js';
import { ConceptMongoRepository } from './concept.mongo.repository.js';
import { EndUserMongoRepository } from './end-user.mongo.repository.js';
import { MemoryMongoRepository } from './memory.mongo.repository.js';
import {
  type MemoryDocument,
  memorySchema,
  type PrivacyPolicyDocument,
  privacyPolicySchema,
  memoryCategorySchema,
  type MemoryCategoryDocument,
  type RedactionCountDocument,
  redactionCountSchema,
} from './memory.schemas.js';
import { MemoryCategoryMongoRepository } from './memory-category.mongo.repository.js';
import { PrivacyPolicyMongoRepository } from './privacy-policy.mongo.repository.js';
import { MemorySearchMongo } from './memory-search.mongo.js';
import { DEFAULT_SYNC_SETTINGS, MemorySync, type MemorySyncSettings } from './memory-sync.js';
import { QdrantMemoryVectors } from './memory-vectors.qdrant.js';

/** Where the vectors live (QDRANT_URL, QDRANT_API_KEY, QDRANT_COLLECTION). */
export interface QdrantOptions {
  readonly url: string;
  readonly apiKey?: string | undefined;
  readonly collection: string;
}

export interface MemoryMongoStoreOptions {
  readonly mongoUrl: string;
  /** `membolt_memory` unless given (tests use their own). */
  readonly dbName?: string | undefined;
  readonly qdrant: QdrantOptions;
  readonly sync?: Partial<MemorySyncSettings> | undefined;
  readonly log?: ((message: string, error: unknown) => void) | undefined;
}

/** The distributed store with its repair pass: memories in MongoDB, vectors in Qdrant. */
export interface MemoryMongoStore extends MemoryStore {
  readonly search: MemorySearchMongo;
  readonly sync: MemorySync;
}

/**
 * Opens MongoDB and Qdrant, makes sure the collection and every index exist, runs one repair pass (what a
 * crash left half-done is finished before the first request) and keeps repairing in the background.
 */
export async function openMemoryMongoStore(
  options: MemoryMongoStoreOptions,
  settings: MemoryStoreSettings,
): Promise<MemoryMongoStore> {
  const logger = new Logger('MemoryStore');
  const log =
    options.log ??
    ((message: string, error: unknown) =>
      logger.error(`${message}: ${error instanceof Error ? error.message : String(error)}`));
  const connection = await openMongoConnection(options.mongoUrl, 'memory', options.dbName);
  try {
    const memories = connection.model<MemoryDocument>('Memory', memorySchema);
    await memories.init();
    const policies = connection.model<PrivacyPolicyDocument>('PrivacyPolicy', privacyPolicySchema);
    const redactionCounts = connection.model<RedactionCountDocument>('RedactionCount', redactionCountSchema);
    const categories = connection.model<MemoryCategoryDocument>('MemoryCategory', memoryCategorySchema);
    await Promise.all([policies.init(), redactionCounts.init(), categories.init()]);
    const client = new QdrantClient({
      url: options.qdrant.url,
      ...(options.qdrant.apiKey ? { apiKey: options.qdrant.apiKey } : {}),
      checkCompatibility: false,
    });
    const vectors = new QdrantMemoryVectors(client, options.qdrant.collection, settings.dimension);
    await vectors.ensureCollection();
    const sync = new MemorySync(memories, vectors, { ...DEFAULT_SYNC_SETTINGS, ...options.sync }, log);
    await sync.repair();
    sync.start();
    const repository = new MemoryMongoRepository(memories, vectors, sync, log);
    return {
      memories: repository,
      search: new MemorySearchMongo(memories, vectors, settings.annMinVectors),
      concepts: new ConceptMongoRepository(memories),
      endUsers: new EndUserMongoRepository(memories, repository),
      privacyPolicies: new PrivacyPolicyMongoRepository(policies, redactionCounts),
      categories: new MemoryCategoryMongoRepository(categories, memories, vectors, sync, log),
      sync,
      close: async () => {
        await sync.stop();
        await connection.close();
      },
    };
  } catch (error) {
    await connection.close();
    throw error;
  }
}
