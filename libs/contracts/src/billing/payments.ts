import { IsIn, IsOptional, IsString, Matches, MaxLength, ValidateBy } from 'class-validator';
import { defineSubject } from '../common/envelope.js';
import { ADD_FUNDS_MAX_CENTS, ADD_FUNDS_MIN_CENTS, ADD_FUNDS_RANGE_MESSAGE } from '../rules/billing.rules.js';
import { PLAN_IDS, type PlanId } from '../rules/plan.rules.js';
import type { SubscriptionView } from './subscription.js';

/** `billing.funds.add.v1` (user): a top-up through the payment provider, $1 to $1,000. */
export class AddFundsRequest {
  @ValidateBy({
    name: 'isAddFundsAmount',
    validator: {
      validate: (value: unknown) =>
        Number.isInteger(value) &&
        (value as number) >= ADD_FUNDS_MIN_CENTS &&
        (value as number) <= ADD_FUNDS_MAX_CENTS,
      defaultMessage: () => ADD_FUNDS_RANGE_MESSAGE,
    },
  })
  amountCents!: number;

  /** Makes a retried click harmless; the provider's own reference is used otherwise. */
  @IsOptional()
  @Matches(/^[A-Za-z0-9:_.-]{1,128}$/)
  idempotencyKey?: string;
}

/** `billing.plan.change.v1` (user): upgrade, downgrade, or cancel (`free`). */
export class ChangePlanRequest {
  @IsIn(PLAN_IDS)
  plan!: PlanId;
}

/** `billing.payments.webhook.v1` (public: the signature is the credential). The provider's raw request. */
export class PaymentWebhookRequest {
  @IsString()
  @MaxLength(1_000_000)
  payload!: string;

  @IsString()
  @MaxLength(2000)
  signature!: string;
}

export class PaymentProviderRequest {}

/** `billing.payments.portal.v1` (user): the payment provider's billing page for the user's cards and invoices. */
export class BillingPortalRequest {}

export interface BillingPortalView {
  /** Where to send the user (Stripe's customer portal); it brings them back to Settings > Subscription. */
  readonly url: string;
}

export interface PaymentProviderView {
  readonly id: 'simulation' | 'stripe';
  /** The simulation says so on every screen that offers a payment. */
  readonly simulation: boolean;
  readonly label: string;
  /** Where the Subscription problem dialog's Contact Support writes to (SUPPORT_EMAIL). */
  readonly supportEmail: string;
}

/**
 * The outcome of a payment action: applied at once (the simulation), or a checkout page to send the user to
 * (Stripe), after which the provider's webhook applies it.
 */
export interface PaymentActionView {
  readonly status: 'applied' | 'checkout';
  readonly checkoutUrl: string | null;
  readonly subscription: SubscriptionView;
}

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
