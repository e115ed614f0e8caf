import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { TestClock } from '@membolt/platform';
import { MemoryCategoryService } from '../categories/memory-category.service.js';
import { HashedTfidfEmbedder } from '../embedders/hashed-tfidf.embedder.js';
import type { Embedder } from '../ports/embedder.js';
import {
  createTestMemoryService,
  openTestMemoryStore,
  type TestMemoryStore,
} from '../testing/memory-service.fixture.js';
import { MemorySearcher } from './memory-searcher.js';

const DIM = 128;
const USER = 'user-a';

/** The offline embedder, counting the texts it was asked to embed per purpose. */
class CountingEmbedder implements Embedder {
  readonly asked: Array<{ text: string; purpose: 'document' | 'query' }> = [];
  private readonly inner = new HashedTfidfEmbedder(DIM);
  readonly model = this.inner.model;
  readonly dimension = DIM;
  embed(texts: readonly string[], purpose: 'document' | 'query'): Promise<Float32Array[]> {
    for (const text of texts) this.asked.push({ text, purpose });
    return this.inner.embed(texts, purpose);
  }
}

describe('MemorySearcher', () => {
  let opened: TestMemoryStore;
  let clock: TestClock;
  let embedder: CountingEmbedder;
  let searcher: MemorySearcher;

  beforeEach(async () => {
    opened = openTestMemoryStore('memory-searcher', DIM);
    clock = new TestClock(Date.UTC(2026, 0, 10));
    const memory = createTestMemoryService({
      store: opened.store,
      linker: opened.linker,
      clock,
      dimension: DIM,
    });
    await memory.createBatch(USER, {
      memories: [{ text: 'I drink green tea every morning' }, { text: 'My sister lives in Berlin' }],
    });
    embedder = new CountingEmbedder();
    searcher = new MemorySearcher(
      opened.store,
      embedder,
      clock,
      {
        dimension: DIM,
        annMinVectors: 5000,
        metadataLimits: { maxKeys: 256, maxDepth: 16 },
        conceptSettleMs: 1_500,
      },
      new MemoryCategoryService(opened.store, clock),
      null,
      null,
    );
  });

  afterEach(async () => {
    await opened.close();
  });

  const ids = async (query: string) =>
    (await searcher.search(USER, { query, limit: 5 })).results.map((hit) => hit.memory.text);

  it('embeds a repeated query once and answers it as the first time', async () => {
    const first = await ids('what tea do I drink');
    expect(first[0]).toBe('I drink green tea every morning');
    expect(await ids('what tea do I drink')).toEqual(first);
    expect(await ids('where does my sister live')).toEqual(
      expect.arrayContaining(['My sister lives in Berlin']),
    );
    expect(await ids('what tea do I drink')).toEqual(first);
    expect(embedder.asked).toEqual([
      { text: 'what tea do I drink', purpose: 'query' },
      { text: 'where does my sister live', purpose: 'query' },
    ]);
  });

  it('asks the keyword index the irregular forms of the query verbs', async () => {
    const asked: string[][] = [];
    const keyword = opened.store.search.keyword.bind(opened.store.search);
    opened.store.search.keyword = (scope, filter, terms, limit) => {
      asked.push([...terms]);
      return keyword(scope, filter, terms, limit);
    };
    await ids('When did John meet his teammates?');
    expect(asked).toEqual([['john', 'meet', 'teammates', 'met']]);
  });

  it('embeds again a query whose first embedding failed', async () => {
    const failing = embedder.embed.bind(embedder);
    let fail = true;
    embedder.embed = (texts, purpose) => {
      if (fail) {
        fail = false;
        return Promise.reject(new Error('provider unreachable'));
      }
      return failing(texts, purpose);
    };
    await expect(ids('what tea do I drink')).rejects.toThrow('provider unreachable');
    expect((await ids('what tea do I drink'))[0]).toBe('I drink green tea every morning');
  });
});
