import { describe, it } from '@jest/globals';
import mongoose from 'mongoose';
import { describeIdentityStoreContract } from '../../testing/identity-store.contract.js';
import { openIdentityMongoStore } from './identity-store.mongo.js';

const MONGO_URL = process.env['MONGO_URL'];
const TEST_DB = `membolt_test_identity_${process.pid}`;

if (MONGO_URL) {
  describeIdentityStoreContract('MongoDB', async () => {
    // A fresh database per test: drop what the previous test left.
    const admin = mongoose.createConnection(MONGO_URL, { dbName: TEST_DB });
    await admin.asPromise();
    await admin.dropDatabase();
    await admin.close();
    return openIdentityMongoStore(MONGO_URL, TEST_DB);
  });
} else {
  describe('IdentityStore contract: MongoDB', () => {
    it.skip('runs when MONGO_URL points at a MongoDB server', () => undefined);
  });
}
