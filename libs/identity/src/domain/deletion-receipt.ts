import type { UserDataDeletionView, UserDataService } from '@membolt/contracts';

/** What deleting an account removed: each service's own answer, and the services still to confirm. */
export interface DeletionReceipt {
  readonly userId: string;
  readonly deletedAt: Date;
  readonly services: readonly UserDataDeletionView[];
  readonly pending: readonly UserDataService[];
}
