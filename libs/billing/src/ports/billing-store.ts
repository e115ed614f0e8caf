import type { LedgerRepository } from './ledger.repository.js';
import type { PaymentLinkRepository } from './payment-link.repository.js';
import type { PlanCatalogueRepository } from './plan-catalogue.repository.js';
import type { SubscriptionRepository } from './subscription.repository.js';
import type { UsageRepository } from './usage.repository.js';

/** Billing's repositories over one store (one SQLite file or one MongoDB database), closed as one. */
export interface BillingStore {
  readonly plans: PlanCatalogueRepository;
  readonly subscriptions: SubscriptionRepository;
  readonly ledger: LedgerRepository;
  readonly usage: UsageRepository;
  readonly paymentLinks: PaymentLinkRepository;
  close(): Promise<void>;
}

export const BILLING_STORE = Symbol('BILLING_STORE');
