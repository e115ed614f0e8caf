import { defineSubject } from '../common/envelope.js';
import type { ListPlansRequest } from './list-plans.request.js';
import type { ListPlansResponse } from './plan.view.js';

export const BillingSubjects = {
  listPlans: defineSubject<ListPlansRequest, ListPlansResponse>('billing', 'billing.plans.list.v1', {
    idempotent: true,
  }),
} as const;
