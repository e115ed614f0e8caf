import { describe, it } from '@jest/globals';
import mongoose from 'mongoose';
import { describeSubscriptionRepositoryContract } from '../../testing/subscription-repository.contract.js';
import { SubscriptionMongoRepository } from './subscription.mongo.repository.js';

const MONGO_URL = process.env['MONGO_URL'];
const TEST_DB = `membolt_test_billing_subscriptions_${process.pid}`;

if (MONGO_URL) {
  describeSubscriptionRepositoryContract('MongoDB', async () => {
    // A fresh database per test: drop what the previous test left.
    const admin = mongoose.createConnection(MONGO_URL, { dbName: TEST_DB });
    await admin.asPromise();
    await admin.dropDatabase();
    await admin.close();
    return SubscriptionMongoRepository.open(MONGO_URL, TEST_DB);
  });
} else {
  describe('SubscriptionRepository contract: MongoDB', () => {
    it.skip('runs when MONGO_URL points at a MongoDB server', () => undefined);
  });
}
