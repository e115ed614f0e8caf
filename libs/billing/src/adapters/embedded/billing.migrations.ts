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
];
