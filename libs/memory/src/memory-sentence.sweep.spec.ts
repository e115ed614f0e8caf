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

  const serviceWith = (sweep: MemorySentenceSweep | null, sentenceMaxScope = 2_000) => {
    return createTestMemoryService({
      store,
      linker,
      clock: new TestClock(Date.UTC(2026, 0, 10)),
      dimension: DIM,
      settings: { sentenceMaxScope },
      sentenceSweep: sweep,
      sentenceEncoder: sweep ? encoder : null,
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
    const sweep = new MemorySentenceSweep(store, encoder);
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
});
