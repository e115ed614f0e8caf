import { Inject, Injectable, Logger } from '@nestjs/common';
import { API_KEY_PATTERN, type ApiKeyValidationView, KeysSubjects, MemboltError } from '@membolt/contracts';
import { BusClient } from '@membolt/bus';
import { hash } from 'node:crypto';
import { CLOCK, type Clock, requestContext } from '@membolt/platform';
import { invalidApiKey, revokedApiKey } from '../gateway.errors.js';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../gateway.options.js';
import type { ApiKeyPrincipal } from './api-key-principal.js';

/**
 * The cache's key for a presented key: its SHA-256, so no secret is held in the map. One call of `hash`, not a
 * Hash object per request (half the time on Node 20, which also checks for a deprecation on each one).
 */
const digestOf = (presented: string): string => hash('sha256', presented, 'hex');

/** Bounds the cache whatever the traffic: past this, the oldest entries make room. */
const MAX_CACHED_KEYS = 10_000;

/**
 * Turns a presented X-API-Key into its owner by asking the keys service (`keys.api-keys.validate.v1`).
 * Valid answers are reused for `apiKeyCacheTtlMs` (default 10 s), keyed by the SHA-256 of the key so no
 * secret is held in the map. A revocation reaches every replica as a broadcast (`forget`) and ends the
 * cached answer at once; the TTL only bounds how long a missed broadcast could go unnoticed.
 * Concurrent requests with the same uncached key share one bus call.
 */
@Injectable()
export class ApiKeyAuthenticator {
  private readonly cache = new Map<
    string,
    { readonly principal: ApiKeyPrincipal; readonly expiresAt: number }
  >();
  private readonly inFlight = new Map<string, Promise<ApiKeyValidationView>>();
  /** Counts revocations heard; an answer obtained across one may predate it and is not cached. */
  private revocations = 0;
  private readonly logger = new Logger(ApiKeyAuthenticator.name);

  constructor(
    private readonly bus: BusClient,
    @Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * The owner of a key whose valid answer is cached, at once (no promise); undefined when `authenticate`
   * must decide (not cached, expired, malformed).
   */
  cached(presented: string): ApiKeyPrincipal | undefined {
    if (!API_KEY_PATTERN.test(presented)) return undefined;
    const cached = this.cache.get(digestOf(presented));
    return cached && cached.expiresAt > this.clock.nowMs() ? cached.principal : undefined;
  }

  /** Throws `invalid_api_key` (malformed or unknown) or `revoked_api_key`. */
  async authenticate(presented: string): Promise<ApiKeyPrincipal> {
    // Malformed keys never reach the keys service.
    if (!API_KEY_PATTERN.test(presented)) throw invalidApiKey();
    const digest = digestOf(presented);
    const cached = this.cache.get(digest);
    if (cached && cached.expiresAt > this.clock.nowMs()) return cached.principal;
    if (cached) this.cache.delete(digest);

    const revocationsBefore = this.revocations;
    const validation = await this.validate(digest, presented);
    if (!validation.valid) {
      throw validation.reason === 'revoked' ? revokedApiKey() : invalidApiKey();
    }
    const principal: ApiKeyPrincipal = {
      userId: validation.userId,
      keyId: validation.keyId,
      permissions: validation.permissions,
    };
    if (this.revocations === revocationsBefore) this.remember(digest, principal);
    return principal;
  }

  /** Drops the cached answers for these keys of the user, or for every key of the user when `keyIds` is empty. */
  forget(userId: string, keyIds: readonly string[]): number {
    this.revocations++;
    const revokedKeys = new Set(keyIds);
    let dropped = 0;
    for (const [digest, { principal }] of this.cache) {
      if (principal.userId !== userId) continue;
      if (revokedKeys.size > 0 && !revokedKeys.has(principal.keyId)) continue;
      this.cache.delete(digest);
      dropped++;
    }
    // A validation in flight may have been answered before the revocation: later callers ask again.
    this.inFlight.clear();
    return dropped;
  }

  private validate(digest: string, presented: string): Promise<ApiKeyValidationView> {
    const pending = this.inFlight.get(digest);
    if (pending) return pending.catch((error: unknown) => Promise.reject(this.forThisCaller(error)));
    const request = this.bus
      .request(KeysSubjects.validate, { key: presented })
      .finally(() => this.inFlight.delete(digest));
    this.inFlight.set(digest, request);
    return request;
  }

  /**
   * A shared lookup failed under the first caller's correlation id. Each other caller reports it under its
   * own id (that is what its client and its log lines carry), so the failure can be traced per request.
   */
  private forThisCaller(error: unknown): unknown {
    const correlationId = requestContext.correlationId();
    if (!(error instanceof MemboltError) || !error.correlationId || !correlationId) return error;
    if (error.correlationId === correlationId) return error;
    this.logger.warn(
      `API key lookup shared with request ${error.correlationId} failed: ${error.code} (correlationId ${correlationId})`,
    );
    return new MemboltError(error.code, error.message, correlationId, error.reason);
  }

  private remember(digest: string, principal: ApiKeyPrincipal): void {
    if (this.settings.apiKeyCacheTtlMs <= 0) return;
    if (this.cache.size >= MAX_CACHED_KEYS) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
    this.cache.set(digest, { principal, expiresAt: this.clock.nowMs() + this.settings.apiKeyCacheTtlMs });
  }
}
