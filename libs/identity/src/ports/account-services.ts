import type { UserDataDeletionView, UserDataService } from '@membolt/contracts';

/** The other services identity asks to act for a user (over the bus). Every call is idempotent. */
export interface AccountServices {
  /** Makes sure the user has the default API key of this memory graph. */
  ensureDefaultApiKey(userId: string, graphId: string): Promise<void>;
  initSubscription(userId: string): Promise<void>;
  deleteUserData(userId: string, service: UserDataService): Promise<UserDataDeletionView>;
}

export const ACCOUNT_SERVICES = Symbol('ACCOUNT_SERVICES');
