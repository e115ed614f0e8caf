import { openMongoConnection } from '@membolt/mongo-store';
import type { IdentityStore } from '../../ports/identity-store.js';
import { AccessRevocationMongoRepository } from './access-revocation.mongo.repository.js';
import { type AccessRevocationDocument, accessRevocationSchema } from './access-revocation.schema.js';
import { AttemptMongoRepository } from './attempt.mongo.repository.js';
import {
  type AttemptDocument,
  attemptSchema,
  type OidcRequestDocument,
  oidcRequestSchema,
  type OutboxDocument,
  outboxSchema,
  type PasswordResetTokenDocument,
  passwordResetTokenSchema,
  type RefreshTokenDocument,
  refreshTokenSchema,
  type SessionDocument,
  sessionSchema,
  type UserDocument,
  userSchema,
} from './identity.schemas.js';
import { OidcRequestMongoRepository } from './oidc-request.mongo.repository.js';
import { OutboxMongoRepository } from './outbox.mongo.repository.js';
import { PortalMongoRepository } from './portal.mongo.repository.js';
import {
  type PortalAuditDocument,
  portalAuditSchema,
  type PortalSettingsDocument,
  portalSettingsSchema,
} from './portal.schema.js';
import { PasswordResetTokenMongoRepository } from './password-reset-token.mongo.repository.js';
import { SessionMongoRepository } from './session.mongo.repository.js';
import { UserMongoRepository } from './user.mongo.repository.js';

/** Identity's repositories over one MongoDB database (`membolt_identity` unless `dbName` is given). */
export async function openIdentityMongoStore(url: string, dbName?: string): Promise<IdentityStore> {
  const connection = await openMongoConnection(url, 'identity', dbName);
  const users = connection.model<UserDocument>('IdentityUser', userSchema);
  const sessions = connection.model<SessionDocument>('IdentitySession', sessionSchema);
  const refreshTokens = connection.model<RefreshTokenDocument>('IdentityRefreshToken', refreshTokenSchema);
  const resetTokens = connection.model<PasswordResetTokenDocument>(
    'IdentityPasswordResetToken',
    passwordResetTokenSchema,
  );
  const oidcRequests = connection.model<OidcRequestDocument>('IdentityOidcRequest', oidcRequestSchema);
  const attempts = connection.model<AttemptDocument>('IdentityAttempt', attemptSchema);
  const outbox = connection.model<OutboxDocument>('IdentityOutbox', outboxSchema);
  const revocations = connection.model<AccessRevocationDocument>(
    'IdentityAccessRevocation',
    accessRevocationSchema,
  );
  const portalSettings = connection.model<PortalSettingsDocument>(
    'IdentityPortalSettings',
    portalSettingsSchema,
  );
  const portalAudit = connection.model<PortalAuditDocument>('IdentityPortalAudit', portalAuditSchema);
  // Unique indexes carry rules (one account per e-mail, one step per kind): build them before serving.
  await Promise.all(
    [
      users,
      sessions,
      refreshTokens,
      resetTokens,
      oidcRequests,
      attempts,
      outbox,
      revocations,
      portalSettings,
      portalAudit,
    ].map((model) => model.init()),
  );
  return {
    users: new UserMongoRepository(users, outbox),
    sessions: new SessionMongoRepository(sessions, refreshTokens),
    resetTokens: new PasswordResetTokenMongoRepository(resetTokens),
    oidcRequests: new OidcRequestMongoRepository(oidcRequests),
    attempts: new AttemptMongoRepository(attempts),
    outbox: new OutboxMongoRepository(outbox),
    revocations: new AccessRevocationMongoRepository(revocations),
    portal: new PortalMongoRepository(portalSettings, portalAudit),
    close: () => connection.close(),
  };
}
