import { afterEach, describe, expect, it } from '@jest/globals';
import type { ResolvedProviderKey, SearchMemoriesRequest } from '@membolt/contracts';
import { TestClock } from '@membolt/platform';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openChatEmbeddedStore } from '../adapters/embedded/chat-store.embedded.js';
import type { ChatSettings } from '../chat.options.js';
import type { LlmProviderFactory } from '../providers/llm-provider.factory.js';
import { InMemoryMemoryAccess, NO_PROVIDER_KEYS, RULES_ONLY } from '../testing/index.js';
import { ChatTurnService } from './chat-turn.service.js';
import { ModelCatalogueService } from './model-catalogue.service.js';

const USER = 'user-turn-searches';
const answering: LlmProviderFactory = (credentials) => ({
  id: credentials.provider,
  async *stream() {
    yield { type: 'text', text: 'Leeds, before Bristol.' };
  },
});
/** The default model's provider (anthropic) with the operator's key. */
const OPERATOR_MODEL: ChatSettings = {
  ...RULES_ONLY,
  providers: [{ provider: 'anthropic', apiKey: 'operator-key', baseUrl: null }],
};
const USER_KEY = {
  resolve: async (): Promise<readonly ResolvedProviderKey[]> => [
    { id: 'key-1', provider: 'anthropic', apiKey: 'user-key', baseUrl: null },
  ],
};

describe('the memory searches of a chat turn', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** One turn of `message`; answers the searches it made (with closed facts or not) and the turn or its error. */
  async function turn(
    settings: ChatSettings,
    keys: typeof NO_PROVIDER_KEYS,
    message: string,
    mode?: 'chat' | 'search',
  ) {
    const dir = mkdtempSync(join(tmpdir(), 'membolt-turn-searches-'));
    dirs.push(dir);
    const store = openChatEmbeddedStore(dir);
    const clock = new TestClock(Date.UTC(2026, 5, 15, 9));
    const memory = new InMemoryMemoryAccess(clock);
    await memory.create(USER, {
      text: 'Home city: Leeds.',
      validFrom: '2020-01-01T00:00:00.000Z',
      validTo: '2024-01-01T00:00:00.000Z',
    } as never);
    await memory.create(USER, {
      text: 'Home city: Bristol.',
      validFrom: '2024-01-01T00:00:00.000Z',
    } as never);
    const searches: Array<'with closed' | 'open only'> = [];
    const search = memory.search.bind(memory);
    memory.search = (userId: string, request: SearchMemoriesRequest) => {
      searches.push(request.includeClosed === true ? 'with closed' : 'open only');
      return search(userId, request);
    };
    const service = new ChatTurnService(
      settings,
      store,
      clock,
      memory,
      answering,
      { enqueue: async () => 'job' },
      new ModelCatalogueService(settings, keys),
    );
    try {
      const result = await service.send(USER, { message, ...(mode ? { mode } : {}) }).then(
        (done) => ({ done, error: null }),
        (error: unknown) => ({ done: null, error }),
      );
      return { searches, ...result };
    } finally {
      await store.close();
    }
  }

  it('offline, a question about the past is searched once, with the closed facts', async () => {
    const { searches, done } = await turn(RULES_ONLY, NO_PROVIDER_KEYS, 'What was my home city before?');
    expect(searches).toEqual(['with closed']);
    expect(done?.responder).toBe('offline');
    expect(done?.memoriesRetrieved.map((memory) => memory.text)).toContain('Home city: Leeds.');
  });

  it('offline, a question about now is searched once, without the closed facts', async () => {
    const { searches, done } = await turn(RULES_ONLY, NO_PROVIDER_KEYS, 'What is my home city now?');
    expect(searches).toEqual(['open only']);
    expect(done?.memoriesRetrieved.map((memory) => memory.text)).toEqual(['Home city: Bristol.']);
  });

  it("with the model reached by the user's own key, a question about the past is searched once, open facts only", async () => {
    const { searches, done } = await turn(RULES_ONLY, USER_KEY, 'What was my home city before?');
    expect(searches).toEqual(['open only']);
    expect(done?.responder).toBe('anthropic');
  });

  it("with the operator's key for the model, a question about the past is searched once, open facts only", async () => {
    const { searches, done } = await turn(OPERATOR_MODEL, NO_PROVIDER_KEYS, 'What was my home city before?');
    expect(searches).toEqual(['open only']);
    expect(done?.responder).toBe('anthropic');
  });

  it('Search Mode without a model, asked about the past, is refused before any search', async () => {
    const { searches, error } = await turn(
      RULES_ONLY,
      NO_PROVIDER_KEYS,
      'What was my home city before?',
      'search',
    );
    expect(error).toMatchObject({ code: 'web_search_not_configured' });
    expect(searches).toEqual([]);
  });
});
