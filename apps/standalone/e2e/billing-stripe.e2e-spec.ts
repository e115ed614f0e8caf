import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { BusClient } from '@membolt/bus';
import { PaymentSubjects, SubscriptionSubjects } from '@membolt/contracts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { randomUUID } from 'node:crypto';
import { newApiUser } from './support/memory-api.js';
import { signUpOverGraphql, useStandalone } from './support/standalone.js';

jest.setTimeout(120_000);

const WEBHOOK_SECRET = 'whsec_e2e_membolt';

/** The Stripe API the product calls, on loopback: Checkout Sessions, the customer portal, cancellations. */
const stripeApi: { server?: Server; url?: string; sessions: number; cancelled: string[] } = {
  sessions: 0,
  cancelled: [],
};
const apiReady = new Promise<string>((resolve) => {
  stripeApi.server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/json');
      const cancel = /^\/v1\/subscriptions\/(\w+)$/.exec(req.url ?? '');
      if (req.method === 'DELETE' && cancel?.[1]) {
        stripeApi.cancelled.push(cancel[1]);
        res.end(JSON.stringify({ id: cancel[1], object: 'subscription', status: 'canceled' }));
        return;
      }
      if (req.url === '/v1/billing_portal/sessions') {
        res.end(
          JSON.stringify({
            id: 'bps_1',
            object: 'billing_portal.session',
            url: 'https://billing.stripe.test/p',
          }),
        );
        return;
      }
      const id = `cs_test_${++stripeApi.sessions}`;
      res.end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/${id}` }));
    });
  });
  const server = stripeApi.server;
  server.listen(0, '127.0.0.1', () => {
    resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
});

/** Stripe end to end: Checkout from the product, then the signed webhook through POST /api/payments/webhook. */
describe('payments with Stripe: checkout and the signed webhook', () => {
  let apiUrl = '';
  beforeAll(async () => {
    apiUrl = await apiReady;
  });
  afterAll(async () => {
    await new Promise((resolve) => stripeApi.server?.close(resolve));
  });

  const product = useStandalone('billing-stripe', () => ({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: apiUrl,
  }));
  const stripe = new Stripe('sk_test_e2e');

  const post = (payload: string, signature?: string) =>
    fetch(`${product.url}/api/payments/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      body: payload,
    });

  it('answers a checkout URL for Add Funds and credits the balance once when Stripe calls back', async () => {
    const user = await newApiUser(product);
    const bus = product.app.get(BusClient);
    const action = await bus.request(
      PaymentSubjects.addFunds,
      { amountCents: 1500 },
      { userId: user.userId },
    );
    expect(action).toMatchObject({
      status: 'checkout',
      checkoutUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\//),
    });

    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_paid',
          object: 'checkout.session',
          status: 'complete',
          payment_status: 'paid',
          metadata: { membolt_kind: 'top_up', membolt_user_id: user.userId, membolt_amount_cents: '1500' },
        },
      },
    });
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const refused = await post(payload, forged);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: 'validation_error',
      message: 'The webhook signature does not verify.',
    });
    expect((await post(payload)).status).toBe(400);

    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const first = await post(payload, signature);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, applied: true });
    expect(await (await post(payload, signature)).json()).toEqual({ received: true, applied: false });
    expect(await bus.request(SubscriptionSubjects.get, {}, { userId: user.userId })).toMatchObject({
      balanceCents: 1500,
    });
  });

  it('a paid plan by Checkout links the Stripe customer: Manage Billing opens its portal; Free stops the subscription', async () => {
    const { browser, userId } = await signUpOverGraphql(product.url, {
      email: `stripe-${randomUUID()}@e2e.membolt.test`,
      name: 'Stripe E2E',
      password: `e2e-${randomUUID()}`,
    });
    const portal = () => browser.request<{ openBillingPortal: string }>('mutation { openBillingPortal }');
    expect((await portal()).errors?.[0]).toMatchObject({
      message:
        'There is no billing account at the payment provider yet: it is made with your first paid plan.',
      extensions: { code: 'NOT_FOUND' },
    });
    const payload = JSON.stringify({
      id: 'evt_plan',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_plan',
          object: 'checkout.session',
          status: 'complete',
          payment_status: 'paid',
          customer: 'cus_e2e',
          subscription: 'sub_e2e',
          metadata: { membolt_kind: 'plan_change', membolt_user_id: userId, membolt_plan: 'basic' },
        },
      },
    });
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(await (await post(payload, signature)).json()).toEqual({ received: true, applied: true });
    expect((await portal()).data?.openBillingPortal).toBe('https://billing.stripe.test/p');

    // Enterprise has no monthly price: with Stripe too, never applied for the asking (nor at 0 cents).
    const enterprise = await browser.request('mutation { changePlan(plan: "enterprise") { status } }');
    expect(enterprise.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      (await browser.request<{ subscription: { plan: string } }>('{ subscription { plan } }')).data
        ?.subscription.plan,
    ).toBe('basic');

    const free = await browser.request<{ changePlan: { status: string } }>(
      'mutation { changePlan(plan: "free") { status } }',
    );
    expect(free.data?.changePlan.status).toBe('applied');
    expect(stripeApi.cancelled).toEqual(['sub_e2e']);
  });
});
