import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { BillingStore } from '../ports/billing-store.js';
import type { PaymentLinkRepository } from '../ports/payment-link.repository.js';

const AT = new Date('2026-03-01T08:00:00.000Z');
const LATER = new Date('2026-03-02T08:00:00.000Z');

/** The behaviour every PaymentLinkRepository adapter must have. Run by each adapter's spec. */
export function describePaymentLinkRepositoryContract(
  adapterName: string,
  makeStore: () => Promise<BillingStore>,
): void {
  describe(`PaymentLinkRepository contract: ${adapterName}`, () => {
    let store: BillingStore;
    let links: PaymentLinkRepository;

    beforeEach(async () => {
      store = await makeStore();
      links = store.paymentLinks;
    });
    afterEach(async () => {
      await store.close();
    });

    it('has no link until one is saved, then answers it', async () => {
      expect(await links.find('user-a')).toBeNull();
      const saved = await links.save(
        'user-a',
        { provider: 'stripe', customerId: 'cus_1', subscriptionId: 'sub_1' },
        AT,
      );
      expect(saved).toEqual({
        userId: 'user-a',
        provider: 'stripe',
        customerId: 'cus_1',
        subscriptionId: 'sub_1',
        updatedAt: AT,
      });
      expect(await links.find('user-a')).toEqual(saved);
    });

    it('keeps fields not given, clears fields given as null', async () => {
      await links.save('user-a', { provider: 'stripe', customerId: 'cus_1', subscriptionId: 'sub_1' }, AT);
      expect(
        await links.save('user-a', { provider: 'stripe', subscriptionId: 'sub_2' }, LATER),
      ).toMatchObject({
        customerId: 'cus_1',
        subscriptionId: 'sub_2',
        updatedAt: LATER,
      });
      expect(await links.save('user-a', { provider: 'stripe', subscriptionId: null }, LATER)).toMatchObject({
        customerId: 'cus_1',
        subscriptionId: null,
      });
    });

    it('clears a subscription only while it is still the current one', async () => {
      await links.save('user-a', { provider: 'stripe', customerId: 'cus_1', subscriptionId: 'sub_2' }, AT);
      expect(await links.clearSubscription('user-a', 'sub_1', LATER)).toBe(false);
      expect((await links.find('user-a'))?.subscriptionId).toBe('sub_2');
      expect(await links.clearSubscription('user-a', 'sub_2', LATER)).toBe(true);
      expect(await links.find('user-a')).toMatchObject({ customerId: 'cus_1', subscriptionId: null });
      expect(await links.clearSubscription('user-b', 'sub_2', LATER)).toBe(false);
    });

    it('keeps each user to their own link, and deletes one user’s only', async () => {
      await links.save('user-a', { provider: 'stripe', customerId: 'cus_a' }, AT);
      await links.save('user-b', { provider: 'stripe', customerId: 'cus_b' }, AT);
      expect((await links.find('user-b'))?.customerId).toBe('cus_b');
      expect(await links.deleteByUser('user-a')).toBe(1);
      expect(await links.deleteByUser('user-a')).toBe(0);
      expect(await links.find('user-a')).toBeNull();
      expect((await links.find('user-b'))?.customerId).toBe('cus_b');
    });
  });
}
