import { afterAll } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeConversationRepositoryContract } from '../../testing/conversation-repository.contract.js';
import { openChatEmbeddedStore } from './chat-store.embedded.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describeConversationRepositoryContract('embedded (SQLite)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'membolt-chat-'));
  dirs.push(dir);
  return openChatEmbeddedStore(dir);
});
