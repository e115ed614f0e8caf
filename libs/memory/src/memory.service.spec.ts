import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { CommonErrorCode } from '@membolt/contracts';
import { rejection } from '@membolt/contracts/testing';
import { TestClock } from '@membolt/platform';
import { duplicateKey } from './domain/duplicate-text.js';
import type { MemoryScope } from './domain/memory.js';
import { MemoryConceptLinker } from './memory-concept.linker.js';
import { extractConcepts } from './retrieval/concepts.js';
import { CpuWorkerLimitError } from './workers/memory-cpu-worker.js';
import { MemoryService } from './memory.service.js';
import type { MemoryChange, MemoryEvents } from './ports/memory-events.js';
import type { MemoryStore } from './ports/memory-store.js';
import {
  createTestMemoryService,
  openTestMemoryStore,
  type TestMemoryStore,
} from './testing/memory-service.fixture.js';

const DIM = 128;
const DAY = 86_400_000;
const USER = 'user-a';

/** The events port's in-memory side: what the service announced, in order. */
class RecordedEvents implements MemoryEvents {
  readonly seen: Array<{ scope: MemoryScope; change: MemoryChange; ids: readonly string[]; at: Date }> = [];
  async changed(scope: MemoryScope, change: MemoryChange, ids: readonly string[], at: Date): Promise<void> {
    this.seen.push({ scope, change, ids, at });
  }
}

describe('MemoryService (embedded store, test clock)', () => {
  let opened: TestMemoryStore;
  let store: MemoryStore;
  let clock: TestClock;
  let events: RecordedEvents;
  let linker: MemoryConceptLinker;
  let memory: MemoryService;

  beforeEach(() => {
    opened = openTestMemoryStore('memory-service', DIM);
    ({ store, linker } = opened);
    clock = new TestClock(Date.UTC(2026, 0, 10));
    events = new RecordedEvents();
    memory = createTestMemoryService({ store, linker, clock, events, dimension: DIM });
  });

  afterEach(async () => {
    await opened.close();
  });

  const list = async (extra: Record<string, unknown> = {}) =>
    (await memory.list(USER, { limit: 50, offset: 0, sort: 'recent', ...extra })).memories.map((m) => m.text);

  it('lets a fact leave default reads when its validTo passes, and keeps it for the past', async () => {
    await memory.create(USER, {
      text: 'I work at Initech',
      validTo: new Date(clock.nowMs() + 5 * DAY).toISOString(),
    });
    await memory.create(USER, {
      text: 'I work at Globex as an engineer',
      validFrom: new Date(clock.nowMs() + 5 * DAY).toISOString(),
    });
    expect(await list()).toContain('I work at Initech');
    clock.advance(6 * DAY);
    expect(await list()).toEqual(['I work at Globex as an engineer']);
    expect(await list({ includeClosed: true })).toHaveLength(2);
    expect(await list({ asOf: new Date(clock.nowMs() - 3 * DAY).toISOString() })).toEqual([
      'I work at Initech',
    ]);
    const now = await memory.search(USER, { query: 'where do I work', limit: 5 });
    expect(now.results.map((r) => r.memory.text)).toEqual(['I work at Globex as an engineer']);
    const then = await memory.search(USER, {
      query: 'where do I work',
      limit: 5,
      asOf: new Date(clock.nowMs() - 3 * DAY).toISOString(),
    });
    expect(then.results.map((r) => r.memory.text)).toEqual(['I work at Initech']);
  });

  it('opens closed facts to a question naming a past time (the ranker marks those that held then)', async () => {
    await memory.create(USER, {
      text: 'I lived in Porto',
      validFrom: '2022-03-01T00:00:00.000Z',
      validTo: '2024-02-01T00:00:00.000Z',
    });
    await memory.create(USER, { text: 'I live in Lisbon', validFrom: '2024-02-01T00:00:00.000Z' });
    const found = await memory.search(USER, { query: 'where did I live in 2023?', limit: 5 });
    const porto = found.results.find((r) => r.memory.text === 'I lived in Porto');
    expect(porto?.scores.timeMatch).toBe(true);
    expect(porto?.scores.reasons).toContain('held at the time asked about');
    const today = await memory.search(USER, { query: 'where do I live?', limit: 5 });
    expect(today.results.map((r) => r.memory.text)).toEqual(['I live in Lisbon']);
  });

  it('stamps every change with the clock and records the previous state with the time it was replaced', async () => {
    const created = await memory.create(USER, {
      text: 'Favourite colour is blue',
      metadata: { importance: 0.3 },
    });
    expect(created).toMatchObject({
      importance: 0.3,
      createdAt: clock.now(),
      updatedAt: clock.now(),
      validFrom: clock.now(),
    });
    clock.advance(DAY);
    const updated = await memory.update(USER, {
      memoryId: created.id,
      metadata: { importance: 0.8, note: 'asked twice' },
    });
    expect(updated).toMatchObject({
      importance: 0.8,
      metadata: { note: 'asked twice' },
      updatedAt: clock.now(),
      version: 2,
    });
    const history = await memory.history(USER, { memoryId: created.id });
    expect(history.map((v) => [v.version, v.importance, v.recordedAt.toISOString()])).toEqual([
      [1, 0.3, clock.now().toISOString()],
      [2, 0.8, clock.now().toISOString()],
    ]);
    expect(events.seen.map((e) => [e.change, e.ids, e.at.getTime()])).toEqual([
      ['created', [created.id], clock.nowMs() - DAY],
      ['updated', [created.id], clock.nowMs()],
    ]);
  });

  it('refuses an update that would end a fact before it starts, and changes nothing', async () => {
    const created = await memory.create(USER, { text: 'Training for a marathon' });
    const error = await rejection(
      memory.update(USER, {
        memoryId: created.id,
        validTo: new Date(clock.nowMs() - DAY).toISOString(),
        text: 'x',
      }),
    );
    expect(error).toMatchObject({
      code: CommonErrorCode.ValidationError,
      message: 'valid_to must be after valid_from',
    });
    expect(await memory.get(USER, { memoryId: created.id })).toMatchObject({
      text: 'Training for a marathon',
      version: 1,
    });
    expect(await memory.history(USER, { memoryId: created.id })).toHaveLength(1);
  });

  it('answers the clock time as the oldest timestamp when there are no memories, and the oldest otherwise', async () => {
    expect((await memory.stats(USER, {})).oldestCreatedAt).toEqual(clock.now());
    await memory.create(USER, { text: 'first' });
    const first = clock.now();
    clock.advance(DAY);
    await memory.create(USER, { text: 'second' });
    expect((await memory.stats(USER, {})).oldestCreatedAt).toEqual(first);
  });

  it('ranks a newer memory above an otherwise equal older one, and shows why', async () => {
    await memory.create(USER, { text: 'Parking spot number 42' });
    clock.advance(60 * DAY);
    await memory.create(USER, { text: 'Parking spot number 42 ' });
    const found = await memory.search(USER, { query: 'parking spot', limit: 2 });
    expect(found.results[0]!.scores.recency).toBeGreaterThan(found.results[1]!.scores.recency);
    expect(found.results[0]!.memory.createdAt).toEqual(clock.now());
    expect(found.results[0]!.scores.reasons.join('; ')).toContain('parking');
  });

  it('answers no result for a query that matches no memory, and only the matching ones otherwise', async () => {
    for (const text of [
      'I prefer oat milk in my coffee.',
      'My daughter Emma starts school in Lisbon in September.',
      'The Apollo project deadline at Acme is next Friday.',
      'Remember to water the plants.',
      'My dog is called Rex.',
      'I like jazz concerts.',
    ])
      await memory.create(USER, { text });
    expect((await memory.search(USER, { query: 'pizza', limit: 10 })).results).toEqual([]);
    expect((await memory.search(USER, { query: 'quantum physics', limit: 10 })).results).toEqual([]);
    const coffee = await memory.search(USER, { query: 'coffee', limit: 10 });
    // Added in one sitting, the facts are one inferred session (decision 196): the fact stored after the
    // matching one follows it, far below the relevance threshold the web app and the assistant apply.
    expect(coffee.results.map((hit) => hit.memory.text)).toEqual([
      'I prefer oat milk in my coffee.',
      'My daughter Emma starts school in Lisbon in September.',
    ]);
    expect(coffee.results[1]!.scores.reasons).toContain('stored next to a matching memory');
    const relevant = await memory.search(USER, { query: 'coffee', limit: 10, threshold: 0.1 });
    expect(relevant.results.map((hit) => hit.memory.text)).toEqual(['I prefer oat milk in my coffee.']);
  });

  it('reaches a learnt fact by its stored slot, and follows a change of that slot', async () => {
    const typed = await memory.create(USER, {
      text: 'User covers nights at the Royal Infirmary.',
      metadata: { slot: 'occupation' },
    });
    // Another sitting: not a neighbour of the fact above (decision 196).
    clock.advance(DAY);
    await memory.create(USER, { text: 'User covers the sofa with a blanket.' });
    const job = await memory.search(USER, { query: 'What is my job?', limit: 5 });
    expect(job.results.map((hit) => hit.memory.text)).toEqual(['User covers nights at the Royal Infirmary.']);
    expect(job.results[0]!.scores.slotMatch).toBe(true);

    await memory.update(USER, { memoryId: typed.id, metadata: { slot: 'hobby' } });
    expect((await memory.search(USER, { query: 'What is my job?', limit: 5 })).results).toEqual([]);
  });

  it('with MEMORY_SESSION_GAP_MINUTES=0, asks for neighbours only of candidates in a conversation', async () => {
    const asked: string[][] = [];
    const neighbours = store.search.neighbours!.bind(store.search);
    store.search.neighbours = (scope, filter, ids, before, after, sessionGapMs) => {
      asked.push([...ids]);
      expect(sessionGapMs).toBe(0);
      return neighbours(scope, filter, ids, before, after, sessionGapMs);
    };
    const noSessions = createTestMemoryService({
      store,
      linker,
      clock,
      events,
      dimension: DIM,
      settings: { sessionGapMs: 0 },
    });
    const standalone = await noSessions.create(USER, { text: 'The spare key is under the blue flowerpot' });
    expect((await noSessions.search(USER, { query: 'spare key', limit: 5 })).results).toHaveLength(1);
    expect(asked).toEqual([]);

    const question = await noSessions.create(USER, {
      text: 'Where is the spare key?',
      conversationId: 'c-1',
    });
    clock.advance(1000);
    await noSessions.create(USER, { text: 'Beneath the flowerpot', conversationId: 'c-1' });
    await noSessions.search(USER, { query: 'where is the spare key', limit: 5 });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain(question.id);
    expect(asked[0]).not.toContain(standalone.id);
  });

  it('gives memories added without a conversation the neighbours of their session, ended by a pause', async () => {
    const asked: Array<number | undefined> = [];
    const neighbours = store.search.neighbours!.bind(store.search);
    store.search.neighbours = (scope, filter, ids, before, after, sessionGapMs) => {
      asked.push(sessionGapMs);
      return neighbours(scope, filter, ids, before, after, sessionGapMs);
    };
    const texts = async (query: string) =>
      (await memory.search(USER, { query, limit: 5 })).results.map((hit) => hit.memory.text);
    // Plain adds, as a chat client without conversation ids sends its turns.
    await memory.create(USER, { text: 'Where did you hide the spare key?' });
    clock.advance(20_000);
    // Another end user of the account speaks in between: never part of the account's own session.
    await memory.create(USER, { text: 'Mine is with the neighbour', endUserId: 'someone-else' });
    clock.advance(20_000);
    await memory.create(USER, { text: 'Beneath the blue flowerpot by the door' });
    const found = await memory.search(USER, { query: 'where is the spare key', limit: 5 });
    expect(found.results.map((hit) => [hit.memory.text, hit.scores.reasons.at(-1)])).toEqual([
      ['Where did you hide the spare key?', expect.any(String)],
      ['Beneath the blue flowerpot by the door', 'stored next to a matching memory'],
    ]);
    expect(asked).toEqual([30 * 60_000]);

    // Past the default pause (30 minutes) the next add starts another session: no neighbour of the question.
    clock.advance(31 * 60_000);
    await memory.create(USER, { text: 'Where did you park the car?' });
    clock.advance(2 * 60 * 60_000);
    await memory.create(USER, { text: 'Behind the old bakery' });
    expect(await texts('where did you park the car')).not.toContain('Behind the old bakery');
  });

  it('ranks the neighbours whose rows the store hands with them without reading those rows again', async () => {
    const loaded: string[][] = [];
    const rankablesByIds = store.memories.rankablesByIds.bind(store.memories);
    store.memories.rankablesByIds = (scope, ids) => {
      loaded.push([...ids]);
      return rankablesByIds(scope, ids);
    };
    const question = await memory.create(USER, { text: 'Where did you hide the spare key?' });
    clock.advance(20_000);
    const answer = await memory.create(USER, { text: 'Beneath the blue flowerpot by the door' });
    const [answerRow] = await rankablesByIds({ userId: USER, endUserId: '' }, [answer.id]);
    // The answer reaches the ranker as the question's neighbour only (the dense channel answers every memory
    // of a small scope).
    const dense = store.search.dense.bind(store.search);
    store.search.dense = async (scope, filter, vector, k) => {
      const found = await dense(scope, filter, vector, k);
      return { ...found, candidates: found.candidates.filter((hit) => hit.id !== answer.id) };
    };
    const neighbours = store.search.neighbours!.bind(store.search);
    store.search.neighbours = async (scope, filter, ids, before, after, sessionGapMs) => {
      const found = await neighbours(scope, filter, ids, before, after, sessionGapMs);
      // As a store that holds the rows hands them: the answer's row with the question's neighbours.
      return new Map(
        [...found].map(([id, around]) => [
          id,
          id === question.id ? { ...around, rows: [answerRow!] } : around,
        ]),
      );
    };
    const found = await memory.search(USER, { query: 'spare key hide', limit: 5 });
    expect(found.results.map((hit) => hit.memory.text)).toEqual([
      'Where did you hide the spare key?',
      'Beneath the blue flowerpot by the door',
    ]);
    expect(loaded.flat()).not.toContain(answer.id);
  });

  it('keeps the exported creation time on import', async () => {
    const result = await memory.import(USER, {
      memories: [{ id: 'exported-1', text: 'Old note', createdAt: '2020-05-01T10:00:00.000Z' }],
    });
    const [imported] = await store.memories.findByIds({ userId: USER, endUserId: '' }, result.memoryIds);
    expect(imported).toMatchObject({
      createdAt: new Date('2020-05-01T10:00:00.000Z'),
      validFrom: new Date('2020-05-01T10:00:00.000Z'),
    });
  });

  it('answers the repeated words of a batch with the oldest open memory of exactly its scope, checked in one read', async () => {
    const [older] = await memory.createBatch(USER, { memories: [{ text: 'I live in Paris.' }] });
    clock.advance(DAY);
    await memory.createBatch(USER, { memories: [{ text: 'i live in paris!' }] });
    const [agents] = await memory.createBatch(USER, {
      agentId: 'helper',
      memories: [{ text: 'I drink tea' }],
    });
    await memory.createBatch(USER, {
      memories: [{ text: 'I ride a bike', validTo: new Date(clock.nowMs() + DAY).toISOString() }],
    });
    clock.advance(2 * DAY);
    const reads: number[] = [];
    const plural = store.memories.findOpenDuplicates!.bind(store.memories);
    store.memories.findOpenDuplicates = (scope, keys, now) => {
      reads.push(keys.length);
      return plural(scope, keys, now);
    };
    const answered = await memory.addBatch(USER, {
      dedupe: true,
      memories: [
        { text: 'I LIVE IN PARIS' },
        { text: 'I drink tea' },
        { text: 'I ride a bike' },
        { text: 'I drink tea.' },
        { text: 'I ride a bike!' },
      ],
    });
    expect(reads).toEqual([5]);
    expect(answered.map((a) => a.deduplicated)).toEqual([true, false, false, true, true]);
    expect(answered[0]?.memory.id).toBe(older?.id);
    // Within the batch: the later item is answered with the earlier item's new memory.
    expect(answered[3]?.memory.id).toBe(answered[1]?.memory.id);
    expect(answered[4]?.memory.id).toBe(answered[2]?.memory.id);
    // A stored memory is found by its key afterwards (the row holds the fingerprint the check computed); the
    // agent's memory stays the agent's.
    const key = duplicateKey('i drink tea');
    const account = await store.memories.findOpenDuplicates!(
      { userId: USER, endUserId: '' },
      [key],
      clock.now(),
    );
    expect(account.get(key)?.id).toBe(answered[1]?.memory.id);
    const helper = await store.memories.findOpenDuplicates!(
      { userId: USER, endUserId: '', agentId: 'helper' },
      [key],
      clock.now(),
    );
    expect(helper.get(key)?.id).toBe(agents?.id);
  });

  it('checks a write against thousands of stored copies of its words by reading one of them', async () => {
    const copies = 1_500;
    const [oldest] = await memory.createBatch(USER, { memories: [{ text: 'I drink tea' }] });
    clock.advance(DAY);
    await memory.createBatch(USER, {
      memories: Array.from({ length: copies }, () => ({ text: 'I drink tea.' })),
    });
    // Every memory the store hands the service back during the checks, whatever the read.
    let handedBack = 0;
    const count = (answer: unknown): void => {
      if (Array.isArray(answer)) handedBack += answer.length;
      else if (answer instanceof Map) handedBack += answer.size;
      else if (answer && typeof answer === 'object' && 'id' in answer) handedBack += 1;
    };
    const reads = store.memories as unknown as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(store.memories))) {
      const read = reads[name];
      if (name === 'constructor' || typeof read !== 'function') continue;
      reads[name] = async (...args: unknown[]) => {
        const answer: unknown = await (read as (...a: unknown[]) => unknown).apply(store.memories, args);
        count(answer);
        return answer;
      };
    }
    const single = await memory.add(USER, { text: 'I DRINK TEA!', dedupe: true });
    const batch = await memory.addBatch(USER, { dedupe: true, memories: [{ text: 'i drink tea' }] });
    expect(single).toEqual({ memory: expect.objectContaining({ id: oldest?.id }), deduplicated: true });
    expect(batch[0]?.memory.id).toBe(oldest?.id);
    expect(handedBack).toBe(2);
  });

  it('links the concepts of a batch in the background, resuming what a previous process left pending', async () => {
    await memory.createBatch(USER, {
      memories: Array.from({ length: 30 }, (_, i) => ({ text: `Dinner with Priya in Madrid, number ${i}` })),
    });
    // A fresh linker (as after a restart) finds the pending memories by itself.
    const restarted = new MemoryConceptLinker(store);
    restarted.onApplicationBootstrap();
    for (let i = 0; i < 500 && (await store.memories.pendingConcepts(null, 1)).length > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await restarted.beforeApplicationShutdown();
    expect(await store.memories.pendingConcepts(null, 10)).toEqual([]);
    const graph = await store.concepts.graph({ userId: USER, endUserId: '' }, 10);
    expect(graph.concepts.find((c) => c.name === 'madrid')).toMatchObject({ memoryCount: 30 });
  });

  it('links a memory whose extraction breaks the worker limits without concepts, once, and the rest as usual', async () => {
    const hostile = 'Hostile text about Oslo';
    await linker.beforeApplicationShutdown(); // the service's own linker stays out of it
    await memory.createBatch(USER, {
      memories: [{ text: 'Dinner with Priya in Madrid' }, { text: hostile }, { text: 'Lunch in Madrid' }],
    });
    const asked: string[][] = [];
    const limited = new MemoryConceptLinker(store, {
      extract: async (texts) => {
        asked.push([...texts]);
        if (texts.includes(hostile)) throw new CpuWorkerLimitError('needed more than the worker allows');
        return texts.map((text) => extractConcepts(text));
      },
    });
    const scope = { userId: USER, endUserId: '' };
    await limited.settle(scope);
    expect(await store.memories.pendingConcepts(null, 10)).toEqual([]);
    const graph = await store.concepts.graph(scope, 10);
    expect(graph.concepts.find((c) => c.name === 'madrid')).toMatchObject({ memoryCount: 2 });
    expect(graph.concepts.find((c) => c.name === 'oslo')).toBeUndefined();
    // The batch, then each text alone; the hostile one is not tried again.
    await limited.settle(scope);
    expect(asked.filter((texts) => texts.includes(hostile))).toHaveLength(2);
  });

  it('tells the extraction when its sweep has linked a backlog, so the concept thread may end soon', async () => {
    await linker.beforeApplicationShutdown(); // the service's own sweep stays out of it
    const scope = { userId: USER, endUserId: '' };
    let bulkDone = 0;
    const sweeping = new MemoryConceptLinker(store, {
      extract: async (texts) => texts.map((text) => extractConcepts(text)),
      bulkDone: () => bulkDone++,
    });
    await memory.createBatch(USER, { memories: [{ text: 'Hiking near Oslo' }] });
    sweeping.schedule();
    await until(async () => (await store.memories.pendingConcepts(scope, 10)).length === 0);
    // One memory is no backlog: the thread keeps its idle wait.
    expect(bulkDone).toBe(0);
    await memory.import(USER, {
      memories: Array.from({ length: 250 }, (_, i) => ({
        id: `line-${i}`,
        text: `Dinner with Priya in Madrid, number ${i}`,
      })),
    });
    sweeping.schedule();
    await until(async () => bulkDone === 1);
    await sweeping.beforeApplicationShutdown();
    expect(await store.memories.pendingConcepts(scope, 10)).toEqual([]);
    const graph = await store.concepts.graph(scope, 10);
    expect(graph.concepts.find((c) => c.name === 'madrid')).toMatchObject({ memoryCount: 250 });
  });
});

/** Polls `done` until it holds (the sweep runs in the background); fails after a generous wait. */
async function until(done: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('the background sweep did not get there in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
