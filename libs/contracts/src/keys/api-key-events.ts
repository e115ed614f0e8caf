import { z } from 'zod';
import { boundedString } from '../common/wire-schema.js';
import { stringList } from '../common/wire-strings.js';

/** Most key ids one revocation event names; a user's remaining keys go in the `userId`-wide form. */
export const MAX_KEY_IDS_PER_EVENT = 1000;

/**
 * `keys.api-keys.revoked.v1`, a broadcast: the named keys, or every key of the user when `keyIds` is empty
 * (account deletion), no longer authenticate. Every gateway replica drops them from its cache at once.
 */
export const ApiKeysRevokedEvent = z.strictObject({
  userId: boundedString(100, { lengthTextFirst: true }),
  keyIds: stringList(MAX_KEY_IDS_PER_EVENT, 100),
});
export type ApiKeysRevokedEvent = z.output<typeof ApiKeysRevokedEvent>;
