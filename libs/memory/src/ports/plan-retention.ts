/** What retention applies to one account: days a memory is kept (null: without limit), or no account. */
export type RetentionAnswer =
  { readonly kind: 'days'; readonly days: number | null } | { readonly kind: 'no-account' };

/**
 * The account's plan retention, as billing answers it (over the bus, acting as the account). Throws when
 * billing cannot be asked: a purge never guesses.
 */
export interface PlanRetention {
  of(userId: string): Promise<RetentionAnswer>;
}

export const PLAN_RETENTION = Symbol('PLAN_RETENTION');
