/**
 * A user's account at the payment provider: the provider's customer (for its billing portal) and the
 * provider subscription that pays for the current plan (cancelled there when the plan changes).
 */
export interface PaymentLink {
  readonly userId: string;
  /** The payment provider's id (`stripe`). */
  readonly provider: string;
  readonly customerId: string | null;
  readonly subscriptionId: string | null;
  readonly updatedAt: Date;
}

/** Fields to set: `undefined` keeps a field as it is, `null` clears it. */
export interface PaymentLinkChanges {
  readonly provider: string;
  readonly customerId?: string | null;
  readonly subscriptionId?: string | null;
}
