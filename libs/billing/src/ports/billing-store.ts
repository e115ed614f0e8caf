import type { PlanCatalogueRepository } from './plan-catalogue.repository.js';
import type { SubscriptionRepository } from './subscription.repository.js';

/** Billing's repositories over one store (one SQLite file or one MongoDB database), closed as one. */
export interface BillingStore {
  readonly plans: PlanCatalogueRepository;
  readonly subscriptions: SubscriptionRepository;
  close(): Promise<void>;
}

export const BILLING_STORE = Symbol('BILLING_STORE');
