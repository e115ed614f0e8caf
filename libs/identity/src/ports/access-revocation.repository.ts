import type { AccessRevocationKind } from '@membolt/contracts';

/** A revoked session or user, remembered until the last access token it covers has expired. */
export interface AccessRevocationRecord {
  readonly kind: AccessRevocationKind;
  readonly id: string;
  readonly expiresAt: Date;
}

export interface AccessRevocationRepository {
  /** Stores the revocations; one already stored keeps the later of the two expiries. */
  add(revocations: readonly AccessRevocationRecord[]): Promise<void>;
  /** Revocations not yet expired at `now`, oldest expiry first. */
  listActive(now: Date): Promise<AccessRevocationRecord[]>;
  purgeExpired(now: Date): Promise<number>;
}
