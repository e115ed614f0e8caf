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
  SubscriptionSubjects,
} from '@membolt/contracts';
import { BillingModule } from './billing.module.js';

/** Subscriptions served by the billing service over a real nats-server. */
describe('billing subscriptions over NATS', () => {
  let testbed: NatsTestbed;
  let service: BusTestApp;
  let client: NatsTestbed['client'];
  const asUser = (userId: string) => ({ userId });

  beforeAll(async () => {
    testbed = await startNatsTestbed('billing-int');
    ({ client } = testbed);
    service = await startBusServices(testbed.transport, 'billing', [
      BillingModule.forRoot({ store: { kind: 'embedded', dataDir: testbed.dataDir } }),
    ]);
  });

  afterAll(async () => {
    await service?.close();
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
      createdAt: expect.any(String),
      updatedAt: created.createdAt,
    });
    expect(await client.bus.request(SubscriptionSubjects.init, {}, asUser('alice'))).toEqual(created);
    expect(await client.bus.request(SubscriptionSubjects.get, {}, asUser('alice'))).toEqual(created);
    // The plan catalogue still answers beside it.
    expect((await client.bus.request(BillingSubjects.listPlans, {})).plans).toHaveLength(5);
  });

  it('never shows one user another user’s subscription', async () => {
    await client.bus.request(SubscriptionSubjects.init, {}, asUser('bob'));
    const error = await rejection(client.bus.request(SubscriptionSubjects.get, {}, asUser('mallory')));
    expect(error).toMatchObject({
      code: BillingErrorCode.SubscriptionNotFound,
      message: 'No subscription found for this user.',
    });
    expect((await client.bus.request(SubscriptionSubjects.get, {}, asUser('bob'))).userId).toBe('bob');
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

  it('deletes the acting user’s subscription only, idempotently', async () => {
    await client.bus.request(SubscriptionSubjects.init, {}, asUser('carol'));
    await client.bus.request(SubscriptionSubjects.init, {}, asUser('dave'));
    expect(await client.bus.request(deleteUserDataSubject('billing'), {}, asUser('carol'))).toEqual({
      service: 'billing',
      removed: { subscriptions: 1 },
    });
    expect(await client.bus.request(deleteUserDataSubject('billing'), {}, asUser('carol'))).toEqual({
      service: 'billing',
      removed: { subscriptions: 0 },
    });
    expect((await rejection(client.bus.request(SubscriptionSubjects.get, {}, asUser('carol')))).code).toBe(
      BillingErrorCode.SubscriptionNotFound,
    );
    expect((await client.bus.request(SubscriptionSubjects.get, {}, asUser('dave'))).userId).toBe('dave');
  });

  it('refuses every user-scoped subject without an acting user', async () => {
    for (const call of [
      client.bus.request(SubscriptionSubjects.init, {}),
      client.bus.request(SubscriptionSubjects.get, {}),
      client.bus.request(deleteUserDataSubject('billing'), {}),
    ]) {
      expect(await rejection(call)).toMatchObject({ code: CommonErrorCode.Unauthorized });
    }
  });
});
