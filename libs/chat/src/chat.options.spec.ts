import { afterEach, describe, expect, it } from '@jest/globals';
import type { SearchMemoriesRequest } from '@membolt/contracts';
import { jobsConfigFields } from '@membolt/jobs';
import { TestClock } from '@membolt/platform';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { openChatEmbeddedStore } from './adapters/embedded/chat-store.embedded.js';
import {
  chatConfigFields,
  DEFAULT_CHAT_SENTENCE_LOAD_WAIT_MS,
  resolveChatSettings,
  toChatModuleOptions,
  type ChatConfigValues,
} from './chat.options.js';
import type { LlmProviderFactory } from './providers/llm-provider.factory.js';
import { ChatTurnService } from './services/chat-turn.service.js';
import { ModelCatalogueService } from './services/model-catalogue.service.js';
import { InMemoryMemoryAccess, NO_PROVIDER_KEYS, RULES_ONLY } from './testing/index.js';

const fields = z.object({ ...jobsConfigFields, ...chatConfigFields });

describe('CHAT_SENTENCE_LOAD_WAIT_MS', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('defaults to DEFAULT_CHAT_SENTENCE_LOAD_WAIT_MS, takes 0 to 5000 ms, and refuses anything else', () => {
    expect(fields.parse({}).CHAT_SENTENCE_LOAD_WAIT_MS).toBe(DEFAULT_CHAT_SENTENCE_LOAD_WAIT_MS);
    expect(fields.parse({ CHAT_SENTENCE_LOAD_WAIT_MS: '0' }).CHAT_SENTENCE_LOAD_WAIT_MS).toBe(0);
    expect(fields.parse({ CHAT_SENTENCE_LOAD_WAIT_MS: '5000' }).CHAT_SENTENCE_LOAD_WAIT_MS).toBe(5000);
    for (const wrong of ['-1', '5001', '2.5', 'soon'])
      expect(fields.safeParse({ CHAT_SENTENCE_LOAD_WAIT_MS: wrong }).success).toBe(false);
  });

  it("reaches the module's settings, and every search of a turn asks the memory service for it", async () => {
    const config: ChatConfigValues = {
      ...fields.parse({ CHAT_SENTENCE_LOAD_WAIT_MS: '40' }),
      DATA_DIR: '/tmp',
    };
    expect(resolveChatSettings(toChatModuleOptions(config)).sentenceLoadWaitMs).toBe(40);
    expect(resolveChatSettings({ store: toChatModuleOptions(config).store }).sentenceLoadWaitMs).toBe(
      DEFAULT_CHAT_SENTENCE_LOAD_WAIT_MS,
    );

    const clock = new TestClock(Date.UTC(2026, 5, 15, 9));
    const asked: SearchMemoriesRequest[] = [];
    const memory = new (class extends InMemoryMemoryAccess {
      override search(userId: string, request: SearchMemoriesRequest) {
        asked.push(request);
        return super.search(userId, request);
      }
    })(clock);
    const dir = mkdtempSync(join(tmpdir(), 'chat-sentence-wait-'));
    dirs.push(dir);
    const store = openChatEmbeddedStore(dir);
    const noProviders: LlmProviderFactory = () => {
      throw new Error('These turns are answered offline');
    };
    const settings = { ...RULES_ONLY, sentenceLoadWaitMs: 40 };
    const service = new ChatTurnService(
      settings,
      store,
      clock,
      memory,
      noProviders,
      { enqueue: async () => 'job-1' },
      new ModelCatalogueService(settings, NO_PROVIDER_KEYS),
    );
    try {
      // Offline, a question about now searches the open facts and one about the past searches with the closed
      // ones: each search asks for the wait.
      await service.send('user-wait', { message: 'Where do I live?' });
      await service.send('user-wait', { message: 'Where did I use to live?' });
      expect(asked.map((request) => request.includeClosed === true)).toEqual([false, true]);
      for (const request of asked) expect(request.sentenceLoadWaitMs).toBe(40);
    } finally {
      await store.close();
    }
  });
});
