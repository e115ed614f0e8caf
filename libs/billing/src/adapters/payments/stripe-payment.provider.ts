import { PLAN_IDS } from '@membolt/contracts';
import { lazyClient } from '@membolt/platform';
import type Stripe from 'stripe';
import { invalidWebhook, paymentFailed, planNotSelfServe } from '../../billing.errors.js';
import { isSelfServePlan, type Plan } from '../../domain/plan-catalogue.js';
import type { PaymentEvent, PaymentProvider, PaymentStart } from '../../ports/payment-provider.js';

export interface StripeProviderSettings {
  readonly secretKey: string;
  readonly webhookSecret: string;
  readonly publicUrl: string;
  readonly apiUrl?: string | undefined;
}

const KIND = 'membolt_kind';
const USER = 'membolt_user_id';
const AMOUNT = 'membolt_amount_cents';
const PLAN = 'membolt_plan';

/**
 * Stripe through its official package: a Checkout Session for each top-up (one payment) and each paid plan
 * (a monthly subscription); the `checkout.session.completed` webhook, signature verified, applies it.
 * Free needs no payment and applies at once; a plan without a monthly price (custom Enterprise, Pay-per-use)
 * is never started here: the operator applies it.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly info = { id: 'stripe', simulation: false, label: 'Stripe' } as const;
  /** The SDK loads on first use: a deployment on the simulation provider, or the CLI, never pays for it. */
  private readonly stripe = lazyClient(() => this.createClient());

  constructor(private readonly settings: StripeProviderSettings) {}

  private async createClient(): Promise<Stripe> {
    const { default: StripeClient } = await import('stripe');
    const settings = this.settings;
    const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
    return new StripeClient(settings.secretKey, {
      maxNetworkRetries: 1,
      timeout: 10_000,
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === 'https:' ? 443 : 80),
            protocol: api.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }

  async startTopUp(userId: string, amountCents: number): Promise<PaymentStart> {
    return this.checkout({
      mode: 'payment',
      client_reference_id: userId,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: amountCents,
            product_data: { name: 'Membolt balance top-up' },
          },
        },
      ],
      metadata: { [KIND]: 'top_up', [USER]: userId, [AMOUNT]: String(amountCents) },
    });
  }

  async startPlanChange(userId: string, plan: Plan): Promise<PaymentStart> {
    if (!isSelfServePlan(plan)) throw planNotSelfServe(plan.name);
    if (plan.monthlyPriceCents === 0) return { kind: 'apply' };
    return this.checkout({
      mode: 'subscription',
      client_reference_id: userId,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: plan.monthlyPriceCents,
            recurring: { interval: 'month' },
            product_data: { name: `Membolt ${plan.name}` },
          },
        },
      ],
      metadata: { [KIND]: 'plan_change', [USER]: userId, [PLAN]: plan.id },
      // The subscription carries its owner too: its end (customer.subscription.deleted) names the user.
      subscription_data: { metadata: { [USER]: userId, [PLAN]: plan.id } },
    });
  }

  async readWebhook(payload: string, signature: string): Promise<PaymentEvent | null> {
    const stripe = await this.stripe();
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(payload, signature, this.settings.webhookSecret);
    } catch {
      throw invalidWebhook('The webhook signature does not verify.');
    }
    if (event.type === 'customer.subscription.deleted') {
      const subscription = event.data.object;
      const owner = subscription.metadata?.[USER];
      return owner
        ? { kind: 'subscription_ended', userId: owner, subscriptionId: subscription.id, reference: event.id }
        : null;
    }
    if (event.type !== 'checkout.session.completed') return null;
    const session = event.data.object;
    const metadata = session.metadata ?? {};
    const userId = metadata[USER];
    if (!userId || session.status !== 'complete') return null;
    if (metadata[KIND] === 'top_up' && session.payment_status === 'paid') {
      const amountCents = Number(metadata[AMOUNT]);
      if (!Number.isInteger(amountCents) || amountCents <= 0)
        throw invalidWebhook('The top-up amount is missing.');
      return { kind: 'top_up', userId, amountCents, reference: session.id };
    }
    const plan = metadata[PLAN];
    if (metadata[KIND] === 'plan_change' && plan && (PLAN_IDS as readonly string[]).includes(plan)) {
      const customerId = idOf(session.customer);
      const subscriptionId = idOf(session.subscription);
      return {
        kind: 'plan_change',
        userId,
        plan,
        reference: session.id,
        ...(customerId ? { customerId } : {}),
        ...(subscriptionId ? { subscriptionId } : {}),
      };
    }
    return null;
  }

  async endSubscription(subscriptionId: string): Promise<void> {
    const stripe = await this.stripe();
    try {
      await stripe.subscriptions.cancel(subscriptionId);
    } catch (error) {
      // Already cancelled (or never there): nothing more to stop.
      if ((error as { code?: unknown }).code === 'resource_missing') return;
      throw paymentFailed(
        `The payment provider did not cancel the subscription: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  async openPortal(customerId: string): Promise<string | null> {
    const stripe = await this.stripe();
    try {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: `${this.settings.publicUrl}/settings/subscription`,
      });
      return session.url;
    } catch (error) {
      throw paymentFailed(
        `The payment provider refused the billing portal: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  private async checkout(params: Stripe.Checkout.SessionCreateParams): Promise<PaymentStart> {
    try {
      const stripe = await this.stripe();
      const session = await stripe.checkout.sessions.create({
        ...params,
        success_url: `${this.settings.publicUrl}/settings/subscription?checkout=success`,
        cancel_url: `${this.settings.publicUrl}/settings/subscription?checkout=cancelled`,
      });
      if (!session.url) throw new Error('Stripe answered a session without a URL');
      return { kind: 'checkout', url: session.url };
    } catch (error) {
      throw paymentFailed(
        `The payment provider refused the checkout: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

/** A Stripe reference that may come expanded (an object) or as its id. */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}
