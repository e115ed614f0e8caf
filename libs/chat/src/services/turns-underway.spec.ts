import { afterEach, describe, expect, it } from '@jest/globals';
import { TestClock } from '@membolt/platform';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openChatEmbeddedStore } from '../adapters/embedded/chat-store.embedded.js';
import type { ChatTurnEvent } from '../domain/chat-turn.js';
import type { ExchangeToLearnFrom } from '../ports/fact-extraction-queue.js';
import type { LlmProviderFactory } from '../providers/llm-provider.factory.js';
import { InMemoryMemoryAccess, NO_PROVIDER_KEYS, RULES_ONLY } from '../testing/index.js';
import { ChatTurnService } from './chat-turn.service.js';
import { FactLearningService } from './fact-learning.service.js';
import { ModelCatalogueService } from './model-catalogue.service.js';
import { TurnsUnderway } from './turns-underway.js';

const noProviders: LlmProviderFactory = () => {
  throw new Error('These turns are answered offline');
};
const USER = 'user-underway';
const settled = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('TurnsUnderway', () => {
  it('is quiet at once with no turn, and when the last turn waiting for its first token has it', async () => {
    const turns = new TurnsUnderway();
    await turns.quiet(60_000);
    const first = turns.begin();
    const second = turns.begin();
    let quiet = false;
    void turns.quiet(60_000).then(() => (quiet = true));
    first();
    first();
    await settled();
    expect(turns.count).toBe(1);
    expect(quiet).toBe(false);
    second();
    await settled();
    expect(turns.count).toBe(0);
    expect(quiet).toBe(true);
  });

  it('lets a waiter go after its bound when turns never stop coming', async () => {
    const turns = new TurnsUnderway();
    turns.begin();
    const started = Date.now();
    await turns.quiet(50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(turns.count).toBe(1);
  });
});

describe('the learning from an answered exchange gives way to turns before their first token', () => {
  const exchange = (userMessage: string): ExchangeToLearnFrom => ({
    userId: USER,
    conversationId: 'conv-underway',
    conversationTitle: 'Underway',
    userMessageId: `msg-${userMessage.length}`,
    userMessage,
    assistantMessage: 'Noted.',
    model: RULES_ONLY.defaultModelId,
  });

  it('writes nothing while a turn waits for its first token, and learns once it has it', async () => {
    const clock = new TestClock(Date.UTC(2026, 5, 15, 9));
    const memory = new InMemoryMemoryAccess(clock);
    const turns = new TurnsUnderway();
    const learning = new FactLearningService(
      RULES_ONLY,
      memory,
      noProviders,
      clock,
      new ModelCatalogueService(RULES_ONLY, NO_PROVIDER_KEYS),
      undefined,
      turns,
    );
    const firstToken = turns.begin();
    const learnt = learning.learn(exchange('I live in Lisbon now.'));
    await settled();
    expect(memory.all(USER)).toEqual([]);
    firstToken();
    expect(await learnt).toMatchObject({ added: 1 });
    expect(memory.all(USER).map((stored) => stored.text)).toEqual(['User lives in Lisbon.']);
  });
});

describe('a chat turn counts as underway until its first token', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('from its request to its first token, and no longer once it failed or its caller stopped reading', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'membolt-turns-underway-'));
    dirs.push(dir);
    const store = openChatEmbeddedStore(dir);
    const clock = new TestClock(Date.UTC(2026, 5, 15, 9));
    const turns = new TurnsUnderway();
    const queued: ExchangeToLearnFrom[] = [];
    const service = new ChatTurnService(
      RULES_ONLY,
      store,
      clock,
      new InMemoryMemoryAccess(clock),
      noProviders,
      { enqueue: async (queuedExchange) => (queued.push(queuedExchange), 'job-1') },
      new ModelCatalogueService(RULES_ONLY, NO_PROVIDER_KEYS),
      undefined,
      turns,
    );
    try {
      const seen: [ChatTurnEvent['type'], number][] = [];
      for await (const event of service.stream(USER, { message: 'I live in Lisbon.' }))
        seen.push([event.type, turns.count]);
      expect(seen[0]).toEqual(['start', 1]);
      expect(seen.find(([type]) => type === 'token')).toEqual(['token', 0]);
      expect(seen.at(-1)).toEqual(['done', 0]);
      expect(queued).toHaveLength(1);

      // A conversation that does not exist fails the turn before any event: it is not left counted.
      await expect(
        (async () => {
          for await (const _event of service.stream(USER, { message: 'Hi', conversationId: 'conv_gone' }));
        })(),
      ).rejects.toThrow();
      expect(turns.count).toBe(0);

      // A caller that stops reading after the start does not leave it counted either.
      for await (const event of service.stream(USER, { message: 'Hello again' })) {
        expect(event.type).toBe('start');
        expect(turns.count).toBe(1);
        break;
      }
      expect(turns.count).toBe(0);
    } finally {
      await store.close();
    }
  });
});
