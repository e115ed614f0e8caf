import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { NewLedgerEntry } from '../domain/ledger.js';
import type { BillingStore } from '../ports/billing-store.js';
import type { LedgerRepository } from '../ports/ledger.repository.js';

/** A ledger entry with defaults; override what the test is about. */
export function makeLedgerEntry(overrides: Partial<NewLedgerEntry> = {}): NewLedgerEntry {
  return {
    userId: 'user-a',
    kind: 'top_up',
    amountCents: 100,
    description: 'Add funds',
    idempotencyKey: 'key-1',
    createdAt: new Date('2026-02-01T08:00:00.000Z'),
    ...overrides,
  };
}

/** The behaviour every LedgerRepository adapter must have. Run by each adapter's spec. */
export function describeLedgerRepositoryContract(
  adapterName: string,
  makeStore: () => Promise<BillingStore>,
): void {
  describe(`LedgerRepository contract: ${adapterName}`, () => {
    let store: BillingStore;
    let ledger: LedgerRepository;

    beforeEach(async () => {
      store = await makeStore();
      ledger = store.ledger;
    });
    afterEach(async () => {
      await store.close();
    });

    it('derives the balance from the entries and records the balance after each', async () => {
      const top = await ledger.apply(makeLedgerEntry({ amountCents: 500, idempotencyKey: 'a' }));
      expect(top).toMatchObject({ status: 'applied', entry: { amountCents: 500, balanceAfterCents: 500 } });
      const charge = await ledger.apply(
        makeLedgerEntry({ kind: 'charge', amountCents: -120, idempotencyKey: 'b' }),
      );
      expect(charge).toMatchObject({ status: 'applied', entry: { balanceAfterCents: 380 } });
      expect(await ledger.balance('user-a')).toBe(380);
    });

    it('never applies one idempotency key twice', async () => {
      const first = await ledger.apply(makeLedgerEntry({ amountCents: 300, idempotencyKey: 'same' }));
      const again = await ledger.apply(makeLedgerEntry({ amountCents: 300, idempotencyKey: 'same' }));
      expect(again).toEqual({ status: 'duplicate', entry: first.status === 'applied' ? first.entry : null });
      expect(await ledger.balance('user-a')).toBe(300);
      // The key is per user: another user may use the same one.
      expect((await ledger.apply(makeLedgerEntry({ userId: 'user-b', idempotencyKey: 'same' }))).status).toBe(
        'applied',
      );
    });

    it('refuses an entry that would take the balance below zero, and changes nothing', async () => {
      await ledger.apply(makeLedgerEntry({ amountCents: 5, idempotencyKey: 'top' }));
      expect(
        await ledger.apply(makeLedgerEntry({ kind: 'charge', amountCents: -6, idempotencyKey: 'c' })),
      ).toEqual({
        status: 'insufficient_balance',
        balanceCents: 5,
      });
      expect(await ledger.balance('user-a')).toBe(5);
      expect(await ledger.findByKey('user-a', 'c')).toBeNull();
      expect(
        (
          await ledger.apply(
            makeLedgerEntry({ userId: 'user-z', kind: 'charge', amountCents: -1, idempotencyKey: 'c' }),
          )
        ).status,
      ).toBe('insufficient_balance');
    });

    it('applies 50 concurrent charges on one balance exactly as far as it goes, once each', async () => {
      await ledger.apply(makeLedgerEntry({ amountCents: 30, idempotencyKey: 'top' }));
      const charge = (i: number) =>
        ledger.apply(makeLedgerEntry({ kind: 'charge', amountCents: -1, idempotencyKey: `charge-${i}` }));
      const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => charge(i)));
      expect(outcomes.filter((o) => o.status === 'applied')).toHaveLength(30);
      expect(outcomes.filter((o) => o.status === 'insufficient_balance')).toHaveLength(20);
      // A retried message of each: nothing is applied twice.
      const retries = await Promise.all(Array.from({ length: 50 }, (_, i) => charge(i)));
      expect(retries.filter((o) => o.status === 'applied')).toHaveLength(0);
      expect(await ledger.balance('user-a')).toBe(0);
    });

    it('lists the user’s entries newest first, paged, and deletes only theirs', async () => {
      for (let i = 1; i <= 3; i++)
        await ledger.apply(makeLedgerEntry({ amountCents: i, idempotencyKey: `k${i}` }));
      await ledger.apply(makeLedgerEntry({ userId: 'user-b', idempotencyKey: 'k1' }));
      const page = await ledger.list('user-a', 2, 0);
      expect(page.total).toBe(3);
      expect(page.entries.map((entry) => entry.amountCents)).toEqual([3, 2]);
      expect((await ledger.list('user-a', 2, 2)).entries.map((entry) => entry.amountCents)).toEqual([1]);
      expect(await ledger.deleteByUser('user-a')).toBe(3);
      expect(await ledger.balance('user-a')).toBe(0);
      expect(await ledger.balance('user-b')).toBe(100);
    });
  });
}
