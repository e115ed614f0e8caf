import { migrate, openEmbeddedDatabase } from '@membolt/embedded-store';
import type { KeysStore } from '../../ports/keys-store.js';
import { ApiKeyEmbeddedRepository } from './api-key.embedded.repository.js';
import { KEYS_MIGRATIONS } from './keys.migrations.js';
import { ProviderKeyEmbeddedRepository } from './provider-key.embedded.repository.js';

/** The keys service's repositories over one SQLite file, `DATA_DIR/keys.sqlite`, migrated once when opened. */
export function openKeysEmbeddedStore(dataDir: string): KeysStore {
  const db = openEmbeddedDatabase(dataDir, 'keys');
  migrate(db, KEYS_MIGRATIONS);
  return {
    apiKeys: new ApiKeyEmbeddedRepository(db),
    providerKeys: new ProviderKeyEmbeddedRepository(db),
    close: async () => {
      db.close();
    },
  };
}
