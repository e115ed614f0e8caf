import type { PaymentProviderView } from '@membolt/contracts';
import type { Plan } from '../domain/plan-catalogue.js';

/** A payment starts either applied (nothing to collect) or at a provider's checkout page. */
export type PaymentStart = { readonly kind: 'apply' } | { readonly kind: 'checkout'; readonly url: string };

/** What a verified provider notification asks billing to apply. `reference` is the provider's own id. */
export type PaymentEvent =
  | {
      readonly kind: 'top_up';
      readonly userId: string;
      readonly amountCents: number;
      readonly reference: string;
    }
  | {
      readonly kind: 'plan_change';
      readonly userId: string;
      readonly plan: string;
      readonly reference: string;
      /** The provider's customer, and the subscription that now pays for the plan (recurring plans). */
      readonly customerId?: string;
      readonly subscriptionId?: string;
    }
  | {
      /** The provider stopped a subscription (cancelled in its portal, or unpaid). */
      readonly kind: 'subscription_ended';
      readonly userId: string;
      readonly subscriptionId: string;
      readonly reference: string;
    };

/** Collects money for top-ups and paid plans. */
export interface PaymentProvider {
  readonly info: Omit<PaymentProviderView, 'supportEmail'>;
  startTopUp(userId: string, amountCents: number): Promise<PaymentStart>;
  startPlanChange(userId: string, plan: Plan): Promise<PaymentStart>;
  /**
   * Verifies a notification's signature and reads it: an event to apply, or null for a notification that
   * asks for nothing (another event type). A bad signature throws.
   */
  readWebhook(payload: string, signature: string): Promise<PaymentEvent | null>;
  /** Stops a provider subscription (no further charges); one already stopped is not an error. */
  endSubscription(subscriptionId: string): Promise<void>;
  /** The provider's self-service billing page for a customer (cards, invoices), or null when it has none. */
  openPortal(customerId: string): Promise<string | null>;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');
