/** Which API keys a user owns. The keys service holds them; billing asks before it keeps anything per key. */
export interface ApiKeyDirectory {
  /** True when `keyId` is one of the user's keys (revoked ones included: their spend stays theirs). */
  owns(userId: string, keyId: string): Promise<boolean>;
  /** Every key id of the user (revoked ones included). */
  keyIdsOf(userId: string): Promise<ReadonlySet<string>>;
}

export const API_KEY_DIRECTORY = Symbol('API_KEY_DIRECTORY');
