import type { AccessRevocationRepository } from './access-revocation.repository.js';
import type { AttemptRepository } from './attempt.repository.js';
import type { OidcRequestRepository } from './oidc-request.repository.js';
import type { OutboxRepository } from './outbox.repository.js';
import type { PortalRepository } from './portal.repository.js';
import type { PasswordResetTokenRepository } from './password-reset-token.repository.js';
import type { SessionRepository } from './session.repository.js';
import type { UserRepository } from './user.repository.js';

/** Identity's repositories over one store (one SQLite file or one MongoDB database). */
export interface IdentityStore {
  readonly users: UserRepository;
  readonly sessions: SessionRepository;
  readonly resetTokens: PasswordResetTokenRepository;
  readonly oidcRequests: OidcRequestRepository;
  readonly attempts: AttemptRepository;
  readonly outbox: OutboxRepository;
  readonly revocations: AccessRevocationRepository;
  readonly portal: PortalRepository;
  close(): Promise<void>;
}

export const IDENTITY_STORE = Symbol('IDENTITY_STORE');
