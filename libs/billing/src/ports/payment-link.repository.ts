import type { PaymentLink, PaymentLinkChanges } from '../domain/payment-link.js';

/** Where each user's payment-provider references are kept: one per user, every method scoped by its id. */
export interface PaymentLinkRepository {
  find(userId: string): Promise<PaymentLink | null>;
  /** Creates or changes the user's link, atomically; answers it as stored. */
  save(userId: string, changes: PaymentLinkChanges, at: Date): Promise<PaymentLink>;
  /**
   * Clears the link's subscription only while it is still `subscriptionId` (a newer one is never cleared by
   * an older one's notification); true when it was cleared.
   */
  clearSubscription(userId: string, subscriptionId: string, at: Date): Promise<boolean>;
  /** Returns how many were removed (0 or 1). */
  deleteByUser(userId: string): Promise<number>;
}
