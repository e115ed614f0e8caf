import type { EmbeddedDatabase } from '@membolt/embedded-store';
import type { OidcRequest } from '../../domain/oidc-request.js';
import type { OidcRequestRepository } from '../../ports/oidc-request.repository.js';

interface OidcRequestRow {
  state: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  remember: number;
  created_at: number;
  expires_at: number;
}

export class OidcRequestEmbeddedRepository implements OidcRequestRepository {
  constructor(private readonly db: EmbeddedDatabase) {}

  async save(request: OidcRequest): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO identity_oidc_requests (state, nonce, code_verifier, redirect_uri, remember, created_at, expires_at)
        VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        request.state,
        request.nonce,
        request.codeVerifier,
        request.redirectUri,
        request.remember ? 1 : 0,
        request.createdAt.getTime(),
        request.expiresAt.getTime(),
      );
  }

  async consume(state: string, now: Date): Promise<OidcRequest | null> {
    // Deleted whether or not it expired: a state is never accepted twice.
    const row = this.db
      .prepare('DELETE FROM identity_oidc_requests WHERE state = ? RETURNING *')
      .get(state) as OidcRequestRow | undefined;
    if (!row || row.expires_at <= now.getTime()) return null;
    return {
      state: row.state,
      nonce: row.nonce,
      codeVerifier: row.code_verifier,
      redirectUri: row.redirect_uri,
      remember: row.remember === 1,
      createdAt: new Date(row.created_at),
      expiresAt: new Date(row.expires_at),
    };
  }

  async purgeExpired(now: Date): Promise<number> {
    return this.db.prepare('DELETE FROM identity_oidc_requests WHERE expires_at <= ?').run(now.getTime())
      .changes;
  }
}
