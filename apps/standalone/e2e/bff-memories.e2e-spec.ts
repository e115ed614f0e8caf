import { describe, expect, it } from '@jest/globals';
import { GraphqlBrowser } from '@membolt/bff/testing';
import { BusClient } from '@membolt/bus';
import { MemoryMessages, MemoryScreenLimits, MemorySubjects } from '@membolt/contracts';
import { signUpOverGraphql, useStandalone } from './support/standalone.js';

const MEMORY_FIELDS = `id text importance category source metadata createdAt updatedAt validFrom validTo version`;
const CREATE = `mutation ($input: CreateMemoryInput!) { createMemory(input: $input) { ${MEMORY_FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: UpdateMemoryInput!) { updateMemory(id: $id, input: $input) { ${MEMORY_FIELDS} } }`;
const DELETE = `mutation ($id: ID!) { deleteMemory(id: $id) { memoryIds removed { kind count } deletedAt } }`;
const LIST = `query ($limit: Int, $offset: Int, $sort: MemorySort, $category: String, $source: MemorySource) {
  memories(limit: $limit, offset: $offset, sort: $sort, category: $category, source: $source) {
    limit offset count totalCount sort memories { id text importance category source }
  } }`;
const GET = `query ($id: ID!) { memory(id: $id) { ${MEMORY_FIELDS} } }`;
const HISTORY = `query ($id: ID!) { memoryHistory(id: $id) { memoryId versions { version text importance category event recordedAt } } }`;
const CONCEPTS = `query ($id: ID!) { memoryConcepts(id: $id) { id name kind category memoryCount } }`;
const SEARCH = `query ($query: String!, $limit: Int, $filters: MemorySearchFilters) {
  memorySearch(query: $query, limit: $limit, filters: $filters) {
    count query strategy
    results { score memory { id text category } scores { semantic keyword fused importance recency conceptMatch timeMatch final reasons } }
  } }`;
const STATS = `{ memoryStats { memoryCount avgImportance oldestTimestamp conceptCount relationCount } }`;
const GRAPH = `query ($maxNodes: Int) { memoryGraph(maxNodes: $maxNodes) { truncated concepts { id name kind category memoryCount } relations { source target weight kind } } }`;
const CONCEPT_MEMORIES = `query ($conceptId: ID!) { conceptMemories(conceptId: $conceptId) { totalCount count memories { id text } } }`;

interface MemoryResult {
  id: string;
  text: string;
  importance: number;
  category: string | null;
  source: string;
  metadata: string;
  version: number;
}
interface ListResult {
  memories: {
    limit: number;
    offset: number;
    count: number;
    totalCount: number;
    sort: string;
    memories: MemoryResult[];
  };
}
interface SearchResult {
  memorySearch: {
    count: number;
    query: string;
    strategy: string;
    results: Array<{
      score: number;
      memory: { id: string; text: string; category: string | null };
      scores: { final: number; importance: number; recency: number; reasons: string[] };
    }>;
  };
}
interface Concept {
  id: string;
  name: string;
  kind: string;
  category: string | null;
  memoryCount: number;
}

let sequence = 0;
const anEmail = () => `memories-${Date.now().toString(36)}-${++sequence}@example.com`;

/** The Memories screen's GraphQL API, end to end through the BFF and the memory service in one process. */
describe('BFF memories over GraphQL (standalone)', () => {
  const product = useStandalone('bff-memories', { SIGN_UPS_PER_ADDRESS_PER_HOUR: '100' });

  const signedIn = async (): Promise<GraphqlBrowser> =>
    (await signUpOverGraphql(product.url, { email: anEmail(), password: 'correct horse 1', name: 'Ada' }))
      .browser;

  async function create(
    browser: GraphqlBrowser,
    input: { text: string; category?: string | null; importance?: number },
  ): Promise<MemoryResult> {
    const result = await browser.request<{ createMemory: MemoryResult }>(CREATE, { input });
    expect(result.errors).toBeUndefined();
    return result.data!.createMemory;
  }

  it('creates a memory with the defaults and reads it back', async () => {
    const browser = await signedIn();
    const created = await create(browser, { text: 'I moved to Lisbon in March for a new job at Acme.' });
    expect(created).toMatchObject({
      text: 'I moved to Lisbon in March for a new job at Acme.',
      importance: 0.5,
      category: null,
      source: 'memory',
      version: 1,
    });
    expect(JSON.parse(created.metadata)).toEqual(expect.any(Object));

    const read = await browser.request<{ memory: MemoryResult }>(GET, { id: created.id });
    expect(read.data!.memory).toMatchObject({ id: created.id, text: created.text });
  });

  it('lists a page with totals, sorts by importance, recent and oldest, and filters by category', async () => {
    const browser = await signedIn();
    const low = await create(browser, {
      text: 'I like green tea in the morning.',
      category: 'preference',
      importance: 0.2,
    });
    const high = await create(browser, {
      text: 'My sister Maria lives in Porto.',
      category: 'personal',
      importance: 0.9,
    });
    const mid = await create(browser, {
      text: 'The quarterly report is due on Friday.',
      category: 'work',
      importance: 0.6,
    });

    const ids = async (variables: Record<string, unknown>) =>
      (await browser.request<ListResult>(LIST, variables)).data!.memories.memories.map((m) => m.id);

    const page = (await browser.request<ListResult>(LIST, {})).data!.memories;
    expect(page).toMatchObject({
      limit: MemoryScreenLimits.memoriesPage,
      offset: 0,
      count: 3,
      totalCount: 3,
      sort: 'recent',
    });
    await expect(ids({ sort: 'importance' })).resolves.toEqual([high.id, mid.id, low.id]);
    await expect(ids({ sort: 'oldest' })).resolves.toEqual([low.id, high.id, mid.id]);
    await expect(ids({ sort: 'recent' })).resolves.toEqual([mid.id, high.id, low.id]);
    await expect(ids({ category: 'work' })).resolves.toEqual([mid.id]);
    await expect(ids({ source: 'memory', sort: 'oldest' })).resolves.toEqual([low.id, high.id, mid.id]);
    await expect(ids({ source: 'chat' })).resolves.toEqual([]);

    const second = (await browser.request<ListResult>(LIST, { limit: 2, offset: 2, sort: 'oldest' })).data!
      .memories;
    expect(second).toMatchObject({ limit: 2, offset: 2, count: 1, totalCount: 3 });
    expect(second.memories.map((m) => m.id)).toEqual([mid.id]);
  });

  it('refuses bad input with BAD_USER_INPUT and the contract texts, and stores nothing', async () => {
    const browser = await signedIn();
    const empty = await browser.request(CREATE, { input: { text: '   ' } });
    expect(empty.errors?.[0]).toMatchObject({
      message: expect.stringContaining(MemoryMessages.textRequired),
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const importance = await browser.request(CREATE, { input: { text: 'valid text', importance: 1.5 } });
    expect(importance.errors?.[0]).toMatchObject({
      message: expect.stringContaining(MemoryMessages.importanceRange),
      extensions: { code: 'BAD_USER_INPUT' },
    });
    // A category the account does not have is refused by the memory service, naming it.
    const category = await browser.request(CREATE, { input: { text: 'valid text', category: 'hobby' } });
    expect(category.errors?.[0]).toMatchObject({
      message: expect.stringContaining(MemoryMessages.unknownCategory('hobby')),
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const limit = await browser.request(LIST, { limit: 0 });
    expect(limit.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');

    const stats = await browser.request<{ memoryStats: { memoryCount: number } }>(STATS);
    expect(stats.data!.memoryStats.memoryCount).toBe(0);
  });

  it('updates only the fields given, keeps the history, clears the category with null', async () => {
    const browser = await signedIn();
    const created = await create(browser, { text: 'I work at Initech.', category: 'work', importance: 0.4 });

    const importance = await browser.request<{ updateMemory: MemoryResult }>(UPDATE, {
      id: created.id,
      input: { importance: 0.85 },
    });
    expect(importance.data!.updateMemory).toMatchObject({
      text: 'I work at Initech.',
      category: 'work',
      importance: 0.85,
      version: 2,
    });
    const text = await browser.request<{ updateMemory: MemoryResult }>(UPDATE, {
      id: created.id,
      input: { text: 'I work at Globex now.', category: null },
    });
    expect(text.data!.updateMemory).toMatchObject({
      text: 'I work at Globex now.',
      category: null,
      importance: 0.85,
      version: 3,
    });

    const history = await browser.request<{
      memoryHistory: { memoryId: string; versions: Array<{ version: number; text: string; event: string }> };
    }>(HISTORY, { id: created.id });
    expect(history.data!.memoryHistory.memoryId).toBe(created.id);
    const versions = history.data!.memoryHistory.versions;
    expect(versions[0]).toMatchObject({ version: 1, text: 'I work at Initech.', event: 'created' });
    expect(versions.at(-1)).toMatchObject({ version: 3, text: 'I work at Globex now.' });
  });

  it('deletes a memory with a receipt; it is gone afterwards', async () => {
    const browser = await signedIn();
    const created = await create(browser, { text: 'Temporary note about the dentist appointment.' });
    const deleted = await browser.request<{
      deleteMemory: {
        memoryIds: string[];
        removed: Array<{ kind: string; count: number }>;
        deletedAt: string;
      };
    }>(DELETE, { id: created.id });
    expect(deleted.errors).toBeUndefined();
    expect(deleted.data!.deleteMemory.memoryIds).toEqual([created.id]);
    expect(deleted.data!.deleteMemory.removed).toContainEqual({ kind: 'memories', count: 1 });

    const again = await browser.request(GET, { id: created.id });
    expect(again.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const twice = await browser.request(DELETE, { id: created.id });
    expect(twice.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('searches with the score breakdown that explains each rank', async () => {
    const browser = await signedIn();
    await create(browser, {
      text: 'My favourite climbing gym is in Berlin Kreuzberg.',
      category: 'interest',
    });
    const target = await create(browser, {
      text: 'I adopted a beagle puppy named Biscuit.',
      category: 'personal',
      importance: 0.9,
    });
    await create(browser, { text: 'The team standup is at nine every weekday.', category: 'work' });

    const result = await browser.request<SearchResult>(SEARCH, { query: 'beagle puppy Biscuit', limit: 5 });
    expect(result.errors).toBeUndefined();
    const search = result.data!.memorySearch;
    expect(search.query).toBe('beagle puppy Biscuit');
    expect(search.results[0]!.memory.id).toBe(target.id);
    expect(search.results[0]!.scores).toMatchObject({ importance: 0.9, final: search.results[0]!.score });
    expect(search.results[0]!.scores.reasons.length).toBeGreaterThan(0);

    const filtered = await browser.request<SearchResult>(SEARCH, {
      query: 'beagle puppy Biscuit',
      filters: { category: 'work' },
    });
    expect(filtered.data!.memorySearch.results.map((r) => r.memory.id)).not.toContain(target.id);
  });

  it('counts stats and draws the concept graph; a concept lists its memories', async () => {
    const browser = await signedIn();
    const paris = await create(browser, {
      text: 'Alice Johnson moved to Paris to work for Google.',
      category: 'work',
    });
    await create(browser, { text: 'Alice Johnson visited Paris again in June.', category: 'personal' });

    // A read of concept data waits for its scope's linking only up to a bound (1.5 s): on a loaded machine the
    // concept thread's first start can take longer, so the stats are read again until the concepts are in.
    const readStats = async () =>
      (
        await browser.request<{
          memoryStats: { memoryCount: number; avgImportance: number; conceptCount: number };
        }>(STATS)
      ).data!.memoryStats;
    let stats = await readStats();
    for (const deadline = Date.now() + 30_000; stats.conceptCount === 0 && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      stats = await readStats();
    }
    expect(stats).toMatchObject({ memoryCount: 2, avgImportance: 0.5 });
    expect(stats.conceptCount).toBeGreaterThan(0);

    const graph = (
      await browser.request<{
        memoryGraph: {
          truncated: boolean;
          concepts: Concept[];
          relations: Array<{ source: string; target: string }>;
        };
      }>(GRAPH, { maxNodes: 100 })
    ).data!.memoryGraph;
    expect(graph.concepts.length).toBe(stats.conceptCount);
    const ids = new Set(graph.concepts.map((c) => c.id));
    for (const relation of graph.relations) {
      expect(ids.has(relation.source) && ids.has(relation.target)).toBe(true);
    }
    const paired = graph.concepts.find((c) => /paris/i.test(c.name));
    expect(paired).toBeDefined();
    const linked = await browser.request<{
      conceptMemories: { totalCount: number; memories: Array<{ id: string }> };
    }>(CONCEPT_MEMORIES, { conceptId: paired!.id });
    expect(linked.data!.conceptMemories.memories.map((m) => m.id)).toContain(paris.id);

    const concepts = await browser.request<{ memoryConcepts: Concept[] }>(CONCEPTS, { id: paris.id });
    expect(concepts.errors).toBeUndefined();
    expect(concepts.data!.memoryConcepts.map((c) => c.id)).toContain(paired!.id);
  });

  it("never reaches another user's memories: every operation on a foreign id is NOT_FOUND and changes nothing", async () => {
    const owner = await signedIn();
    const intruder = await signedIn();
    const secret = await create(owner, {
      text: 'My bank PIN hint is the year of the moon landing.',
      category: 'personal',
    });

    const attempts: Array<[string, Record<string, unknown>]> = [
      [GET, { id: secret.id }],
      [HISTORY, { id: secret.id }],
      [CONCEPTS, { id: secret.id }],
      [UPDATE, { id: secret.id, input: { text: 'overwritten' } }],
      [DELETE, { id: secret.id }],
    ];
    for (const [query, variables] of attempts) {
      const result = await intruder.request(query, variables);
      expect({ query, code: result.errors?.[0]?.extensions?.code, data: result.data }).toEqual({
        query,
        code: 'NOT_FOUND',
        data: null,
      });
    }
    const list = (await intruder.request<ListResult>(LIST, {})).data!.memories;
    expect(list.totalCount).toBe(0);
    const search = (await intruder.request<SearchResult>(SEARCH, { query: 'bank PIN moon landing' })).data!
      .memorySearch;
    expect(search.results).toEqual([]);
    const stats = (await intruder.request<{ memoryStats: { memoryCount: number } }>(STATS)).data!.memoryStats;
    expect(stats.memoryCount).toBe(0);

    const untouched = await owner.request<{ memory: MemoryResult }>(GET, { id: secret.id });
    expect(untouched.data!.memory).toMatchObject({ text: secret.text, version: 1 });
  });

  it('lists, searches and counts one end user’s (agent’s, run’s) memories with the scope arguments, never another’s', async () => {
    const { browser: owner, userId } = await signUpOverGraphql(product.url, {
      email: anEmail(),
      password: 'correct horse 1',
      name: 'Ada',
    });
    const bus = product.app.get(BusClient);
    const store = (text: string, scope: Record<string, string>) =>
      bus.request(MemorySubjects.create, { text, ...scope }, { userId });
    await store('Own note: the account owner likes sailing.', {});
    await store('Dana lives in Lisbon and likes sailing.', { endUserId: 'dana' });
    await store('Dana prefers email, says the support agent.', { endUserId: 'dana', agentId: 'support' });
    await store('Erik likes sailing on weekends.', { endUserId: 'erik' });
    const SCOPED_LIST = `query ($endUserId: String, $agentId: String, $runId: String) {
      memories(endUserId: $endUserId, agentId: $agentId, runId: $runId) { totalCount memories { text } } }`;
    const SCOPED_SEARCH = `query ($query: String!, $endUserId: String, $agentId: String) {
      memorySearch(query: $query, endUserId: $endUserId, agentId: $agentId, threshold: 0) { results { memory { text } } } }`;
    const SCOPED_STATS = `query ($endUserId: String, $agentId: String) {
      memoryStats(endUserId: $endUserId, agentId: $agentId) { memoryCount } }`;
    const texts = async (variables: Record<string, unknown>) =>
      (await owner.request<ListResult>(SCOPED_LIST, variables))
        .data!.memories.memories.map((memory) => memory.text)
        .sort();

    expect(await texts({})).toEqual(['Own note: the account owner likes sailing.']);
    expect(await texts({ endUserId: 'dana' })).toEqual([
      'Dana lives in Lisbon and likes sailing.',
      'Dana prefers email, says the support agent.',
    ]);
    expect(await texts({ endUserId: 'dana', agentId: 'support' })).toEqual([
      'Dana prefers email, says the support agent.',
    ]);
    expect(await texts({ endUserId: 'nobody' })).toEqual([]);
    const found = (
      await owner.request<SearchResult>(SCOPED_SEARCH, { query: 'sailing', endUserId: 'dana' })
    ).data!.memorySearch.results.map((result) => result.memory.text);
    expect(found).toEqual(['Dana lives in Lisbon and likes sailing.']);
    const count = async (variables: Record<string, unknown>) =>
      (await owner.request<{ memoryStats: { memoryCount: number } }>(SCOPED_STATS, variables)).data!
        .memoryStats.memoryCount;
    expect(await count({ endUserId: 'dana' })).toBe(2);
    expect(await count({ endUserId: 'dana', agentId: 'support' })).toBe(1);
    expect(await count({})).toBe(1);

    // Another account naming the same end user reads its own (empty) scope, never the owner's.
    const intruder = await signedIn();
    const theirs = (await intruder.request<ListResult>(SCOPED_LIST, { endUserId: 'dana' })).data!.memories;
    expect(theirs.totalCount).toBe(0);
    const theirSearch = (
      await intruder.request<SearchResult>(SCOPED_SEARCH, { query: 'sailing', endUserId: 'dana' })
    ).data!.memorySearch.results;
    expect(theirSearch).toEqual([]);
    expect(
      (await intruder.request<{ memoryStats: { memoryCount: number } }>(SCOPED_STATS, { endUserId: 'dana' }))
        .data!.memoryStats.memoryCount,
    ).toBe(0);
    // A scope id longer than the limit is refused as bad input.
    const tooLong = await owner.request(SCOPED_LIST, { endUserId: 'x'.repeat(300) });
    expect(tooLong.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('refuses every memory operation without a session', async () => {
    const anonymous = new GraphqlBrowser(product.url);
    for (const query of [LIST, STATS, GRAPH]) {
      const result = await anonymous.request(query, {});
      expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    const created = await anonymous.request(CREATE, { input: { text: 'sneaky' } });
    expect(created.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  describe('custom categories', () => {
    const CATEGORIES = `{ customMemoryCategories { name description createdAt updatedAt } }`;
    const ADD = `mutation ($input: CreateMemoryCategoryInput!) { createMemoryCategory(input: $input) { name description } }`;
    const DESCRIBE = `mutation ($input: UpdateMemoryCategoryInput!) { updateMemoryCategory(input: $input) { name description } }`;
    const REMOVE = `mutation ($name: String!) { deleteMemoryCategory(name: $name) { name memoriesUncategorised } }`;
    const names = async (browser: GraphqlBrowser) =>
      (
        await browser.request<{ customMemoryCategories: Array<{ name: string; description: string }> }>(
          CATEGORIES,
        )
      ).data!.customMemoryCategories.map((c) => [c.name, c.description]);

    it('lists, adds, describes again and deletes them; memories carry, filter by and lose them', async () => {
      const browser = await signedIn();
      expect(await names(browser)).toEqual([]);
      const added = await browser.request(ADD, {
        input: { name: 'travel', description: 'Trips and hotels' },
      });
      expect(added.errors).toBeUndefined();
      const described = await browser.request(DESCRIBE, {
        input: { name: 'travel', description: 'Journeys' },
      });
      expect(described.data).toEqual({ updateMemoryCategory: { name: 'travel', description: 'Journeys' } });
      expect(await names(browser)).toEqual([['travel', 'Journeys']]);

      const trip = await create(browser, { text: 'Booked a ryokan in Kyoto.', category: 'travel' });
      expect(trip.category).toBe('travel');
      await create(browser, { text: 'Works at Initech.', category: 'work' });
      const listed = await browser.request<ListResult>(LIST, { category: 'travel' });
      expect(listed.data!.memories.memories.map((m) => m.id)).toEqual([trip.id]);
      const found = await browser.request<SearchResult>(SEARCH, {
        query: 'kyoto ryokan',
        filters: { category: 'travel' },
      });
      expect(found.data!.memorySearch.results.map((r) => r.memory.id)).toEqual([trip.id]);

      const removed = await browser.request(REMOVE, { name: 'travel' });
      expect(removed.data).toEqual({ deleteMemoryCategory: { name: 'travel', memoriesUncategorised: 1 } });
      const after = await browser.request<{ memory: MemoryResult }>(GET, { id: trip.id });
      expect(after.data!.memory.category).toBeNull();
    });

    it('refuses bad names with BAD_USER_INPUT and the contract texts, and changes nothing', async () => {
      const browser = await signedIn();
      for (const [input, message] of [
        [{ name: 'work', description: 'x' }, MemoryMessages.categoryNameReserved('work')],
        [{ name: 'My Trips', description: 'x' }, MemoryMessages.categoryNameFormat],
        [{ name: 'food', description: ' ' }, MemoryMessages.categoryDescriptionRequired],
      ] as const) {
        const answer = await browser.request(ADD, { input });
        expect(answer.errors?.[0]).toMatchObject({
          message: expect.stringContaining(message),
          extensions: { code: 'BAD_USER_INPUT' },
        });
      }
      expect(await names(browser)).toEqual([]);
    });

    it("never shows, changes, deletes or lends one account's categories to another", async () => {
      const owner = await signedIn();
      const other = await signedIn();
      await owner.request(ADD, { input: { name: 'secret', description: 'Owner only' } });
      expect(await names(other)).toEqual([]);
      const describe = await other.request(DESCRIBE, { input: { name: 'secret', description: 'taken' } });
      expect(describe.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      const remove = await other.request(REMOVE, { name: 'secret' });
      expect(remove.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      const use = await other.request(CREATE, { input: { text: 'x', category: 'secret' } });
      expect(use.errors?.[0]?.message).toContain(MemoryMessages.unknownCategory('secret'));
      expect(await names(owner)).toEqual([['secret', 'Owner only']]);
    });
  });
});
