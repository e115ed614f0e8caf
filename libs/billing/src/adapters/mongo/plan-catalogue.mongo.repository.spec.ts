import { describe, it } from '@jest/globals';
import mongoose from 'mongoose';
import { describePlanCatalogueRepositoryContract } from '../../testing/plan-catalogue-repository.contract.js';
import { PlanCatalogueMongoRepository } from './plan-catalogue.mongo.repository.js';

const MONGO_URL = process.env['MONGO_URL'];
const TEST_DB = `membolt_test_billing_${process.pid}`;

if (MONGO_URL) {
  describePlanCatalogueRepositoryContract('MongoDB', async () => {
    // A fresh database per test: drop what the previous test left.
    const admin = mongoose.createConnection(MONGO_URL, { dbName: TEST_DB });
    await admin.asPromise();
    await admin.dropDatabase();
    await admin.close();
    return PlanCatalogueMongoRepository.open(MONGO_URL, TEST_DB);
  });
} else {
  describe('PlanCatalogueRepository contract: MongoDB', () => {
    it.skip('runs when MONGO_URL points at a MongoDB server', () => undefined);
  });
}
