import type { Migration } from '@membolt/embedded-store';

export const BILLING_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'plan catalogue',
    up: (db) =>
      db.exec(`
        CREATE TABLE billing_plans (
          id TEXT PRIMARY KEY,
          kind TEXT NOT NULL CHECK (kind IN ('subscription', 'pay-per-use')),
          name TEXT NOT NULL,
          description TEXT NOT NULL,
          monthly_price_cents INTEGER,
          conversations_per_month INTEGER,
          retention_days INTEGER,
          rate_per_call_cents INTEGER,
          features TEXT NOT NULL,
          call_to_action TEXT NOT NULL,
          highlighted INTEGER NOT NULL DEFAULT 0,
          sort_order INTEGER NOT NULL
        );
        CREATE TABLE billing_settings (
          key TEXT PRIMARY KEY,
          value TEXT NOT NULL
        );
      `),
  },
  {
    version: 2,
    name: 'subscriptions',
    up: (db) =>
      db.exec(`
        CREATE TABLE billing_subscriptions (
          user_id TEXT PRIMARY KEY,
          status TEXT NOT NULL CHECK (status IN ('active', 'inactive')),
          plan TEXT NOT NULL CHECK (plan IN ('free', 'pay-per-use')),
          balance_cents INTEGER NOT NULL CHECK (balance_cents >= 0),
          rate_cents INTEGER NOT NULL CHECK (rate_cents >= 0),
          conversations_used INTEGER NOT NULL CHECK (conversations_used >= 0),
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL
        );
      `),
  },
  {
    version: 3,
    name: 'every plan, monthly usage reset, ledger, api usage, key spend caps',
    up: (db) =>
      db.exec(`
        -- The balance moves to the ledger (it was always 0 before: nothing could top it up).
        CREATE TABLE billing_subscriptions_v3 (
          user_id TEXT PRIMARY KEY,
          status TEXT NOT NULL CHECK (status IN ('active', 'inactive')),
          plan TEXT NOT NULL CHECK (plan IN ('free', 'basic', 'pro', 'enterprise', 'pay-per-use')),
          rate_cents INTEGER NOT NULL CHECK (rate_cents >= 0),
          conversations_used INTEGER NOT NULL CHECK (conversations_used >= 0),
          usage_reset_at TEXT NOT NULL,
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL
        );
        INSERT INTO billing_subscriptions_v3
          SELECT user_id, status, plan, rate_cents, conversations_used,
                 strftime('%Y-%m-01T00:00:00.000Z', created_at), created_at, updated_at
          FROM billing_subscriptions;
        DROP TABLE billing_subscriptions;
        ALTER TABLE billing_subscriptions_v3 RENAME TO billing_subscriptions;

        CREATE TABLE billing_ledger (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          id TEXT NOT NULL UNIQUE,
          user_id TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('top_up', 'charge', 'refund', 'plan_change')),
          amount_cents INTEGER NOT NULL,
          balance_after_cents INTEGER NOT NULL CHECK (balance_after_cents >= 0),
          description TEXT NOT NULL,
          idempotency_key TEXT NOT NULL,
          created_at TEXT NOT NULL,
          UNIQUE (user_id, idempotency_key)
        );
        CREATE INDEX billing_ledger_by_user ON billing_ledger (user_id, seq);

        CREATE TABLE billing_usage (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          user_id TEXT NOT NULL,
          idempotency_key TEXT NOT NULL,
          at TEXT NOT NULL,
          endpoint TEXT NOT NULL,
          method TEXT NOT NULL,
          key_id TEXT,
          allowed INTEGER,
          reason TEXT,
          charged_cents INTEGER NOT NULL DEFAULT 0,
          conversation INTEGER NOT NULL DEFAULT 0,
          tokens INTEGER NOT NULL DEFAULT 0,
          token_cost_microcents INTEGER NOT NULL DEFAULT 0,
          recorded INTEGER NOT NULL DEFAULT 0,
          succeeded INTEGER,
          UNIQUE (user_id, idempotency_key)
        );
        CREATE INDEX billing_usage_by_user_at ON billing_usage (user_id, at);
        CREATE INDEX billing_usage_by_key_at ON billing_usage (user_id, key_id, at);

        CREATE TABLE billing_key_caps (
          user_id TEXT NOT NULL,
          key_id TEXT NOT NULL,
          cap_cents INTEGER NOT NULL CHECK (cap_cents >= 0),
          PRIMARY KEY (user_id, key_id)
        );
      `),
  },
  {
    version: 4,
    name: 'payment links (the provider customer and subscription of each user)',
    up: (db) =>
      db.exec(`
        CREATE TABLE billing_payment_links (
          user_id TEXT PRIMARY KEY,
          provider TEXT NOT NULL,
          customer_id TEXT,
          subscription_id TEXT,
          updated_at TEXT NOT NULL
        );
      `),
  },
];
