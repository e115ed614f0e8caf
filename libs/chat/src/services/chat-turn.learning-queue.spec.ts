import { afterEach, describe, expect, it } from '@jest/globals';
import { TestClock } from '@membolt/platform';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openChatEmbeddedStore } from '../adapters/embedded/chat-store.embedded.js';
import type { ChatSettings } from '../chat.options.js';
import type { ExchangeToLearnFrom } from '../ports/fact-extraction-queue.js';
import type { LlmProviderFactory } from '../providers/llm-provider.factory.js';
import { InMemoryMemoryAccess, NO_PROVIDER_KEYS, RULES_ONLY } from '../testing/index.js';
import { ChatTurnService } from './chat-turn.service.js';
import { ModelCatalogueService } from './model-catalogue.service.js';

const USER = 'user-learning-queue';
const offline: LlmProviderFactory = () => {
  throw new Error('These turns are answered offline');
};
const answering: LlmProviderFactory = (credentials) => ({
  id: credentials.provider,
  async *stream() {
    yield { type: 'text', text: 'Noted.' };
  },
});
/** The model extracts facts when it is reachable: the default model's provider configured by the operator. */
const MODEL_EXTRACTS: ChatSettings = {
  ...RULES_ONLY,
  extraction: 'auto',
  providers: [{ provider: 'anthropic', apiKey: 'operator-key', baseUrl: null }],
};

describe('a chat turn queues the learning from its exchange only when it can learn something', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  async function turnsWith(
    settings: ChatSettings,
    providers: LlmProviderFactory,
    messages: readonly string[],
  ) {
    const dir = mkdtempSync(join(tmpdir(), 'membolt-learning-queue-'));
    dirs.push(dir);
    const store = openChatEmbeddedStore(dir);
    const clock = new TestClock(Date.UTC(2026, 5, 15, 9));
    const queued: ExchangeToLearnFrom[] = [];
    const service = new ChatTurnService(
      settings,
      store,
      clock,
      new InMemoryMemoryAccess(clock),
      providers,
      {
        enqueue: async (exchange) => {
          queued.push(exchange);
          return `extract-${exchange.userMessageId}`;
        },
      },
      new ModelCatalogueService(settings, NO_PROVIDER_KEYS),
    );
    try {
      const jobs: (string | null)[] = [];
      for (const message of messages) jobs.push((await service.send(USER, { message })).extractionJobId);
      return { jobs, queued: queued.map((exchange) => exchange.userMessage) };
    } finally {
      await store.close();
    }
  }

  it('by the rules: a question they can tell states nothing queues no job; a statement does', async () => {
    const { jobs, queued } = await turnsWith(RULES_ONLY, offline, [
      'What is my dog called?',
      'I live in Paris.',
      'Where do I live?',
      'My name is Carol, what is yours?',
    ]);
    expect(jobs[0]).toBeNull();
    expect(jobs[1]).toMatch(/^extract-/);
    expect(jobs[2]).toBeNull();
    // Two clauses: the rules read it, and learn the name.
    expect(jobs[3]).toMatch(/^extract-/);
    expect(queued).toEqual(['I live in Paris.', 'My name is Carol, what is yours?']);
  });

  it('with extraction auto and the model out of reach, as the rules', async () => {
    const { jobs } = await turnsWith({ ...RULES_ONLY, extraction: 'auto' }, offline, [
      'What is my dog called?',
      'I live in Paris.',
    ]);
    expect(jobs[0]).toBeNull();
    expect(jobs[1]).toMatch(/^extract-/);
  });

  it('with the model extracting, every exchange: the model reads the answer too', async () => {
    const { jobs, queued } = await turnsWith(MODEL_EXTRACTS, answering, [
      'What is my dog called?',
      'I live in Paris.',
    ]);
    expect(jobs.every((job) => job !== null)).toBe(true);
    expect(queued).toHaveLength(2);
  });
});
