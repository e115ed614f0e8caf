import { migrate, openEmbeddedDatabase } from '@membolt/embedded-store';
import type { IdentityStore } from '../../ports/identity-store.js';
import { AccessRevocationEmbeddedRepository } from './access-revocation.embedded.repository.js';
import { AttemptEmbeddedRepository } from './attempt.embedded.repository.js';
import { IDENTITY_MIGRATIONS } from './identity.migrations.js';
import { OidcRequestEmbeddedRepository } from './oidc-request.embedded.repository.js';
import { OutboxEmbeddedRepository } from './outbox.embedded.repository.js';
import { PortalEmbeddedRepository } from './portal.embedded.repository.js';
import { PasswordResetTokenEmbeddedRepository } from './password-reset-token.embedded.repository.js';
import { SessionEmbeddedRepository } from './session.embedded.repository.js';
import { UserEmbeddedRepository } from './user.embedded.repository.js';

/** Identity's repositories over one SQLite file, `DATA_DIR/identity.sqlite`. */
export function openIdentityEmbeddedStore(dataDir: string): IdentityStore {
  const db = openEmbeddedDatabase(dataDir, 'identity');
  migrate(db, IDENTITY_MIGRATIONS);
  return {
    users: new UserEmbeddedRepository(db),
    sessions: new SessionEmbeddedRepository(db),
    resetTokens: new PasswordResetTokenEmbeddedRepository(db),
    oidcRequests: new OidcRequestEmbeddedRepository(db),
    attempts: new AttemptEmbeddedRepository(db),
    outbox: new OutboxEmbeddedRepository(db),
    revocations: new AccessRevocationEmbeddedRepository(db),
    portal: new PortalEmbeddedRepository(db),
    close: async () => {
      db.close();
    },
  };
}
