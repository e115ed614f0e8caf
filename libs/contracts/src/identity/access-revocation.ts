import { ArrayMaxSize, IsISO8601, IsNotEmpty, IsString, MaxLength } from 'class-validator';

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
export class AccessRevokedEvent {
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @MaxLength(100, { each: true })
  @ArrayMaxSize(MAX_REVOCATIONS_PER_EVENT)
  sessionIds!: string[];

  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @MaxLength(100, { each: true })
  @ArrayMaxSize(MAX_REVOCATIONS_PER_EVENT)
  userIds!: string[];

  /** After this instant every access token the revocation covers has expired on its own. */
  @IsISO8601({ strict: true })
  expiresAt!: string;
}

/** `identity.sessions.revocations.v1`: the revocations still in force, for a replica that starts late. */
export class ListAccessRevocationsRequest {}

export interface AccessRevocationListView {
  readonly revocations: ReadonlyArray<{
    readonly kind: AccessRevocationKind;
    readonly id: string;
    readonly expiresAt: string;
  }>;
}

/** `identity.users.verify-password.v1` (user): proves the caller knows the account's current password. */
export class VerifyPasswordRequest {
  @IsString()
  @IsNotEmpty({ message: 'Enter your current password.' })
  @MaxLength(1024)
  password!: string;
}

/** `identity.users.status.v1` (user = the account asked about): does this account exist and is it active? */
export class GetUserStatusRequest {}

export interface UserStatusView {
  /** False for an unknown id and for an account being deleted. */
  readonly active: boolean;
}
