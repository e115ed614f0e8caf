import type { EndUserSummary, MemoryRemoval } from '../domain/memory.js';

/** The end users of one account (the `endUserId`s its memories carry), with counts. */
export interface EndUserRepository {
  /** Most recently active first. */
  list(
    userId: string,
    page: { readonly limit: number; readonly offset: number },
  ): Promise<{ readonly endUsers: readonly EndUserSummary[]; readonly total: number }>;

  /** Every memory of the end user with everything derived from it. */
  delete(userId: string, endUserId: string): Promise<MemoryRemoval>;
}
