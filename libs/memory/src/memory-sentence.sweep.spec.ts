import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { TestClock } from '@membolt/platform';
import { unitVector } from './embedders/use-lite.sentence-encoder.js';
import { MemoryConceptLinker } from './memory-concept.linker.js';
import { MemorySentenceSweep } from './memory-sentence.sweep.js';
import { MemoryService } from './memory.service.js';
import type { MemoryStore } from './ports/memory-store.js';
import type { SentenceEncoder } from './ports/sentence-encoder.js';
import {
  createTestMemoryService,
  openTestMemoryStore,
  type TestMemoryStore,
} from './testing/memory-service.fixture.js';
import type { SentenceEncodes } from './memory.options.js';
import { CpuWorkerLimitError } from './workers/memory-cpu-worker.js';

const DIM = 128;
const USER = 'user-a';
const OTHER = 'user-b';

/**
 * A tiny deterministic stand-in for USE-lite: each text points along the axes of the topics its words belong
 * to, so "hire a car" and "driving licence" meet on the driving axis with no word in common.
 */
const TOPICS: ReadonlyArray<readonly string[]> = [
  ['car', 'driving', 'licence', 'drive', 'hire'],
  ['tea', 'sencha', 'drink', 'coffee'],
  ['dog', 'greyhound', 'pet'],
];
class FakeSentenceEncoder implements SentenceEncoder {
  readonly model = 'fake-sentences';
  readonly dimension = TOPICS.length + 1;
  readonly encoded: string[] = [];
  /** Texts that fail as if they broke the worker's limits. */
  readonly hostile = new Set<string>();

  async encode(texts: readonly string[]): Promise<Float32Array[]> {
    if (texts.some((text) => this.hostile.has(text))) throw new CpuWorkerLimitError('past its deadline');
    this.encoded.push(...texts);
    return texts.map((text) => this.vector(text));
  }

  readonly queries: string[] = [];

  async encodeQuery(text: string): Promise<Float32Array> {
    this.queries.push(text);
    return this.vector(text);
  }

  private vector(text: string): Float32Array {
    const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
    const values = TOPICS.map((topic) => words.filter((word) => topic.includes(word)).length);
    return unitVector([...values, 0.2]);
  }
}

describe('MemorySentenceSweep and the sentence channel (embedded store, fake encoder)', () => {
  let opened: TestMemoryStore;
  let store: MemoryStore;
  let linker: MemoryConceptLinker;
  let encoder: FakeSentenceEncoder;

  const sweepWith = (
    settings: { sentenceMaxScope?: number; sentenceEncodes?: SentenceEncodes; sentenceWaitMs?: number } = {},
    using: SentenceEncoder = encoder,
  ) => new MemorySentenceSweep(store, using, settings);
  const serviceWith = (
    sweep: MemorySentenceSweep | null,
    sentenceMaxScope = 2_000,
    using: SentenceEncoder = encoder,
  ) => {
    return createTestMemoryService({
      store,
      linker,
      clock: new TestClock(Date.UTC(2026, 0, 10)),
      dimension: DIM,
      settings: { sentenceMaxScope },
      sentenceSweep: sweep,
      sentenceEncoder: sweep ? using : null,
    });
  };
  const texts = async (service: MemoryService, userId: string, query: string) =>
    (await service.search(userId, { query, limit: 5, threshold: 0.1 })).results.map((r) => r.memory.text);

  beforeEach(() => {
    opened = openTestMemoryStore('memory-sentences', DIM);
    ({ store, linker } = opened);
    encoder = new FakeSentenceEncoder();
  });

  afterEach(async () => {
    await opened.close();
  });

  it('backfills the memories stored before the encoder was on, and search then reaches them by meaning', async () => {
    const before = serviceWith(null);
    await before.create(USER, { text: "I don't have a driving licence." });
    await before.create(USER, { text: 'My favourite tea is sencha.' });
    await before.create(OTHER, { text: 'I lost my driving licence last year.' });
    expect(await texts(before, USER, 'Can I hire one at the airport?')).toEqual([]);
    // The flag is in the rows: a process started later (a new sweep) finds the backlog.
    expect(await store.sentences!.pending(10)).toHaveLength(3);

    const sweep = new MemorySentenceSweep(store, encoder);
    sweep.onApplicationBootstrap();
    await sweep.idle();
    expect(await store.sentences!.pending(10)).toEqual([]);
    expect(encoder.encoded).toHaveLength(3);

    const after = serviceWith(sweep);
    expect(await texts(after, USER, 'Can I hire one at the airport?')).toEqual([
      "I don't have a driving licence.",
    ]);
    // Another user's memory, as near in meaning, is never a candidate.
    expect(await texts(after, OTHER, 'Can I hire one at the airport?')).toEqual([
      'I lost my driving licence last year.',
    ]);
  });

  it('encodes no query and reads no sentence cosine for a question about someone else (decision 197)', async () => {
    const sweep = new MemorySentenceSweep(store, encoder);
    const service = serviceWith(sweep);
    await service.create(USER, { text: "I don't have a driving licence." });
    await sweep.idle();
    expect(await texts(service, USER, 'Can someone hire one at the airport?')).toEqual([]);
    expect(encoder.queries).toEqual([]);
    expect(await texts(service, USER, 'Can I hire one at the airport?')).toEqual([
      "I don't have a driving licence.",
    ]);
    expect(encoder.queries).toEqual(['Can I hire one at the airport?']);
  });

  it('encodes new memories and changed texts after each write, and forgets deleted ones', async () => {
    const sweep = new MemorySentenceSweep(store, encoder);
    const service = serviceWith(sweep);
    const tea = await service.create(USER, { text: 'My favourite tea is sencha.' });
    await sweep.idle();
    expect(await texts(service, USER, 'Which drink is best in the morning?')).toEqual([
      'My favourite tea is sencha.',
    ]);

    await service.update(USER, { memoryId: tea.id, text: 'We adopted a greyhound.' });
    await sweep.idle();
    expect(encoder.encoded).toEqual(['My favourite tea is sencha.', 'We adopted a greyhound.']);
    expect(await texts(service, USER, 'Which drink is best in the morning?')).toEqual([]);
    expect(await texts(service, USER, 'Which pet is easiest?')).toEqual(['We adopted a greyhound.']);

    await service.delete(USER, { memoryId: tea.id });
    const scope = { userId: USER, endUserId: '' };
    const any = { validity: { kind: 'all' } } as const;
    expect(await store.sentences!.nearest(scope, any, new Float32Array(4).fill(0.5), 10, 100)).toEqual([]);
  });

  it('leaves a scope past SENTENCE_ENCODER_MAX_SCOPE to the other channels', async () => {
    const sweep = sweepWith({ sentenceMaxScope: 1, sentenceEncodes: 'every-scope' });
    const service = serviceWith(sweep, 1);
    await service.create(USER, { text: "I don't have a driving licence." });
    await service.create(USER, { text: 'My favourite tea is sencha.' });
    await sweep.idle();
    expect(await texts(service, USER, 'Can I hire one at the airport?')).toEqual([]);
  });

  it('stores a text the worker cannot encode within its limits with no meaning, and never tries it again', async () => {
    encoder.hostile.add('x'.repeat(50));
    const sweep = new MemorySentenceSweep(store, encoder);
    const service = serviceWith(sweep);
    await service.create(USER, { text: 'x'.repeat(50) });
    await service.create(USER, { text: 'My favourite tea is sencha.' });
    await sweep.idle();
    expect(await store.sentences!.pending(10)).toEqual([]);
    expect(encoder.encoded).toEqual(['My favourite tea is sencha.']);
  });

  describe('SENTENCE_ENCODER=auto: only scopes within the bound (decision 203)', () => {
    const scope = (userId: string) => ({ userId, endUserId: '' });
    /** Memories stored with no sweep running: what a bulk import or an earlier `off` run leaves pending. */
    const storeTexts = async (userId: string, texts: readonly string[]) => {
      const before = serviceWith(null);
      const stored = [];
      for (const text of texts) stored.push(await before.create(userId, { text }));
      return stored;
    };

    it('encodes a small scope and defers a large one, whose texts never reach the encoder', async () => {
      const large = Array.from({ length: 5 }, (_, i) => `Fact ${i} about my dog.`);
      await storeTexts(OTHER, large);
      await storeTexts(USER, ['My favourite tea is sencha.']);
      const sweep = sweepWith({ sentenceMaxScope: 3 });
      sweep.onApplicationBootstrap();
      await sweep.idle();
      expect(encoder.encoded).toEqual(['My favourite tea is sencha.']);
      // Nothing is left pending (the sweep does not read the large scope again), and nothing was encoded.
      expect(await store.sentences!.pending(10)).toEqual([]);
      expect(await store.sentences!.unencoded(scope(OTHER), 10)).toHaveLength(5);

      // A later write to the large scope is deferred too; the small scope's reaches the encoder.
      const service = serviceWith(sweep, 3);
      await service.create(OTHER, { text: 'My greyhound sleeps all day.' });
      await service.create(USER, { text: 'I drink coffee at work.' });
      await sweep.idle();
      expect(encoder.encoded).toEqual(['My favourite tea is sencha.', 'I drink coffee at work.']);
      // The large scope's personal search encodes no query: its dog facts are found by their words only.
      expect(await texts(service, OTHER, 'Is my dog a greyhound?')).toContain('My greyhound sleeps all day.');
      expect(encoder.queries).toEqual([]);
      expect(await texts(service, USER, 'Which drink do I like?')).toContain('My favourite tea is sencha.');
      expect(encoder.queries).toEqual(['Which drink do I like?']);
    });

    it('never calls the encoder (so never loads the model) at a start with nothing small to encode', async () => {
      await storeTexts(
        OTHER,
        ['a', 'b', 'c', 'd'].map((x) => `Note ${x} on my car.`),
      );
      const sweep = sweepWith({ sentenceMaxScope: 2 });
      sweep.onApplicationBootstrap();
      await sweep.idle();
      expect(encoder.encoded).toEqual([]);
      const service = serviceWith(sweep, 2);
      // A question about someone else encodes nothing either (decision 197), nor one asked of an empty scope.
      expect(await texts(service, USER, 'Can someone hire a car?')).toEqual([]);
      expect(await texts(service, USER, 'Can I hire a car?')).toEqual([]);
      expect(encoder.queries).toEqual([]);
    });

    it('use-lite encodes every scope, the ones an auto run deferred included', async () => {
      await storeTexts(OTHER, ['My dog is a greyhound.', 'I walk the dog twice a day.', 'I hire a car.']);
      const auto = sweepWith({ sentenceMaxScope: 2 });
      auto.onApplicationBootstrap();
      await auto.idle();
      expect(encoder.encoded).toEqual([]);

      const every = sweepWith({ sentenceMaxScope: 2, sentenceEncodes: 'every-scope' });
      every.onApplicationBootstrap();
      await every.idle();
      expect(encoder.encoded).toHaveLength(3);
      expect(await store.sentences!.unencoded(scope(OTHER), 10)).toEqual([]);
    });

    it('encodes a deferred scope again once it shrinks back within the bound, at its next personal search', async () => {
      const [, note] = await storeTexts(USER, ["I don't have a driving licence.", 'Note one.', 'Note two.']);
      const sweep = sweepWith({ sentenceMaxScope: 2 });
      sweep.onApplicationBootstrap();
      await sweep.idle();
      expect(encoder.encoded).toEqual([]);
      await serviceWith(sweep, 2).delete(USER, { memoryId: note!.id });
      expect(await store.sentences!.holdsAtMost(scope(USER), 2)).toBe(true);
      expect(await texts(serviceWith(sweep, 2), USER, 'Can I hire one at the airport?')).toEqual([
        "I don't have a driving licence.",
      ]);
      expect(encoder.encoded.sort()).toEqual(["I don't have a driving licence.", 'Note two.']);
    });

    it("finds a fact told a moment ago by meaning: a personal search encodes its scope's new memories first", async () => {
      await storeTexts(USER, ["I don't have a driving licence.", 'My favourite tea is sencha.']);
      // No sweep has run: both memories are still pending.
      const service = serviceWith(sweepWith());
      expect(await texts(service, USER, 'Can I hire one at the airport?')).toEqual([
        "I don't have a driving licence.",
      ]);
      expect(encoder.encoded.sort()).toEqual([
        "I don't have a driving licence.",
        'My favourite tea is sencha.',
      ]);
      // Another user's pending memories are not this search's to encode.
      await storeTexts(OTHER, ['I lost my driving licence.']);
      await texts(service, USER, 'Can I hire one at the airport?');
      expect(encoder.encoded).not.toContain('I lost my driving licence.');
    });

    it('answers without the sentence channel when the encoder does not answer in time, or fails', async () => {
      await storeTexts(USER, ['My favourite tea is sencha.', 'I drink sencha every morning.']);
      const silent: SentenceEncoder = {
        model: 'silent',
        dimension: encoder.dimension,
        encode: () => new Promise<Float32Array[]>(() => undefined),
        encodeQuery: () => new Promise<Float32Array>(() => undefined),
      };
      const late = serviceWith(sweepWith({ sentenceWaitMs: 50 }, silent), 2_000, silent);
      // The words still find it; the search does not wait for a vector that does not come.
      expect(await texts(late, USER, 'Do I drink sencha?')).toContain('I drink sencha every morning.');

      const broken: SentenceEncoder = {
        model: 'broken',
        dimension: encoder.dimension,
        encode: async () => {
          throw new Error('the model failed to load');
        },
        encodeQuery: async () => {
          throw new Error('the model failed to load');
        },
      };
      const failing = serviceWith(sweepWith({}, broken), 2_000, broken);
      expect(await texts(failing, USER, 'Do I drink sencha?')).toContain('I drink sencha every morning.');
    });

    it('makes one search wait for a busy thread, not each search that comes while it is busy (decision 212)', async () => {
      await storeTexts(USER, ["I don't have a driving licence."]);
      // The model loading: query vectors come only once released.
      let release: () => void = () => undefined;
      const loaded = new Promise<void>((resolve) => (release = resolve));
      const queries: string[] = [];
      const loading: SentenceEncoder = {
        model: encoder.model,
        dimension: encoder.dimension,
        encode: (texts) => encoder.encode(texts),
        encodeQuery: async (text) => {
          queries.push(text);
          await loaded;
          return encoder.encodeQuery(text);
        },
      };
      const sweep = sweepWith({ sentenceWaitMs: 50 }, loading);
      const service = serviceWith(sweep, 2_000, loading);
      const question = 'Can I hire one at the airport?';
      // The first search waits its 50 ms and goes without the channel; the next one does not wait again and
      // asks the thread for nothing more while it is busy.
      expect(await texts(service, USER, question)).toEqual([]);
      expect(await texts(service, USER, question)).toEqual([]);
      expect(queries).toEqual([question]);
      release();
      await loaded;
      await new Promise((resolve) => setImmediate(resolve));
      expect(await texts(service, USER, question)).toEqual(["I don't have a driving licence."]);
      expect(queries).toEqual([question, question]);
    });

    it("bounds a chat turn's wait for the model's load by its own sentenceLoadWaitMs, and no other search's (decision 229)", async () => {
      await storeTexts(USER, ["I don't have a driving licence."]);
      // The model loading (the thread had ended): query vectors come only once released.
      let release: () => void = () => undefined;
      const loaded = new Promise<void>((resolve) => (release = resolve));
      let isLoaded = false;
      void loaded.then(() => (isLoaded = true));
      const queries: string[] = [];
      const loading: SentenceEncoder = {
        model: encoder.model,
        dimension: encoder.dimension,
        get modelLoaded() {
          return isLoaded;
        },
        encode: (texts) => encoder.encode(texts),
        encodeQuery: async (text) => {
          queries.push(text);
          await loaded;
          // A loaded model still takes its time over a query: a turn waits for it past its bound.
          await new Promise((resolve) => setTimeout(resolve, 80));
          return encoder.encodeQuery(text);
        },
      };
      const service = serviceWith(sweepWith({ sentenceWaitMs: 60_000 }, loading), 2_000, loading);
      const question = 'Can I hire one at the airport?';
      const search = async (sentenceLoadWaitMs?: number) =>
        (
          await service.search(USER, {
            query: question,
            limit: 5,
            threshold: 0.1,
            ...(sentenceLoadWaitMs !== undefined ? { sentenceLoadWaitMs } : {}),
          })
        ).results.map((r) => r.memory.text);

      // Past its own 30 ms the turn is ranked without the channel (the words alone do not reach the memory);
      // the encoding, which loads the model, goes on.
      expect(await search(30)).toEqual([]);
      expect(queries).toEqual([question]);
      // While it runs, the next bounded search goes without the channel at once and queues nothing more...
      expect(await search(30)).toEqual([]);
      expect(queries).toEqual([question]);
      // ...but a search with no bound of its own still waits for its vector, up to the service's bound.
      const plain = search();
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      expect(await plain).toEqual(["I don't have a driving licence."]);
      // The model loaded, a bounded search waits for its query as any search does, past its own 30 ms.
      expect(await search(30)).toEqual(["I don't have a driving licence."]);
      // 0: while the model loads again, the turn does not wait at all, and the encoding still loads it.
      isLoaded = false;
      const before = queries.length;
      expect(await search(0)).toEqual([]);
      expect(queries.length).toBe(before + 1);
    });
  });
});
