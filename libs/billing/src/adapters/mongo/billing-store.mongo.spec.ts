import { describe, it } from '@jest/globals';
import mongoose from 'mongoose';
import { describeLedgerRepositoryContract } from '../../testing/ledger-repository.contract.js';
import { describePlanCatalogueRepositoryContract } from '../../testing/plan-catalogue-repository.contract.js';
import { describePaymentLinkRepositoryContract } from '../../testing/payment-link-repository.contract.js';
import { describeUsageRepositoryContract } from '../../testing/usage-repository.contract.js';
import { describeSubscriptionRepositoryContract } from '../../testing/subscription-repository.contract.js';
import { openBillingMongoStore } from './billing-store.mongo.js';

const MONGO_URL = process.env['MONGO_URL'];
const TEST_DB = `membolt_test_billing_${process.pid}`;

if (MONGO_URL) {
  const makeStore = async () => {
    // A fresh database per test: drop what the previous test left.
    const admin = mongoose.createConnection(MONGO_URL, { dbName: TEST_DB });
    await admin.asPromise();
    await admin.dropDatabase();
    await admin.close();
    return openBillingMongoStore(MONGO_URL, TEST_DB);
  };
  describePlanCatalogueRepositoryContract('MongoDB', makeStore);
  describeSubscriptionRepositoryContract('MongoDB', makeStore);
  describeLedgerRepositoryContract('MongoDB', makeStore);
  describeUsageRepositoryContract('MongoDB', makeStore);
  describePaymentLinkRepositoryContract('MongoDB', makeStore);
} else {
  describe('BillingStore contracts: MongoDB', () => {
    it.skip('run when MONGO_URL points at a MongoDB server', () => undefined);
  });
}
