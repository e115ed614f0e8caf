import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { SubscriptionRecord } from '../domain/subscription.js';
import type { BillingStore } from '../ports/billing-store.js';
import type { SubscriptionRepository } from '../ports/subscription.repository.js';

/** A free subscription with defaults; override what the test is about. */
export function makeSubscription(overrides: Partial<SubscriptionRecord> = {}): SubscriptionRecord {
  const at = new Date('2026-02-01T08:00:00.000Z');
  return {
    userId: 'user-a',
    status: 'active',
    plan: 'free',
    rateCents: 1,
    conversationsUsed: 0,
    usageResetAt: new Date('2026-02-01T00:00:00.000Z'),
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** The behaviour every SubscriptionRepository adapter must have. Run by each adapter's spec. */
export function describeSubscriptionRepositoryContract(
  adapterName: string,
  makeStore: () => Promise<BillingStore>,
): void {
  describe(`SubscriptionRepository contract: ${adapterName}`, () => {
    let store: BillingStore;
    let repository: SubscriptionRepository;

    beforeEach(async () => {
      store = await makeStore();
      repository = store.subscriptions;
    });
    afterEach(async () => {
      await store.close();
    });

    const withBalance = (record: SubscriptionRecord, balanceCents = 0) => ({ ...record, balanceCents });

    it('creates a subscription once and returns the stored one on later calls', async () => {
      const first = makeSubscription();
      expect(await repository.createIfAbsent(first)).toEqual(withBalance(first));
      const second = makeSubscription({
        plan: 'pay-per-use',
        createdAt: new Date('2026-02-02T00:00:00.000Z'),
      });
      expect(await repository.createIfAbsent(second)).toEqual(withBalance(first));
      expect(await repository.findByUser('user-a')).toEqual(withBalance(first));
    });

    it('keeps one subscription per user under concurrent creation', async () => {
      const attempts = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          repository.createIfAbsent(makeSubscription({ conversationsUsed: i })),
        ),
      );
      expect(new Set(attempts.map((s) => s.conversationsUsed)).size).toBe(1);
    });

    it('holds every plan of the catalogue and reads the balance from the ledger', async () => {
      for (const plan of ['free', 'basic', 'pro', 'enterprise', 'pay-per-use'] as const) {
        const record = makeSubscription({ userId: `user-${plan}`, plan });
        expect(await repository.createIfAbsent(record)).toEqual(withBalance(record));
      }
      await store.ledger.apply({
        userId: 'user-pay-per-use',
        kind: 'top_up',
        amountCents: 250,
        description: 'top-up',
        idempotencyKey: 't1',
        createdAt: new Date('2026-02-01T09:00:00.000Z'),
      });
      expect((await repository.findByUser('user-pay-per-use'))?.balanceCents).toBe(250);
      expect((await repository.findByUser('user-free'))?.balanceCents).toBe(0);
    });

    it('updates plan, rate and status of the user only', async () => {
      await repository.createIfAbsent(makeSubscription({ userId: 'user-a' }));
      await repository.createIfAbsent(makeSubscription({ userId: 'user-b' }));
      const at = new Date('2026-02-03T00:00:00.000Z');
      expect(
        await repository.update('user-a', { plan: 'pay-per-use', rateCents: 2, status: 'inactive' }, at),
      ).toMatchObject({
        plan: 'pay-per-use',
        rateCents: 2,
        status: 'inactive',
        updatedAt: at,
      });
      expect(await repository.findByUser('user-b')).toMatchObject({ plan: 'free', status: 'active' });
      expect(await repository.update('user-c', { plan: 'pro' }, at)).toBeNull();
    });

    it('counts conversations up to the limit, and restarts the count in a new month', async () => {
      const february = new Date('2026-02-01T00:00:00.000Z');
      const march = new Date('2026-03-01T00:00:00.000Z');
      await repository.createIfAbsent(makeSubscription({ conversationsUsed: 0, usageResetAt: february }));
      const at = new Date('2026-02-10T00:00:00.000Z');
      const counted = await Promise.all(
        Array.from({ length: 15 }, () => repository.countConversation('user-a', 10, february, at)),
      );
      expect(counted.filter(Boolean)).toHaveLength(10);
      expect((await repository.findByUser('user-a'))?.conversationsUsed).toBe(10);

      await repository.uncountConversation('user-a', february, at);
      expect((await repository.findByUser('user-a'))?.conversationsUsed).toBe(9);

      expect(
        await repository.countConversation('user-a', 10, march, new Date('2026-03-02T00:00:00.000Z')),
      ).toBe(true);
      expect(await repository.findByUser('user-a')).toMatchObject({
        conversationsUsed: 1,
        usageResetAt: march,
      });
      // Unlimited plans count without a ceiling; a missing user counts nothing.
      expect(await repository.countConversation('user-a', null, march, march)).toBe(true);
      expect(await repository.countConversation('user-x', null, march, march)).toBe(false);
    });

    it('scopes reads and deletes to the user', async () => {
      const a = makeSubscription({ userId: 'user-a' });
      const b = makeSubscription({ userId: 'user-b', plan: 'pay-per-use' });
      await repository.createIfAbsent(a);
      await repository.createIfAbsent(b);
      expect(await repository.findByUser('user-b')).toEqual(withBalance(b));
      expect(await repository.findByUser('user-c')).toBeNull();

      expect(await repository.deleteByUser('user-a')).toBe(1);
      expect(await repository.deleteByUser('user-a')).toBe(0);
      expect(await repository.findByUser('user-a')).toBeNull();
      expect(await repository.findByUser('user-b')).toEqual(withBalance(b));
    });
  });
}
