import type { ListPlansResponse, SubscriptionView } from '@membolt/contracts';
import type { PlanCatalogue } from './domain/plan-catalogue.js';
import type { Subscription } from './domain/subscription.js';

/** The domain Plan and the bus PlanView have the same shape today; the types stay separate on purpose. */
export function toPlanCatalogueView(catalogue: PlanCatalogue): ListPlansResponse {
  return {
    plans: catalogue.plans.map((plan) => ({ ...plan, features: [...plan.features] })),
    developerApi: catalogue.developerApi,
  };
}

export function toSubscriptionView(subscription: Subscription): SubscriptionView {
  return {
    userId: subscription.userId,
    status: subscription.status,
    plan: subscription.plan,
    balanceCents: subscription.balanceCents,
    rateCents: subscription.rateCents,
    conversationsUsed: subscription.conversationsUsed,
    createdAt: subscription.createdAt.toISOString(),
    updatedAt: subscription.updatedAt.toISOString(),
  };
}
