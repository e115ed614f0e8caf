import { migrate, openEmbeddedDatabase } from '@membolt/embedded-store';
import { join, resolve } from 'node:path';
import type { MemoryStore, MemoryStoreSettings } from '../../ports/memory-store.js';
import { ConceptEmbeddedRepository } from './concept.embedded.repository.js';
import { EndUserEmbeddedRepository } from './end-user.embedded.repository.js';
import { MemoryCategoryEmbeddedRepository } from './memory-category.embedded.repository.js';
import { EmbeddedKeywordIndex } from './memory-keywords.embedded.js';
import { MemorySearchEmbedded } from './memory-search.embedded.js';
import { MemorySentencesEmbedded } from './memory-sentences.embedded.js';
import { EmbeddedVectorIndex } from './memory-vectors.embedded.js';
import { MemoryEmbeddedRepository } from './memory.embedded.repository.js';
import { MEMORY_MIGRATIONS } from './memory.migrations.js';
import { PrivacyPolicyEmbeddedRepository } from './privacy-policy.embedded.repository.js';

/**
 * The memory service's repositories over one SQLite file, `DATA_DIR/memory.sqlite`, and the ANN snapshots
 * of its large scopes under `DATA_DIR/memory-ann/` (a cache, repaired from SQLite here at open).
 */
export function openMemoryEmbeddedStore(dataDir: string, settings: MemoryStoreSettings): MemoryStore {
  const db = openEmbeddedDatabase(dataDir, 'memory');
  migrate(db, MEMORY_MIGRATIONS);
  const keywords = new EmbeddedKeywordIndex(db, settings);
  // The ANN's candidates are checked in the scope's keyword index when it holds them (same answer as SQL).
  const vectors = new EmbeddedVectorIndex(
    db,
    settings,
    join(resolve(dataDir), 'memory-ann'),
    (scope, filter, seqs) => keywords.keep(scope, filter, seqs),
  );
  vectors.repairAll();
  const memories = new MemoryEmbeddedRepository(db, vectors, keywords);
  return {
    memories,
    search: new MemorySearchEmbedded(db, vectors, keywords),
    sentences: new MemorySentencesEmbedded(db),
    concepts: new ConceptEmbeddedRepository(db),
    endUsers: new EndUserEmbeddedRepository(db, memories),
    privacyPolicies: new PrivacyPolicyEmbeddedRepository(db),
    categories: new MemoryCategoryEmbeddedRepository(db),
    close: async () => {
      await vectors.flush();
      keywords.close();
      db.close();
    },
  };
}
