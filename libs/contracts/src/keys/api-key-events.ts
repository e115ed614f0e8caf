import { ArrayMaxSize, IsString, MaxLength } from 'class-validator';

/** Most key ids one revocation event names; a user's remaining keys go in the `userId`-wide form. */
export const MAX_KEY_IDS_PER_EVENT = 1000;

/**
 * `keys.api-keys.revoked.v1`, a broadcast: the named keys, or every key of the user when `keyIds` is empty
 * (account deletion), no longer authenticate. Every gateway replica drops them from its cache at once.
 */
export class ApiKeysRevokedEvent {
  @IsString()
  @MaxLength(100)
  userId!: string;

  @IsString({ each: true })
  @MaxLength(100, { each: true })
  @ArrayMaxSize(MAX_KEY_IDS_PER_EVENT)
  keyIds!: string[];
}
