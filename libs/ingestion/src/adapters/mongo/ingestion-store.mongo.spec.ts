import { describe, expect, it } from '@jest/globals';
import mongoose from 'mongoose';
import { openIngestionMongoStore } from './ingestion-store.mongo.js';

const MONGO_URL = process.env['MONGO_URL'];
const TEST_DB = `membolt_test_ingestion_${process.pid}`;

/** A fresh database per test: drop what the previous test left. */
async function freshStore(url: string) {
  const admin = mongoose.createConnection(url, { dbName: TEST_DB });
  await admin.asPromise();
  await admin.dropDatabase();
  await admin.close();
  return openIngestionMongoStore(url, TEST_DB);
}

if (MONGO_URL) {
  describe('IngestionStore: MongoDB', () => {
    it('opens its database and closes', async () => {
      const store = await freshStore(MONGO_URL);
      await expect(store.close()).resolves.toBeUndefined();
    });
  });
} else {
  describe('IngestionStore: MongoDB', () => {
    it.skip('runs when MONGO_URL points at a MongoDB server', () => undefined);
  });
}
