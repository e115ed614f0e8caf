import { afterAll, describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PLAN_CATALOGUE } from '../../domain/plan-catalogue.js';
import { describeLedgerRepositoryContract } from '../../testing/ledger-repository.contract.js';
import { describePlanCatalogueRepositoryContract } from '../../testing/plan-catalogue-repository.contract.js';
import { describePaymentLinkRepositoryContract } from '../../testing/payment-link-repository.contract.js';
import { describeUsageRepositoryContract } from '../../testing/usage-repository.contract.js';
import {
  describeSubscriptionRepositoryContract,
  makeSubscription,
} from '../../testing/subscription-repository.contract.js';
import { openBillingEmbeddedStore } from './billing-store.embedded.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'membolt-billing-'));
  dirs.push(dir);
  return dir;
};
const makeStore = async () => openBillingEmbeddedStore(newDataDir());

describePlanCatalogueRepositoryContract('embedded (SQLite)', makeStore);
describeSubscriptionRepositoryContract('embedded (SQLite)', makeStore);
describeLedgerRepositoryContract('embedded (SQLite)', makeStore);
describeUsageRepositoryContract('embedded (SQLite)', makeStore);
describePaymentLinkRepositoryContract('embedded (SQLite)', makeStore);

describe('billing embedded store', () => {
  it('keeps plans and subscriptions in one file, DATA_DIR/billing.sqlite, migrated once', async () => {
    const dataDir = newDataDir();
    const store = openBillingEmbeddedStore(dataDir);
    await store.plans.seed(DEFAULT_PLAN_CATALOGUE);
    await store.subscriptions.createIfAbsent(makeSubscription());
    await store.close();

    expect(readdirSync(dataDir).filter((name) => name.endsWith('.sqlite'))).toEqual(['billing.sqlite']);
    const file = new Database(join(dataDir, 'billing.sqlite'), { readonly: true });
    try {
      const count = (table: string) =>
        (file.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
      expect(count('billing_plans')).toBe(DEFAULT_PLAN_CATALOGUE.plans.length);
      expect(count('billing_subscriptions')).toBe(1);
      expect(file.prepare('SELECT version FROM schema_migrations ORDER BY version').all()).toEqual([
        { version: 1 },
        { version: 2 },
        { version: 3 },
        { version: 4 },
      ]);
    } finally {
      file.close();
    }
  });

  it('shares one connection: closing the store closes every repository', async () => {
    const store = openBillingEmbeddedStore(newDataDir());
    await store.close();
    await expect(store.plans.load()).rejects.toThrow(/not open/);
    await expect(store.subscriptions.findByUser('user-a')).rejects.toThrow(/not open/);
  });
});
