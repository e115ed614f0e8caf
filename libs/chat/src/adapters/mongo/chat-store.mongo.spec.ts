import { describe, it } from '@jest/globals';
import mongoose from 'mongoose';
import { describeConversationRepositoryContract } from '../../testing/conversation-repository.contract.js';
import { openChatMongoStore } from './chat-store.mongo.js';

const MONGO_URL = process.env['MONGO_URL'];
const TEST_DB = `membolt_test_chat_${process.pid}`;

if (MONGO_URL) {
  describeConversationRepositoryContract('MongoDB', async () => {
    // A fresh database per test: drop what the previous test left.
    const admin = mongoose.createConnection(MONGO_URL, { dbName: TEST_DB });
    await admin.asPromise();
    await admin.dropDatabase();
    await admin.close();
    return openChatMongoStore(MONGO_URL, TEST_DB);
  });
} else {
  describe('ConversationRepository contract: MongoDB', () => {
    it.skip('runs when MONGO_URL points at a MongoDB server', () => undefined);
  });
}
