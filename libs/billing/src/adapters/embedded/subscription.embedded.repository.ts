import { type EmbeddedDatabase, preparedOnce } from '@membolt/embedded-store';
import type {
  Subscription,
  SubscriptionPlan,
  SubscriptionRecord,
  SubscriptionStatus,
} from '../../domain/subscription.js';
import type { SubscriptionChanges, SubscriptionRepository } from '../../ports/subscription.repository.js';

interface SubscriptionRow {
  user_id: string;
  status: string;
  plan: string;
  rate_cents: number;
  conversations_used: number;
  usage_reset_at: string;
  created_at: string;
  updated_at: string;
  balance_cents: number;
}

export class SubscriptionEmbeddedRepository implements SubscriptionRepository {
  constructor(private readonly db: EmbeddedDatabase) {}

  async createIfAbsent(subscription: SubscriptionRecord): Promise<Subscription> {
    return this.db.transaction(() => {
      preparedOnce(
        this.db,
        `INSERT OR IGNORE INTO billing_subscriptions
             (user_id, status, plan, rate_cents, conversations_used, usage_reset_at, created_at, updated_at)
           VALUES (@user_id, @status, @plan, @rate_cents, @conversations_used, @usage_reset_at, @created_at,
             @updated_at)`,
      ).run(toRow(subscription));
      const stored = this.find(subscription.userId);
      if (!stored)
        throw new Error(`Subscription of ${subscription.userId} vanished inside its own transaction`);
      return stored;
    })();
  }

  async findByUser(userId: string): Promise<Subscription | null> {
    return this.find(userId);
  }

  async update(userId: string, changes: SubscriptionChanges, at: Date): Promise<Subscription | null> {
    return this.db.transaction(() => {
      const current = this.find(userId);
      if (!current) return null;
      preparedOnce(
        this.db,
        `UPDATE billing_subscriptions SET plan = ?, rate_cents = ?, status = ?, updated_at = ? WHERE user_id = ?`,
      ).run(
        changes.plan ?? current.plan,
        changes.rateCents ?? current.rateCents,
        changes.status ?? current.status,
        at.toISOString(),
        userId,
      );
      return this.find(userId);
    })();
  }

  async countConversation(userId: string, limit: number | null, month: Date, at: Date): Promise<boolean> {
    // One statement: the reset and the limit are decided by the row as it is when the write happens.
    const result = preparedOnce(
      this.db,
      `UPDATE billing_subscriptions SET
           conversations_used = CASE WHEN usage_reset_at < @month THEN 1 ELSE conversations_used + 1 END,
           usage_reset_at = CASE WHEN usage_reset_at < @month THEN @month ELSE usage_reset_at END,
           updated_at = @at
         WHERE user_id = @user_id
           AND (usage_reset_at < @month OR @limit IS NULL OR conversations_used < @limit)`,
    ).run({ user_id: userId, month: month.toISOString(), at: at.toISOString(), limit });
    return result.changes === 1;
  }

  async uncountConversation(userId: string, month: Date, at: Date): Promise<void> {
    preparedOnce(
      this.db,
      `UPDATE billing_subscriptions SET conversations_used = conversations_used - 1, updated_at = ?
         WHERE user_id = ? AND usage_reset_at = ? AND conversations_used > 0`,
    ).run(at.toISOString(), userId, month.toISOString());
  }

  async deleteByUser(userId: string): Promise<number> {
    return preparedOnce(this.db, 'DELETE FROM billing_subscriptions WHERE user_id = ?').run(userId).changes;
  }

  private find(userId: string): Subscription | null {
    const row = preparedOnce(
      this.db,
      `SELECT s.*, (SELECT COALESCE(SUM(amount_cents), 0) FROM billing_ledger l WHERE l.user_id = s.user_id)
           AS balance_cents
         FROM billing_subscriptions s WHERE s.user_id = ?`,
    ).get(userId) as SubscriptionRow | undefined;
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
    usageResetAt: new Date(row.usage_reset_at),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

function toRow(subscription: SubscriptionRecord): Omit<SubscriptionRow, 'balance_cents'> {
  return {
    user_id: subscription.userId,
    status: subscription.status,
    plan: subscription.plan,
    rate_cents: subscription.rateCents,
    conversations_used: subscription.conversationsUsed,
    usage_reset_at: subscription.usageResetAt.toISOString(),
    created_at: subscription.createdAt.toISOString(),
    updated_at: subscription.updatedAt.toISOString(),
  };
}
