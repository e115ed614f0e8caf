import type { OidcRequest } from '../domain/oidc-request.js';

/** Authorization requests in flight. They belong to nobody yet: the user is known only after the callback. */
export interface OidcRequestRepository {
  save(request: OidcRequest): Promise<void>;
  /** Removes and returns the request for this state if it has not expired; null otherwise (single use). */
  consume(state: string, now: Date): Promise<OidcRequest | null>;
  purgeExpired(now: Date): Promise<number>;
}
