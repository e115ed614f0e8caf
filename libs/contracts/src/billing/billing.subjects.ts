import { defineSubject } from '../common/envelope.js';
import type { ListPlansRequest, PlansChangedEvent } from './list-plans.request.js';
import type { ListPlansResponse } from './plan.view.js';

export const BillingSubjects = {
  listPlans: defineSubject<ListPlansRequest, ListPlansResponse>('billing', 'billing.plans.list.v1', {
    idempotent: true,
  }),
  /** Broadcast (see PlansChangedEvent). */
  plansChanged: defineSubject<PlansChangedEvent, void>('billing', 'billing.plans.changed.v1'),
} as const;
