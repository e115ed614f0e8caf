import type { Subscription, SubscriptionRecord } from '../domain/subscription.js';

export interface SubscriptionChanges {
  readonly plan?: Subscription['plan'];
  readonly rateCents?: number;
  readonly status?: Subscription['status'];
}

/** Where subscriptions are stored: one per user, every method scoped by the user's id. */
export interface SubscriptionRepository {
  /**
   * Stores the subscription unless the user already has one, atomically; returns the stored one either way
   * (so two concurrent first sign-ins still end with one subscription).
   */
  createIfAbsent(subscription: SubscriptionRecord): Promise<Subscription>;
  /** The subscription with its balance (the sum of the user's ledger). */
  findByUser(userId: string): Promise<Subscription | null>;
  /** Null when the user has no subscription. */
  update(userId: string, changes: SubscriptionChanges, at: Date): Promise<Subscription | null>;
  /**
   * Counts one conversation, atomically: a count from before `month` restarts at 1 (monthly reset, and
   * `usageResetAt` becomes `month`); otherwise the count rises only while below `limit` (null: unlimited).
   * False when the limit is reached (nothing changed).
   */
  countConversation(userId: string, limit: number | null, month: Date, at: Date): Promise<boolean>;
  /** Gives back a conversation counted in `month` (its call failed). */
  uncountConversation(userId: string, month: Date, at: Date): Promise<void>;
  /** Returns how many were removed (0 or 1). */
  deleteByUser(userId: string): Promise<number>;
}
