import { describe, it } from '@jest/globals';
import mongoose from 'mongoose';
import { describeApiKeyRepositoryContract } from '../../testing/api-key-repository.contract.js';
import { describeProviderKeyRepositoryContract } from '../../testing/provider-key-repository.contract.js';
import { openKeysMongoStore } from './keys-store.mongo.js';

const MONGO_URL = process.env['MONGO_URL'];
const TEST_DB = `membolt_test_keys_${process.pid}`;

if (MONGO_URL) {
  const freshStore = async () => {
    // A fresh database per test: drop what the previous test left.
    const admin = mongoose.createConnection(MONGO_URL, { dbName: TEST_DB });
    await admin.asPromise();
    await admin.dropDatabase();
    await admin.close();
    return openKeysMongoStore(MONGO_URL, TEST_DB);
  };
  describeApiKeyRepositoryContract('MongoDB', freshStore);
  describeProviderKeyRepositoryContract('MongoDB', freshStore);
} else {
  describe('Keys repository contracts: MongoDB', () => {
    it.skip('runs when MONGO_URL points at a MongoDB server', () => undefined);
  });
}
