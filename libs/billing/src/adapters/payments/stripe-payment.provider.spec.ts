import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { BillingErrorCode, CommonErrorCode } from '@membolt/contracts';
import { TestClock } from '@membolt/platform';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { DEFAULT_PLAN_CATALOGUE } from '../../domain/plan-catalogue.js';
import type { BillingStore } from '../../ports/billing-store.js';
import { type BillingServices, makeBillingServices } from '../../testing/billing-services.factory.js';
import { openBillingEmbeddedStore } from '../embedded/billing-store.embedded.js';
import { StripePaymentProvider } from './stripe-payment.provider.js';

const SECRET_KEY = 'sk_test_membolt';
const WEBHOOK_SECRET = 'whsec_membolt_test_secret';

interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
  readonly form: URLSearchParams;
}

/** A loopback server speaking the part of Stripe's API the provider calls (form-encoded in, JSON out). */
async function startStripeApi(): Promise<{
  server: Server;
  url: string;
  seen: SeenRequest[];
  fail: { next: boolean };
}> {
  const seen: SeenRequest[] = [];
  const fail = { next: false };
  let sessions = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        form: new URLSearchParams(body),
      });
      res.setHeader('Content-Type', 'application/json');
      if (fail.next) {
        fail.next = false;
        res.statusCode = 400;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Amount too small' } }));
        return;
      }
      const cancel = /^\/v1\/subscriptions\/([\w-]+)$/.exec(req.url ?? '');
      if (req.method === 'DELETE' && cancel) {
        if (cancel[1] === 'sub_gone') {
          res.statusCode = 404;
          res.end(
            JSON.stringify({
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: 'No such subscription',
              },
            }),
          );
          return;
        }
        res.end(JSON.stringify({ id: cancel[1], object: 'subscription', status: 'canceled' }));
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/billing_portal/sessions') {
        res.end(
          JSON.stringify({
            id: 'bps_1',
            object: 'billing_portal.session',
            url: 'https://billing.stripe.test/p/1',
          }),
        );
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const id = `cs_test_${++sessions}`;
        res.end(
          JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/${id}` }),
        );
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unknown route' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, seen, fail };
}

describe('StripePaymentProvider (loopback Stripe API, signed webhooks)', () => {
  let api: Awaited<ReturnType<typeof startStripeApi>>;
  let dataDir: string;
  let store: BillingStore;
  let billing: BillingServices;
  const clock = new TestClock(new Date('2026-04-01T10:00:00.000Z'));
  const stripe = new Stripe(SECRET_KEY);

  const completed = (session: Record<string, unknown>, type = 'checkout.session.completed') => {
    const payload = JSON.stringify({
      id: `evt_${String(session['id'])}`,
      object: 'event',
      type,
      data: {
        object: { object: 'checkout.session', status: 'complete', payment_status: 'paid', ...session },
      },
    });
    return {
      payload,
      signature: stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    };
  };

  beforeAll(async () => {
    api = await startStripeApi();
  });
  afterAll(async () => {
    await new Promise((resolve) => api.server.close(resolve));
  });

  beforeEach(async () => {
    api.seen.length = 0;
    dataDir = mkdtempSync(join(tmpdir(), 'membolt-billing-stripe-'));
    store = openBillingEmbeddedStore(dataDir);
    const provider = new StripePaymentProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      publicUrl: 'https://membolt.example.com',
      apiUrl: api.url,
    });
    billing = await makeBillingServices(store, clock, { provider });
    await billing.subscriptions.init('user-a');
  });
  afterEach(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens a Checkout Session for a top-up and applies it when the signed webhook arrives, once', async () => {
    const action = await billing.payments.addFunds('user-a', 2500);
    expect(action).toMatchObject({
      status: 'checkout',
      checkoutUrl: 'https://checkout.stripe.test/cs_test_1',
    });
    expect(await store.ledger.balance('user-a')).toBe(0);

    const [request] = api.seen;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      authorization: `Bearer ${SECRET_KEY}`,
    });
    expect(Object.fromEntries(request?.form ?? [])).toMatchObject({
      mode: 'payment',
      client_reference_id: 'user-a',
      'line_items[0][price_data][unit_amount]': '2500',
      'line_items[0][price_data][currency]': 'usd',
      'metadata[membolt_kind]': 'top_up',
      'metadata[membolt_amount_cents]': '2500',
      success_url: 'https://membolt.example.com/settings/subscription?checkout=success',
    });

    const event = completed({
      id: 'cs_test_1',
      metadata: { membolt_kind: 'top_up', membolt_user_id: 'user-a', membolt_amount_cents: '2500' },
    });
    expect(await billing.payments.webhook(event.payload, event.signature)).toEqual({
      received: true,
      applied: true,
    });
    // Stripe delivers again: applied once.
    expect(await billing.payments.webhook(event.payload, event.signature)).toEqual({
      received: true,
      applied: false,
    });
    expect(await store.ledger.balance('user-a')).toBe(2500);
    expect((await billing.ledger.list('user-a')).entries[0]).toMatchObject({
      kind: 'top_up',
      amountCents: 2500,
      description: 'Add funds (Stripe)',
      idempotencyKey: 'topup:cs_test_1',
    });
  });

  it('opens a subscription Checkout for a paid plan and moves the plan on the webhook', async () => {
    const action = await billing.payments.changePlan('user-a', 'pro');
    expect(action).toMatchObject({ status: 'checkout', subscription: { subscription: { plan: 'free' } } });
    expect(Object.fromEntries(api.seen[0]?.form ?? [])).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][unit_amount]': '5000',
      'line_items[0][price_data][recurring][interval]': 'month',
      'metadata[membolt_plan]': 'pro',
    });
    const event = completed({
      id: 'cs_test_9',
      metadata: { membolt_kind: 'plan_change', membolt_user_id: 'user-a', membolt_plan: 'pro' },
    });
    await billing.payments.webhook(event.payload, event.signature);
    expect((await billing.subscriptions.get('user-a')).plan).toBe('pro');
    // Back to free needs no payment: applied at once, no call to Stripe.
    api.seen.length = 0;
    expect(await billing.payments.changePlan('user-a', 'free')).toMatchObject({ status: 'applied' });
    expect(api.seen).toEqual([]);
  });

  it('never applies a plan without a monthly price for its user: no Checkout, no change, no ledger entry', async () => {
    for (const plan of ['enterprise', 'pay-per-use'] as const) {
      await expect(billing.payments.changePlan('user-a', plan)).rejects.toMatchObject({
        code: CommonErrorCode.Forbidden,
      });
    }
    expect(api.seen).toEqual([]);
    expect((await billing.subscriptions.get('user-a')).plan).toBe('free');
    expect((await billing.ledger.list('user-a')).entries).toEqual([]);
    // The provider itself never answers "apply" for such a plan either.
    const provider = new StripePaymentProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      publicUrl: 'http://localhost:3000',
      apiUrl: api.url,
    });
    const enterprise = DEFAULT_PLAN_CATALOGUE.plans.find((plan) => plan.id === 'enterprise');
    if (!enterprise) throw new Error('The default catalogue has an Enterprise plan.');
    await expect(provider.startPlanChange('user-a', enterprise)).rejects.toMatchObject({
      code: CommonErrorCode.Forbidden,
    });
  });

  const paidPlan = (plan: string, session: string, subscription: string) =>
    completed({
      id: session,
      customer: 'cus_a',
      subscription,
      metadata: { membolt_kind: 'plan_change', membolt_user_id: 'user-a', membolt_plan: plan },
    });
  const subscriptionDeleted = (subscription: string, event: string) => {
    const payload = JSON.stringify({
      id: event,
      object: 'event',
      type: 'customer.subscription.deleted',
      data: {
        object: {
          id: subscription,
          object: 'subscription',
          status: 'canceled',
          metadata: { membolt_user_id: 'user-a' },
        },
      },
    });
    return {
      payload,
      signature: stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    };
  };
  const cancellations = () =>
    api.seen.filter((request) => request.method === 'DELETE').map((request) => request.path);

  it('stops the Stripe subscription of the plan being left: on an upgrade by Checkout, and on a change to a plan without payment', async () => {
    await billing.payments.changePlan('user-a', 'basic');
    expect(Object.fromEntries(api.seen[0]?.form ?? [])).toMatchObject({
      'subscription_data[metadata][membolt_user_id]': 'user-a',
      'subscription_data[metadata][membolt_plan]': 'basic',
    });
    const basic = paidPlan('basic', 'cs_test_b', 'sub_basic');
    await billing.payments.webhook(basic.payload, basic.signature);
    expect(await store.paymentLinks.find('user-a')).toMatchObject({
      provider: 'stripe',
      customerId: 'cus_a',
      subscriptionId: 'sub_basic',
    });
    expect(cancellations()).toEqual([]);

    const pro = paidPlan('pro', 'cs_test_p', 'sub_pro');
    await billing.payments.webhook(pro.payload, pro.signature);
    expect((await billing.subscriptions.get('user-a')).plan).toBe('pro');
    expect(cancellations()).toEqual(['/v1/subscriptions/sub_basic']);
    // Stripe delivers a webhook more than once: nothing more is cancelled or applied.
    await billing.payments.webhook(pro.payload, pro.signature);
    expect(cancellations()).toEqual(['/v1/subscriptions/sub_basic']);

    expect(await billing.payments.changePlan('user-a', 'free')).toMatchObject({ status: 'applied' });
    expect(cancellations()).toEqual(['/v1/subscriptions/sub_basic', '/v1/subscriptions/sub_pro']);
    expect(await store.paymentLinks.find('user-a')).toMatchObject({
      customerId: 'cus_a',
      subscriptionId: null,
    });
  });

  it('moves to Free when Stripe ends the subscription that pays for the plan, not when it ends one already replaced', async () => {
    for (const [plan, session, subscription] of [
      ['basic', 'cs_1', 'sub_1'],
      ['pro', 'cs_2', 'sub_2'],
    ] as const) {
      const event = paidPlan(plan, session, subscription);
      await billing.payments.webhook(event.payload, event.signature);
    }
    const replaced = subscriptionDeleted('sub_1', 'evt_deleted_1');
    expect(await billing.payments.webhook(replaced.payload, replaced.signature)).toEqual({
      received: true,
      applied: false,
    });
    expect((await billing.subscriptions.get('user-a')).plan).toBe('pro');
    const current = subscriptionDeleted('sub_2', 'evt_deleted_2');
    expect(await billing.payments.webhook(current.payload, current.signature)).toEqual({
      received: true,
      applied: true,
    });
    expect((await billing.subscriptions.get('user-a')).plan).toBe('free');
    expect(await billing.payments.webhook(current.payload, current.signature)).toMatchObject({
      applied: false,
    });
  });

  it('opens the Stripe customer portal for the user’s customer, and says when there is none yet', async () => {
    await expect(billing.payments.billingPortal('user-a')).rejects.toMatchObject({
      code: CommonErrorCode.NotFound,
      message:
        'There is no billing account at the payment provider yet: it is made with your first paid plan.',
    });
    const basic = paidPlan('basic', 'cs_test_b', 'sub_basic');
    await billing.payments.webhook(basic.payload, basic.signature);
    expect(await billing.payments.billingPortal('user-a')).toBe('https://billing.stripe.test/p/1');
    const request = api.seen.find((seen) => seen.path === '/v1/billing_portal/sessions');
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      customer: 'cus_a',
      return_url: 'https://membolt.example.com/settings/subscription',
    });
  });

  it('stops the Stripe subscription when the account is deleted; one already gone at Stripe is not an error', async () => {
    const basic = paidPlan('basic', 'cs_test_b', 'sub_gone');
    await billing.payments.webhook(basic.payload, basic.signature);
    expect(await billing.payments.deleteForUser('user-a')).toBe(1);
    expect(cancellations()).toEqual(['/v1/subscriptions/sub_gone']);
    expect(await store.paymentLinks.find('user-a')).toBeNull();
    expect(await billing.payments.deleteForUser('user-a')).toBe(0);
  });

  it('refuses a webhook whose signature does not verify, and changes nothing', async () => {
    const event = completed({
      id: 'cs_test_2',
      metadata: { membolt_kind: 'top_up', membolt_user_id: 'user-a', membolt_amount_cents: '100000' },
    });
    const forged = stripe.webhooks.generateTestHeaderString({
      payload: event.payload,
      secret: 'whsec_other',
    });
    await expect(billing.payments.webhook(event.payload, forged)).rejects.toMatchObject({
      code: CommonErrorCode.ValidationError,
      message: 'The webhook signature does not verify.',
    });
    await expect(billing.payments.webhook(`${event.payload} `, event.signature)).rejects.toMatchObject({
      code: CommonErrorCode.ValidationError,
    });
    expect(await store.ledger.balance('user-a')).toBe(0);
  });

  it('acknowledges events it does not act on', async () => {
    const event = completed({ id: 'cs_test_3', metadata: {} }, 'customer.created');
    expect(await billing.payments.webhook(event.payload, event.signature)).toEqual({
      received: true,
      applied: false,
    });
  });

  it('answers payment_failed when Stripe refuses the checkout', async () => {
    api.fail.next = true;
    await expect(billing.payments.addFunds('user-a', 100)).rejects.toMatchObject({
      code: BillingErrorCode.PaymentFailed,
    });
    expect(await store.ledger.balance('user-a')).toBe(0);
  });
});
