import type { ListPlansResponse } from '@membolt/contracts';
import type { PlanCatalogueModel } from './plans.models.js';

/** Billing's bus view → the GraphQL model, in one place. */
export function toPlanCatalogueModel(response: ListPlansResponse): PlanCatalogueModel {
  return {
    plans: response.plans.map((plan) => ({
      ...plan,
      features: [...plan.features],
    })),
    developerApi: { ...response.developerApi },
  };
}
