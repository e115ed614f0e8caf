import {
  BillingError,
  BillingErrorCode,
  CommonError,
  CommonErrorCode,
  KeysError,
  KeysErrorCode,
} from '@membolt/contracts';

export const subscriptionNotFound = (): BillingError =>
  new BillingError(BillingErrorCode.SubscriptionNotFound, 'No subscription found for this user.');

export const planNotFound = (plan: string): BillingError =>
  new BillingError(BillingErrorCode.PlanNotFound, `There is no plan "${plan}".`);

export const alreadyOnPlan = (): CommonError =>
  new CommonError(CommonErrorCode.Conflict, 'You are already on this plan.');

export const usageNotAuthorized = (): CommonError =>
  new CommonError(CommonErrorCode.NotFound, 'No authorization exists for this usage key.');

export const invalidUsagePeriod = (): CommonError =>
  new CommonError(
    CommonErrorCode.ValidationError,
    '"from" must be before "to", and the period at most 366 days.',
  );

export const paymentFailed = (message: string): BillingError =>
  new BillingError(BillingErrorCode.PaymentFailed, message);

export const invalidWebhook = (message: string): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, message);

export const noBillingAccount = (): CommonError =>
  new CommonError(
    CommonErrorCode.NotFound,
    'There is no billing account at the payment provider yet: it is made with your first paid plan.',
  );

export const noBillingPortal = (): CommonError =>
  new CommonError(CommonErrorCode.NotFound, 'The payment provider has no billing portal.');

/** A plan without a monthly price (Enterprise, Pay-per-use) asked for by its user: the operator applies it. */
export const planNotSelfServe = (planName: string, supportEmail?: string): CommonError =>
  new CommonError(
    CommonErrorCode.Forbidden,
    `The ${planName} plan is set up by our team${supportEmail ? `: write to ${supportEmail} to get it` : ''}.`,
  );

/** The keys service's own words for a key that is not the caller's (or does not exist). */
export const apiKeyNotFound = (): KeysError =>
  new KeysError(KeysErrorCode.ApiKeyNotFound, 'API key not found.');
