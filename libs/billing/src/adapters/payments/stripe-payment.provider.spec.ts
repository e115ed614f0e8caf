import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { BillingErrorCode, CommonErrorCode } from '@membolt/contracts';
import { TestClock } from '@membolt/platform';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
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
    expect(Object.fromEntries(request!.form)).toMatchObject({
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
    expect(Object.fromEntries(api.seen[0]!.form)).toMatchObject({
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
