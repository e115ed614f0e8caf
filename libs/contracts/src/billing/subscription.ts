import { defineSubject } from '../common/envelope.js';

export class InitSubscriptionRequest {}
export class GetSubscriptionRequest {}

/** A user's subscription (gateway-and-accounts.md section 3). Money is integer cents. */
export interface SubscriptionView {
  readonly userId: string;
  readonly status: 'active' | 'inactive';
  readonly plan: string;
  readonly balanceCents: number;
  readonly rateCents: number;
  readonly conversationsUsed: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export const SubscriptionSubjects = {
  /** (user) Creates the free subscription if the user has none; idempotent. */
  init: defineSubject<InitSubscriptionRequest, SubscriptionView>('billing', 'billing.subscriptions.init.v1', {
    idempotent: true,
  }),
  /** (user) */
  get: defineSubject<GetSubscriptionRequest, SubscriptionView>('billing', 'billing.subscriptions.get.v1', {
    idempotent: true,
  }),
} as const;
