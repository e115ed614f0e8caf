import { type EmbeddedDatabase, preparedOnce } from '@membolt/embedded-store';
import type { PaymentLink, PaymentLinkChanges } from '../../domain/payment-link.js';
import type { PaymentLinkRepository } from '../../ports/payment-link.repository.js';

interface PaymentLinkRow {
  user_id: string;
  provider: string;
  customer_id: string | null;
  subscription_id: string | null;
  updated_at: string;
}

export class PaymentLinkEmbeddedRepository implements PaymentLinkRepository {
  constructor(private readonly db: EmbeddedDatabase) {}

  async find(userId: string): Promise<PaymentLink | null> {
    return this.read(userId);
  }

  async save(userId: string, changes: PaymentLinkChanges, at: Date): Promise<PaymentLink> {
    return this.db.transaction(() => {
      const current = this.read(userId);
      preparedOnce(
        this.db,
        `INSERT INTO billing_payment_links (user_id, provider, customer_id, subscription_id, updated_at)
           VALUES (@user_id, @provider, @customer_id, @subscription_id, @updated_at)
           ON CONFLICT (user_id) DO UPDATE SET provider = excluded.provider, customer_id = excluded.customer_id,
             subscription_id = excluded.subscription_id, updated_at = excluded.updated_at`,
      ).run({
        user_id: userId,
        provider: changes.provider,
        customer_id: changes.customerId === undefined ? (current?.customerId ?? null) : changes.customerId,
        subscription_id:
          changes.subscriptionId === undefined ? (current?.subscriptionId ?? null) : changes.subscriptionId,
        updated_at: at.toISOString(),
      });
      const stored = this.read(userId);
      if (!stored) throw new Error(`The payment link of ${userId} vanished inside its own transaction`);
      return stored;
    })();
  }

  async clearSubscription(userId: string, subscriptionId: string, at: Date): Promise<boolean> {
    const result = preparedOnce(
      this.db,
      `UPDATE billing_payment_links SET subscription_id = NULL, updated_at = ?
         WHERE user_id = ? AND subscription_id = ?`,
    ).run(at.toISOString(), userId, subscriptionId);
    return result.changes === 1;
  }

  async deleteByUser(userId: string): Promise<number> {
    return preparedOnce(this.db, 'DELETE FROM billing_payment_links WHERE user_id = ?').run(userId).changes;
  }

  private read(userId: string): PaymentLink | null {
    const row = preparedOnce(this.db, 'SELECT * FROM billing_payment_links WHERE user_id = ?').get(userId) as
      PaymentLinkRow | undefined;
    return row
      ? {
          userId: row.user_id,
          provider: row.provider,
          customerId: row.customer_id,
          subscriptionId: row.subscription_id,
          updatedAt: new Date(row.updated_at),
        }
      : null;
  }
}
