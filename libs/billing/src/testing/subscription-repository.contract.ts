import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { Subscription } from '../domain/subscription.js';
import type { BillingStore } from '../ports/billing-store.js';
import type { SubscriptionRepository } from '../ports/subscription.repository.js';

/** A free subscription with defaults; override what the test is about. */
export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  const at = new Date('2026-02-01T08:00:00.000Z');
  return {
    userId: 'user-a',
    status: 'active',
    plan: 'free',
    balanceCents: 0,
    rateCents: 1,
    conversationsUsed: 0,
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

    it('creates a subscription once and returns the stored one on later calls', async () => {
      const first = makeSubscription();
      expect(await repository.createIfAbsent(first)).toEqual(first);
      const second = makeSubscription({
        plan: 'pay-per-use',
        balanceCents: 500,
        createdAt: new Date('2026-02-02T00:00:00.000Z'),
      });
      expect(await repository.createIfAbsent(second)).toEqual(first);
      expect(await repository.findByUser('user-a')).toEqual(first);
    });

    it('keeps one subscription per user under concurrent creation', async () => {
      const attempts = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          repository.createIfAbsent(makeSubscription({ conversationsUsed: i })),
        ),
      );
      expect(new Set(attempts.map((s) => s.conversationsUsed)).size).toBe(1);
    });

    it('scopes reads and deletes to the user', async () => {
      const a = makeSubscription({ userId: 'user-a' });
      const b = makeSubscription({ userId: 'user-b', plan: 'pay-per-use', balanceCents: 250 });
      await repository.createIfAbsent(a);
      await repository.createIfAbsent(b);
      expect(await repository.findByUser('user-b')).toEqual(b);
      expect(await repository.findByUser('user-c')).toBeNull();

      expect(await repository.deleteByUser('user-a')).toBe(1);
      expect(await repository.deleteByUser('user-a')).toBe(0);
      expect(await repository.findByUser('user-a')).toBeNull();
      expect(await repository.findByUser('user-b')).toEqual(b);
    });
  });
}
