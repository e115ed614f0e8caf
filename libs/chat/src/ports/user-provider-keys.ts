import type { ResolvedProviderKey } from '@membolt/contracts';

/** The user's own language-model keys, decrypted (the keys service, over the bus). */
export interface UserProviderKeys {
  /** Empty when the user has none, or when the keys service cannot tell (the operator's providers still work). */
  resolve(userId: string): Promise<readonly ResolvedProviderKey[]>;
}

export const USER_PROVIDER_KEYS = Symbol('USER_PROVIDER_KEYS');
