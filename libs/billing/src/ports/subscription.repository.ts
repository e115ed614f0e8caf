import type { Subscription } from '../domain/subscription.js';

/** Where subscriptions are stored: one per user, every method scoped by the user's id. */
export interface SubscriptionRepository {
  /**
   * Stores the subscription unless the user already has one, atomically; returns the stored one either way
   * (so two concurrent first sign-ins still end with one subscription).
   */
  createIfAbsent(subscription: Subscription): Promise<Subscription>;
  findByUser(userId: string): Promise<Subscription | null>;
  /** Returns how many were removed (0 or 1). */
  deleteByUser(userId: string): Promise<number>;
}
