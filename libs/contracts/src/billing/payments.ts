import { z } from 'zod';
import { defineSubject } from '../common/envelope.js';
import { boundedString, oneOf, optional } from '../common/wire-schema.js';
import { matchingString } from '../common/wire-strings.js';
import { ADD_FUNDS_MAX_CENTS, ADD_FUNDS_MIN_CENTS, ADD_FUNDS_RANGE_MESSAGE } from '../rules/billing.rules.js';
import { PLAN_IDS } from '../rules/plan.rules.js';
import { SubscriptionView } from './subscription.js';

/** `billing.funds.add.v1` (user): a top-up through the payment provider, $1 to $1,000. */
export const AddFundsRequest = z.strictObject({
  amountCents: z
    .number({ error: ADD_FUNDS_RANGE_MESSAGE })
    .refine(
      (cents) => Number.isInteger(cents) && cents >= ADD_FUNDS_MIN_CENTS && cents <= ADD_FUNDS_MAX_CENTS,
      ADD_FUNDS_RANGE_MESSAGE,
    ),
  /** Makes a retried click harmless; the provider's own reference is used otherwise. */
  idempotencyKey: optional(matchingString(/^[A-Za-z0-9:_.-]{1,128}$/)),
});
export type AddFundsRequest = z.output<typeof AddFundsRequest>;

/** `billing.plan.change.v1` (user): upgrade, downgrade, or cancel (`free`). */
export const ChangePlanRequest = z.strictObject({ plan: oneOf(PLAN_IDS) });
export type ChangePlanRequest = z.output<typeof ChangePlanRequest>;

/** `billing.payments.webhook.v1` (public: the signature is the credential). The provider's raw request. */
export const PaymentWebhookRequest = z.strictObject({
  payload: boundedString(1_000_000, { lengthTextFirst: true }),
  signature: boundedString(2000, { lengthTextFirst: true }),
});
export type PaymentWebhookRequest = z.output<typeof PaymentWebhookRequest>;

export const PaymentProviderRequest = z.strictObject({});
export type PaymentProviderRequest = z.output<typeof PaymentProviderRequest>;

/** `billing.payments.portal.v1` (user): the payment provider's billing page for the user's cards and invoices. */
export const BillingPortalRequest = z.strictObject({});
export type BillingPortalRequest = z.output<typeof BillingPortalRequest>;

export interface BillingPortalView {
  /** Where to send the user (Stripe's customer portal); it brings them back to Settings > Subscription. */
  readonly url: string;
}

export const PaymentProviderView = z
  .object({
    id: z.enum(['simulation', 'stripe']).meta({ description: 'simulation or stripe.' }),
    /** The simulation says so on every screen that offers a payment. */
    simulation: z.boolean().meta({ description: 'True for the built-in simulation: no card is charged.' }),
    label: z.string(),
    /** The Subscription problem dialog's Contact Support (SUPPORT_EMAIL). */
    supportEmail: z.string().meta({ description: 'Where Contact Support writes to.' }),
  })
  .readonly();
export type PaymentProviderView = z.output<typeof PaymentProviderView>;

/**
 * The outcome of a payment action: applied at once (the simulation), or a checkout page to send the user to
 * (Stripe), after which the provider's webhook applies it.
 */
export const PaymentActionView = z
  .object({
    status: z.enum(['applied', 'checkout']).meta({ description: 'applied or checkout.' }),
    checkoutUrl: z.string().nullable(),
    subscription: SubscriptionView,
  })
  .readonly();
export type PaymentActionView = z.output<typeof PaymentActionView>;

export interface PaymentWebhookView {
  readonly received: boolean;
  readonly applied: boolean;
}

export const PaymentSubjects = {
  provider: defineSubject<PaymentProviderRequest, PaymentProviderView>(
    'billing',
    'billing.payments.provider.v1',
    {
      idempotent: true,
    },
  ),
  addFunds: defineSubject<AddFundsRequest, PaymentActionView>('billing', 'billing.funds.add.v1'),
  changePlan: defineSubject<ChangePlanRequest, PaymentActionView>('billing', 'billing.plan.change.v1'),
  portal: defineSubject<BillingPortalRequest, BillingPortalView>('billing', 'billing.payments.portal.v1'),
  webhook: defineSubject<PaymentWebhookRequest, PaymentWebhookView>(
    'billing',
    'billing.payments.webhook.v1',
    {
      idempotent: true,
    },
  ),
} as const;
