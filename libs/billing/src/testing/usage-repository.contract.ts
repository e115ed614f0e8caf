import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { startedUsageEntry, type UsageEntry } from '../domain/usage.js';
import type { BillingStore } from '../ports/billing-store.js';
import type { UsageRepository } from '../ports/usage.repository.js';

/** A usage entry as authorization starts it; override what the test is about. */
export function makeUsageEntry(overrides: Partial<UsageEntry> = {}): UsageEntry {
  return {
    ...startedUsageEntry({
      userId: 'user-a',
      idempotencyKey: 'call-1',
      at: new Date('2026-02-03T10:00:00.000Z'),
      endpoint: '/memories',
      method: 'GET',
      keyId: null,
    }),
    ...overrides,
  };
}

/** The behaviour every UsageRepository adapter must have. Run by each adapter's spec. */
export function describeUsageRepositoryContract(
  adapterName: string,
  makeStore: () => Promise<BillingStore>,
): void {
  describe(`UsageRepository contract: ${adapterName}`, () => {
    let store: BillingStore;
    let usage: UsageRepository;

    beforeEach(async () => {
      store = await makeStore();
      usage = store.usage;
    });
    afterEach(async () => {
      await store.close();
    });

    const allowedCall = async (overrides: Partial<UsageEntry>, tokens: number, costMicrocents: number) => {
      const entry = makeUsageEntry(overrides);
      await usage.begin(entry);
      await usage.decide(entry.userId, entry.idempotencyKey, {
        allowed: true,
        reason: null,
        chargedCents: entry.chargedCents,
        conversation: entry.conversation,
      });
      await usage.record(entry.userId, entry.idempotencyKey, {
        tokens,
        tokenCostMicrocents: costMicrocents,
        succeeded: true,
        chargedCents: entry.chargedCents,
        conversation: entry.conversation,
      });
    };

    it('begins an entry once per idempotency key and answers the stored one on a repeat', async () => {
      expect((await usage.begin(makeUsageEntry())).created).toBe(true);
      await usage.decide('user-a', 'call-1', {
        allowed: true,
        reason: null,
        chargedCents: 1,
        conversation: false,
      });
      const again = await usage.begin(makeUsageEntry({ endpoint: '/search' }));
      expect(again.created).toBe(false);
      expect(again.entry).toMatchObject({ endpoint: '/memories', allowed: true, chargedCents: 1 });
    });

    it('creates many entries at once, each once per idempotency key, and counts the new ones', async () => {
      await usage.begin(makeUsageEntry({ idempotencyKey: 'held', endpoint: '/memories' }));
      const created = await usage.createMany([
        makeUsageEntry({ idempotencyKey: 'held', endpoint: '/search' }),
        makeUsageEntry({ idempotencyKey: 'new-1', endpoint: '/search', recorded: true, tokens: 12 }),
        makeUsageEntry({ userId: 'user-b', idempotencyKey: 'held', endpoint: '/search' }),
      ]);
      expect(created).toBe(2);
      expect(await usage.find('user-a', 'held')).toMatchObject({ endpoint: '/memories', recorded: false });
      expect(await usage.find('user-a', 'new-1')).toMatchObject({
        endpoint: '/search',
        recorded: true,
        tokens: 12,
      });
      expect(await usage.find('user-b', 'held')).toMatchObject({ endpoint: '/search' });
      expect(await usage.createMany([makeUsageEntry({ idempotencyKey: 'new-1' })])).toBe(0);
      expect(await usage.createMany([])).toBe(0);
    });

    it('finds an entry by its key within its user only, and creates nothing when there is none', async () => {
      expect(await usage.find('user-a', 'call-1')).toBeNull();
      await usage.begin(makeUsageEntry());
      expect(await usage.find('user-a', 'call-1')).toMatchObject({
        userId: 'user-a',
        idempotencyKey: 'call-1',
        endpoint: '/memories',
        recorded: false,
      });
      expect(await usage.find('user-b', 'call-1')).toBeNull();
      expect(await usage.find('user-a', 'call-2')).toBeNull();
      expect((await usage.begin(makeUsageEntry({ idempotencyKey: 'call-2' }))).created).toBe(true);
    });

    it('records an outcome once', async () => {
      await usage.begin(makeUsageEntry());
      const outcome = {
        tokens: 40,
        tokenCostMicrocents: 1200,
        succeeded: true,
        chargedCents: 0,
        conversation: false,
      };
      expect((await usage.record('user-a', 'call-1', outcome))?.first).toBe(true);
      const second = await usage.record('user-a', 'call-1', { ...outcome, tokens: 99 });
      expect(second).toMatchObject({ first: false, entry: { tokens: 40, recorded: true, succeeded: true } });
      expect(await usage.record('user-a', 'nope', outcome)).toBeNull();
    });

    it('sums allowed, succeeded calls by day and endpoint within the period, for the user only', async () => {
      await allowedCall(
        { idempotencyKey: 'a', at: new Date('2026-02-03T10:00:00Z'), chargedCents: 1 },
        10,
        300,
      );
      await allowedCall({ idempotencyKey: 'b', at: new Date('2026-02-03T23:00:00Z') }, 20, 600);
      await allowedCall(
        {
          idempotencyKey: 'c',
          at: new Date('2026-02-04T01:00:00Z'),
          endpoint: '/chat',
          method: 'POST',
          conversation: true,
        },
        5,
        0,
      );
      await allowedCall({ idempotencyKey: 'd', at: new Date('2026-03-01T00:00:00Z') }, 7, 0);
      await allowedCall({ userId: 'user-b', idempotencyKey: 'a' }, 1000, 0);
      await usage.begin(makeUsageEntry({ idempotencyKey: 'refused', at: new Date('2026-02-05T00:00:00Z') }));
      await usage.decide('user-a', 'refused', {
        allowed: false,
        reason: 'insufficient_balance',
        chargedCents: 0,
        conversation: false,
      });

      const rows = await usage.summary(
        'user-a',
        new Date('2026-02-01T00:00:00Z'),
        new Date('2026-03-01T00:00:00Z'),
      );
      expect(rows).toEqual([
        {
          day: '2026-02-03',
          endpoint: '/memories',
          calls: 2,
          conversations: 0,
          tokens: 30,
          costMicrocents: 1_000_900,
          chargedCents: 1,
        },
        {
          day: '2026-02-04',
          endpoint: '/chat',
          calls: 1,
          conversations: 1,
          tokens: 5,
          costMicrocents: 0,
          chargedCents: 0,
        },
      ]);
    });

    it('sums what each key spent since a date, and keeps caps per user and key', async () => {
      await allowedCall({ idempotencyKey: 'a', keyId: 'k1', chargedCents: 2 }, 10, 500);
      await allowedCall({ idempotencyKey: 'b', keyId: 'k1' }, 10, 500);
      await allowedCall({ idempotencyKey: 'c', keyId: 'k2', at: new Date('2026-01-31T00:00:00Z') }, 10, 500);
      const spent = await usage.spendByKey('user-a', new Date('2026-02-01T00:00:00Z'));
      expect(Object.fromEntries(spent)).toEqual({ k1: 2_001_000 });

      await usage.setCap('user-a', 'k1', 300);
      await usage.setCap('user-a', 'k1', 500);
      await usage.setCap('user-a', 'k2', 0);
      await usage.setCap('user-b', 'k9', 1);
      expect(await usage.caps('user-a')).toEqual([
        { keyId: 'k1', capCents: 500 },
        { keyId: 'k2', capCents: 0 },
      ]);
      await usage.setCap('user-a', 'k2', null);
      expect(await usage.caps('user-a')).toEqual([{ keyId: 'k1', capCents: 500 }]);
      expect(await usage.deleteByUser('user-a')).toEqual({ usage: 3, caps: 1 });
      expect(await usage.caps('user-b')).toEqual([{ keyId: 'k9', capCents: 1 }]);
    });
  });
}
