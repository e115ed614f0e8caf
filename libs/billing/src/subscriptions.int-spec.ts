import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type BusTestApp,
  type NatsTestbed,
  rejection,
  startBusServices,
  startNatsTestbed,
} from '@membolt/bus/testing';
import {
  BillingErrorCode,
  BillingSubjects,
  CommonErrorCode,
  deleteUserDataSubject,
  PaymentSubjects,
  SubscriptionSubjects,
  UsageSubjects,
} from '@membolt/contracts';
import { BillingModule } from './billing.module.js';
import { SubscriptionCheckCache } from './services/subscription-check.cache.js';

/** Billing served by two replicas (one queue group, one data file) over a real nats-server. */
describe('billing over NATS with two replicas', () => {
  let testbed: NatsTestbed;
  let replicas: BusTestApp[];
  let client: NatsTestbed['client'];
  const asUser = (userId: string) => ({ userId });
  let calls = 0;
  const memoryList = () => ({
    endpoint: '/memories' as const,
    method: 'GET' as const,
    idempotencyKey: `c-${++calls}`,
  });

  beforeAll(async () => {
    testbed = await startNatsTestbed('billing-int');
    ({ client } = testbed);
    const module = () => BillingModule.forRoot({ store: { kind: 'embedded', dataDir: testbed.dataDir } });
    replicas = [
      await startBusServices(testbed.transport, 'billing', [module()]),
      await startBusServices(testbed.transport, 'billing', [module()]),
    ];
  });

  afterAll(async () => {
    for (const replica of replicas ?? []) await replica.close();
    await testbed?.close();
  });

  it('initialises the free subscription once and reads it back', async () => {
    const created = await client.bus.request(SubscriptionSubjects.init, {}, asUser('alice'));
    expect(created).toEqual({
      userId: 'alice',
      status: 'active',
      plan: 'free',
      balanceCents: 0,
      rateCents: 1,
      conversationsUsed: 0,
      conversationsLimit: 10,
      retentionDays: 7,
      usageResetAt: expect.any(String),
      renewsAt: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: created.createdAt,
    });
    expect(await client.bus.request(SubscriptionSubjects.init, {}, asUser('alice'))).toEqual(created);
    expect(await client.bus.request(SubscriptionSubjects.get, {}, asUser('alice'))).toEqual(created);
    expect((await client.bus.request(BillingSubjects.listPlans, {})).plans).toHaveLength(5);
  });

  it('never shows one user another user’s subscription', async () => {
    await client.bus.request(SubscriptionSubjects.init, {}, asUser('bob'));
    const error = await rejection(client.bus.request(SubscriptionSubjects.get, {}, asUser('mallory')));
    expect(error).toMatchObject({
      code: BillingErrorCode.SubscriptionNotFound,
      message: 'No subscription found for this user.',
    });
    expect(await client.bus.request(SubscriptionSubjects.check, {}, asUser('mallory'))).toMatchObject({
      valid: false,
      reason: 'user_not_found',
    });
  });

  it('rejects unknown fields: the user comes from the envelope, never from the payload', async () => {
    const error = await rejection(
      client.bus.request(SubscriptionSubjects.get, { userId: 'bob' } as never, asUser('mallory')),
    );
    expect(error).toMatchObject({
      code: CommonErrorCode.ValidationError,
      message: 'userId should not exist',
    });
  });

  it('applies 50 concurrent charges on one balance exactly once each across both replicas', async () => {
    await client.bus.request(SubscriptionSubjects.init, {}, asUser('payer'));
    await client.bus.request(SubscriptionSubjects.setPlan, { plan: 'pay-per-use' }, asUser('payer'));
    await client.bus.request(PaymentSubjects.addFunds, { amountCents: 130 }, asUser('payer'));
    // 150 charges of 1 cent on 130 cents: the first two batches of 50 fit, the third only as far as it goes.
    const first = Array.from({ length: 50 }, memoryList);
    const second = Array.from({ length: 50 }, memoryList);
    const third = Array.from({ length: 50 }, memoryList);
    const authorize = (request: ReturnType<typeof memoryList>) =>
      client.bus.request(UsageSubjects.authorize, request, asUser('payer'));
    for (const batch of [first, second]) {
      const decisions = await Promise.all(batch.map(authorize));
      expect(decisions.every((decision) => decision.allowed && decision.chargedCents === 1)).toBe(true);
    }
    const decisions = await Promise.all(third.map(authorize));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(30);
    expect(decisions.filter((decision) => decision.reason === 'insufficient_balance')).toHaveLength(20);
    // Every message delivered again (a retried bus message): nothing is charged twice.
    await Promise.all([...first, ...third].map(authorize));
    expect(await client.bus.request(SubscriptionSubjects.get, {}, asUser('payer'))).toMatchObject({
      balanceCents: 0,
    });
    const ledger = await client.bus.request(UsageSubjects.ledger, { limit: 100 }, asUser('payer'));
    expect(ledger.total).toBe(2 + 130);
  });

  it('drops the cached check in every replica the moment the balance changes', async () => {
    await client.bus.request(SubscriptionSubjects.init, {}, asUser('carol'));
    await client.bus.request(SubscriptionSubjects.setPlan, { plan: 'pay-per-use' }, asUser('carol'));
    // Both replicas answer (and cache) the check: insufficient balance.
    for (let i = 0; i < 6; i++) {
      expect(await client.bus.request(SubscriptionSubjects.check, {}, asUser('carol'))).toMatchObject({
        reason: 'insufficient_balance',
      });
    }
    // Whichever replica answered, each now holds carol's check (set here so that both surely do).
    const caches = replicas.map((replica) => replica.app.get(SubscriptionCheckCache));
    const stale = await client.bus.request(SubscriptionSubjects.check, {}, asUser('carol'));
    caches.forEach((cache) => cache.set('carol', stale));

    await client.bus.request(PaymentSubjects.addFunds, { amountCents: 100 }, asUser('carol'));
    // The replica that applied it dropped its entry at once; the other one on the broadcast.
    for (let waited = 0; caches.some((cache) => cache.get('carol')) && waited < 2000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(caches.map((cache) => cache.get('carol'))).toEqual([undefined, undefined]);
    for (let i = 0; i < 6; i++) {
      expect(await client.bus.request(SubscriptionSubjects.check, {}, asUser('carol'))).toMatchObject({
        valid: true,
        balanceCents: 100,
      });
    }
  });

  it('refuses add funds outside $1-$1,000 with the spec’s message, changing nothing', async () => {
    await client.bus.request(SubscriptionSubjects.init, {}, asUser('dan'));
    for (const amountCents of [99, 100_001, 1.5, -100]) {
      const error = await rejection(
        client.bus.request(PaymentSubjects.addFunds, { amountCents }, asUser('dan')),
      );
      expect(error).toMatchObject({
        code: CommonErrorCode.ValidationError,
        message: 'The amount must be between $1 and $1,000.',
      });
    }
    expect(await client.bus.request(SubscriptionSubjects.get, {}, asUser('dan'))).toMatchObject({
      balanceCents: 0,
    });
    expect((await client.bus.request(UsageSubjects.ledger, {}, asUser('dan'))).total).toBe(0);
  });

  it('deletes the acting user’s billing data only, idempotently', async () => {
    await client.bus.request(SubscriptionSubjects.init, {}, asUser('erin'));
    await client.bus.request(PaymentSubjects.addFunds, { amountCents: 100 }, asUser('erin'));
    await client.bus.request(SubscriptionSubjects.init, {}, asUser('fred'));
    expect(await client.bus.request(deleteUserDataSubject('billing'), {}, asUser('erin'))).toEqual({
      service: 'billing',
      removed: { subscriptions: 1, ledgerEntries: 1, usageEntries: 0, spendCaps: 0, paymentLinks: 0 },
    });
    expect(await client.bus.request(deleteUserDataSubject('billing'), {}, asUser('erin'))).toEqual({
      service: 'billing',
      removed: { subscriptions: 0, ledgerEntries: 0, usageEntries: 0, spendCaps: 0, paymentLinks: 0 },
    });
    expect((await client.bus.request(SubscriptionSubjects.get, {}, asUser('fred'))).userId).toBe('fred');
  });

  it('refuses every user-scoped subject without an acting user', async () => {
    // One at a time: a request started early would reject before anything awaits it (unhandled).
    for (const call of [
      () => client.bus.request(SubscriptionSubjects.init, {}),
      () => client.bus.request(SubscriptionSubjects.get, {}),
      () => client.bus.request(SubscriptionSubjects.check, {}),
      () => client.bus.request(UsageSubjects.authorize, memoryList()),
      () => client.bus.request(UsageSubjects.summary, {}),
      () => client.bus.request(PaymentSubjects.addFunds, { amountCents: 500 }),
      () => client.bus.request(deleteUserDataSubject('billing'), {}),
    ]) {
      expect(await rejection(call())).toMatchObject({ code: CommonErrorCode.Unauthorized });
    }
  });
});
