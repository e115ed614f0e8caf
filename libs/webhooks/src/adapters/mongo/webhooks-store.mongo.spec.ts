import { describe, expect, it } from '@jest/globals';
import mongoose from 'mongoose';
import { describeWebhooksStoreContract } from '../../testing/webhooks-store.contract.js';
import { openWebhooksMongoStore } from './webhooks-store.mongo.js';

const MONGO_URL = process.env['MONGO_URL'];
const TEST_DB = `membolt_test_webhooks_${process.pid}`;

/** A fresh database per test: drop what the previous test left. */
async function freshStore(url: string) {
  const admin = mongoose.createConnection(url, { dbName: TEST_DB });
  await admin.asPromise();
  await admin.dropDatabase();
  await admin.close();
  return openWebhooksMongoStore(url, TEST_DB);
}

if (MONGO_URL) {
  describe('WebhooksStore: MongoDB', () => {
    it('opens its database and closes', async () => {
      const store = await freshStore(MONGO_URL);
      await expect(store.close()).resolves.toBeUndefined();
    });
  });
  describeWebhooksStoreContract('MongoDB', () => freshStore(MONGO_URL));
} else {
  describe('WebhooksStore: MongoDB', () => {
    it.skip('runs when MONGO_URL points at a MongoDB server', () => undefined);
  });
}
