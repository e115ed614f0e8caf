import type { UserDataDeletionView, UserDataService } from '@membolt/contracts';

/** The other services identity asks to act for a user (over the bus). Every call is idempotent. */
export interface AccountServices {
  initSubscription(userId: string): Promise<void>;
  deleteUserData(userId: string, service: UserDataService): Promise<UserDataDeletionView>;
}

export const ACCOUNT_SERVICES = Symbol('ACCOUNT_SERVICES');
