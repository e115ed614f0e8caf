import { BillingError, BillingErrorCode } from '@membolt/contracts';

export const subscriptionNotFound = (): BillingError =>
  new BillingError(BillingErrorCode.SubscriptionNotFound, 'No subscription found for this user.');
