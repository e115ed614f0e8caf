import type { EmbeddedDatabase } from '@membolt/embedded-store';
import type { Subscription, SubscriptionPlan, SubscriptionStatus } from '../../domain/subscription.js';
import type { SubscriptionRepository } from '../../ports/subscription.repository.js';

interface SubscriptionRow {
  user_id: string;
  status: string;
  plan: string;
  balance_cents: number;
  rate_cents: number;
  conversations_used: number;
  created_at: string;
  updated_at: string;
}

export class SubscriptionEmbeddedRepository implements SubscriptionRepository {
  constructor(private readonly db: EmbeddedDatabase) {}

  async createIfAbsent(subscription: Subscription): Promise<Subscription> {
    return this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT OR IGNORE INTO billing_subscriptions
             (user_id, status, plan, balance_cents, rate_cents, conversations_used, created_at, updated_at)
           VALUES (@user_id, @status, @plan, @balance_cents, @rate_cents, @conversations_used, @created_at, @updated_at)`,
        )
        .run(toRow(subscription));
      const stored = this.find(subscription.userId);
      if (!stored)
        throw new Error(`Subscription of ${subscription.userId} vanished inside its own transaction`);
      return stored;
    })();
  }

  async findByUser(userId: string): Promise<Subscription | null> {
    return this.find(userId);
  }

  async deleteByUser(userId: string): Promise<number> {
    return this.db.prepare('DELETE FROM billing_subscriptions WHERE user_id = ?').run(userId).changes;
  }

  private find(userId: string): Subscription | null {
    const row = this.db.prepare('SELECT * FROM billing_subscriptions WHERE user_id = ?').get(userId) as
      SubscriptionRow | undefined;
    return row ? toSubscription(row) : null;
  }
}

function toSubscription(row: SubscriptionRow): Subscription {
  return {
    userId: row.user_id,
    status: row.status as SubscriptionStatus,
    plan: row.plan as SubscriptionPlan,
    balanceCents: row.balance_cents,
    rateCents: row.rate_cents,
    conversationsUsed: row.conversations_used,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

function toRow(subscription: Subscription): SubscriptionRow {
  return {
    user_id: subscription.userId,
    status: subscription.status,
    plan: subscription.plan,
    balance_cents: subscription.balanceCents,
    rate_cents: subscription.rateCents,
    conversations_used: subscription.conversationsUsed,
    created_at: subscription.createdAt.toISOString(),
    updated_at: subscription.updatedAt.toISOString(),
  };
}
