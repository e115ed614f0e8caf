import { z } from 'zod';
import { isoDate } from '../common/wire-schema.js';
import { filledString, stringList } from '../common/wire-strings.js';

/**
 * What a revocation ends: one session (every access token carrying its `sid`) or a whole user (every
 * access token carrying its `sub`, used when the account is deleted).
 */
export const ACCESS_REVOCATION_KINDS = ['session', 'user'] as const;
export type AccessRevocationKind = (typeof ACCESS_REVOCATION_KINDS)[number];

/** Most revocations one event carries (a password change ends every other session of the user). */
export const MAX_REVOCATIONS_PER_EVENT = 1000;

/**
 * `identity.sessions.revoked.v1`, a broadcast: every BFF replica receives it and rejects at once every access
 * token of these sessions (`sid`) and users (`sub`, account deletion).
 */
export const AccessRevokedEvent = z.strictObject({
  sessionIds: stringList(MAX_REVOCATIONS_PER_EVENT, 100, { notEmpty: true }),
  userIds: stringList(MAX_REVOCATIONS_PER_EVENT, 100, { notEmpty: true }),
  /** After this instant every access token the revocation covers has expired on its own. */
  expiresAt: isoDate(),
});
export type AccessRevokedEvent = z.output<typeof AccessRevokedEvent>;

/** `identity.sessions.revocations.v1`: the revocations still in force, for a replica that starts late. */
export const ListAccessRevocationsRequest = z.strictObject({});
export type ListAccessRevocationsRequest = z.output<typeof ListAccessRevocationsRequest>;

export interface AccessRevocationListView {
  readonly revocations: ReadonlyArray<{
    readonly kind: AccessRevocationKind;
    readonly id: string;
    readonly expiresAt: string;
  }>;
}

/** `identity.users.verify-password.v1` (user): proves the caller knows the account's current password. */
export const VerifyPasswordRequest = z.strictObject({
  password: filledString(1024, 'Enter your current password.'),
});
export type VerifyPasswordRequest = z.output<typeof VerifyPasswordRequest>;

/** `identity.users.status.v1` (user = the account asked about): does this account exist and is it active? */
export const GetUserStatusRequest = z.strictObject({});
export type GetUserStatusRequest = z.output<typeof GetUserStatusRequest>;

export interface UserStatusView {
  /** False for an unknown id and for an account being deleted. */
  readonly active: boolean;
}
