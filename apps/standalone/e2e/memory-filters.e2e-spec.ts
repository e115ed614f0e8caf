import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { RetentionPurgeJob } from '@membolt/memory';
import { type ApiUser, expectError, newApiUser, ok, UNLIMITED_GATEWAY } from './support/memory-api.js';
import { useStandalone } from './support/standalone.js';

jest.setTimeout(120_000);

interface MemoryJson {
  id: string;
  text: string;
  category: string | null;
  end_user_id: string | null;
  agent_id: string | null;
  expiration_date: string | null;
}
interface SearchJson {
  results: MemoryJson[];
  count: number;
}
interface ReceiptJson {
  deleted: boolean;
  memory_ids: string[];
  removed: Record<string, number>;
  deleted_at: string;
}

const memoriesPath = (user: ApiUser) => `/api/user/${user.userId}/memories`;
const add = async (user: ApiUser, body: Record<string, unknown>): Promise<MemoryJson> =>
  ok<MemoryJson>(
    await user.call(memoriesPath(user), { method: 'POST', body: { dedupe: false, ...body } }),
    201,
  );
const listWith = async (user: ApiUser, params: Record<string, string>): Promise<string[]> =>
  ok<{ memories: MemoryJson[] }>(
    await user.call(`${memoriesPath(user)}?${new URLSearchParams({ limit: '100', ...params })}`),
  )
    .memories.map((m) => m.text)
    .sort();
const searchBody = (user: ApiUser, body: Record<string, unknown>, key?: string) =>
  user.call(`${memoriesPath(user)}/search`, { method: 'POST', body, ...(key ? { key } : {}) });
const texts = (answer: SearchJson): string[] => answer.results.map((m) => m.text).sort();

/**
 * Filters in Mem0's v2 syntax on list and search (GET and the POST search), `expiration_date`, and
 * deleting every memory of a scope, against the standalone product over HTTP.
 */
describe('REST memory API: filters, expiration, delete a scope', () => {
  const product = useStandalone('memory-filters', UNLIMITED_GATEWAY);
  let alice: ApiUser;
  let bob: ApiUser;

  beforeAll(async () => {
    alice = await newApiUser(product);
    bob = await newApiUser(product);
    await add(alice, {
      text: 'Tea with lemon every morning',
      category: 'preference',
      metadata: { topic: 'food', n: 3 },
    });
    await add(alice, {
      text: 'Tea meeting with the design team',
      category: 'work',
      metadata: { topic: 'Work', n: 7 },
    });
    await add(alice, {
      text: 'Tea in Kyoto was the best trip',
      metadata: { topic: 'travel', tags: ['japan', 'trip'] },
    });
    await add(alice, { end_user_id: 'carol', text: 'Tea is what carol drinks', metadata: { topic: 'food' } });
    await add(alice, { end_user_id: 'carol', agent_id: 'bot', text: 'Tea order placed by the bot' });
    await add(bob, { end_user_id: 'carol', text: 'Tea for the other carol', metadata: { topic: 'food' } });
  });

  it('lists with a filters query parameter (AND / OR / NOT, operators, metadata, categories)', async () => {
    const filters = (json: unknown) => ({ filters: JSON.stringify(json) });
    expect(await listWith(alice, filters({ metadata: { topic: 'food' } }))).toEqual([
      'Tea with lemon every morning',
    ]);
    expect(
      await listWith(alice, filters({ OR: [{ categories: { in: ['work'] } }, { 'metadata.n': { lt: 5 } }] })),
    ).toEqual(['Tea meeting with the design team', 'Tea with lemon every morning']);
    expect(await listWith(alice, filters({ NOT: [{ categories: '*' }] }))).toEqual([
      'Tea in Kyoto was the best trip',
    ]);
    expect(await listWith(alice, filters({ 'metadata.topic': { icontains: 'WOR' } }))).toEqual([
      'Tea meeting with the design team',
    ]);
    expect(await listWith(alice, filters({ 'metadata.tags': { contains: 'japan' } }))).toEqual([
      'Tea in Kyoto was the best trip',
    ]);
    expect(
      await listWith(alice, filters({ created_at: { gte: '2000-01-01' }, 'metadata.n': { gt: 5 } })),
    ).toEqual(['Tea meeting with the design team']);
  });

  it('a top-level user_id names the end user; a filter never reaches another account or end user', async () => {
    expect(await listWith(alice, { filters: JSON.stringify({ user_id: 'carol' }) })).toEqual([
      'Tea is what carol drinks',
      'Tea order placed by the bot',
    ]);
    expect(
      await listWith(alice, {
        filters: JSON.stringify({ AND: [{ user_id: 'carol' }, { agent_id: 'bot' }] }),
      }),
    ).toEqual(['Tea order placed by the bot']);
    // The route names dana: a filter naming carol matches nothing (never widens the scope).
    expect(
      await listWith(alice, { end_user_id: 'dana', filters: JSON.stringify({ user_id: 'carol' }) }),
    ).toEqual([]);
    // Bob's carol is his own end user: Alice's carol is never seen from his key.
    expect(await listWith(bob, { filters: JSON.stringify({ user_id: 'carol' }) })).toEqual([
      'Tea for the other carol',
    ]);
    const searched = ok<SearchJson>(
      await searchBody(bob, {
        query: 'tea',
        filters: { user_id: 'carol', 'metadata.topic': 'food' },
        top_k: 10,
      }),
    );
    expect(texts(searched)).toEqual(['Tea for the other carol']);
    // Another key on Alice's routes is refused outright.
    expectError(
      await searchBody(alice, { query: 'tea', filters: { user_id: 'carol' } }, bob.key),
      403,
      'api_key_foreign_user',
      'This API key does not belong to this user.',
    );
    expectError(
      await bob.call(`${memoriesPath(alice)}?filters=${encodeURIComponent('{"user_id":"carol"}')}`),
      403,
      'api_key_foreign_user',
      'This API key does not belong to this user.',
    );
  });

  it('searches by GET and POST with filters, top_k and a threshold', async () => {
    const byPost = ok<SearchJson>(
      await searchBody(alice, {
        query: 'tea',
        filters: { OR: [{ categories: 'work' }, { 'metadata.topic': 'travel' }] },
        top_k: 5,
      }),
    );
    expect(texts(byPost)).toEqual(['Tea in Kyoto was the best trip', 'Tea meeting with the design team']);
    const params = new URLSearchParams({
      query: 'tea',
      filters: JSON.stringify({ categories: 'preference' }),
    });
    const byGet = ok<SearchJson>(await alice.call(`/api/user/${alice.userId}/search?${params}`));
    expect(texts(byGet)).toEqual(['Tea with lemon every morning']);
    const none = ok<SearchJson>(
      await searchBody(alice, {
        query: 'quantum chromodynamics',
        threshold: 0.5,
        filters: { categories: 'work' },
      }),
    );
    expect(none.results).toEqual([]);
    expectError(
      await searchBody(alice, { query: 'tea', limit: 3, top_k: 4 }),
      400,
      'validation_error',
      'limit and top_k differ: give one of them',
    );
  });

  it('refuses bad filters with 400 naming the bad part', async () => {
    const before = await listWith(alice, {});
    expectError(
      await alice.call(
        `${memoriesPath(alice)}?filters=${encodeURIComponent('{"AND":[{"user_id":"a"},{"created_at":{"gtx":"2024-01-01"}}]}')}`,
      ),
      400,
      'validation_error',
      /filters\.AND\[1\]\.created_at: unknown operator "gtx"/,
    );
    expectError(
      await alice.call(`${memoriesPath(alice)}?filters=${encodeURIComponent('{not json')}`),
      400,
      'validation_error',
      /filters: must be a JSON object/,
    );
    expectError(
      await searchBody(alice, { query: 'tea', filters: { colour: 'red' } }),
      400,
      'validation_error',
      /filters\.colour: unknown field/,
    );
    expectError(
      await searchBody(alice, { query: 'tea', filters: { created_at: { gte: 'yesterday' } } }),
      400,
      'validation_error',
      /filters\.created_at\.gte: must be an ISO 8601 date/,
    );
    expect(await listWith(alice, {})).toEqual(before);
  });

  it('expiration_date: hidden from get, list and search after it (also when set by update), deleted by the sweep', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const gone = await add(alice, {
      end_user_id: 'erin',
      text: 'Coffee voucher code 1234',
      expiration_date: past,
    });
    expect(gone.expiration_date).toBe(past);
    const kept = await add(alice, {
      end_user_id: 'erin',
      text: 'Coffee beans from Ethiopia',
      expiration_date: future,
    });
    const scope = 'end_user_id=erin';
    expectError(
      await alice.call(`${memoriesPath(alice)}/${gone.id}?${scope}`),
      404,
      'not_found',
      'Memory not found',
    );
    expect(await listWith(alice, { end_user_id: 'erin' })).toEqual(['Coffee beans from Ethiopia']);
    const found = ok<SearchJson>(
      await searchBody(alice, { query: 'coffee voucher code', end_user_id: 'erin' }),
    );
    expect(found.results.map((m) => m.id)).toEqual([kept.id]);
    // Expiring the other one by update hides it too; clearing the expiration brings it back.
    ok(
      await alice.call(`${memoriesPath(alice)}/${kept.id}?${scope}`, {
        method: 'PUT',
        body: { expiration_date: past },
      }),
    );
    expect(await listWith(alice, { end_user_id: 'erin' })).toEqual([]);
    expectError(
      await alice.call(`${memoriesPath(alice)}/${kept.id}?${scope}`, {
        method: 'PUT',
        body: { expiration_date: null },
      }),
      404,
      'not_found',
      'Memory not found',
    );
    // The retention purge removes the expired memories of the account, whatever its plan.
    const purge = product.app.get(RetentionPurgeJob);
    const result = await purge.purge(alice.userId);
    expect(result.deleted).toBeGreaterThanOrEqual(2);
    const exported = await alice.call(`${memoriesPath(alice)}/export?${scope}`);
    expect(exported.text.trim()).toBe('');
    expectError(
      await alice.call(memoriesPath(alice), { method: 'POST', body: { text: 'x', expiration_date: 'soon' } }),
      400,
      'validation_error',
      'expiration_date must be an ISO 8601 date-time',
    );
  });

  it('deletes every memory of an end user, an agent or a run with one receipt; other scopes stay', async () => {
    await add(alice, { end_user_id: 'frank', text: 'Frank plays chess' });
    await add(alice, { end_user_id: 'frank', run_id: 'r1', text: 'Frank asked about openings' });
    await add(alice, { agent_id: 'helper', text: 'The helper agent note' });
    const ownBefore = await listWith(alice, {});

    expectError(
      await alice.call(memoriesPath(alice), { method: 'DELETE' }),
      400,
      'validation_error',
      /at least one/,
    );
    expectError(
      await bob.call(`${memoriesPath(alice)}?end_user_id=frank`, { method: 'DELETE' }),
      403,
      'api_key_foreign_user',
      'This API key does not belong to this user.',
    );
    // Bob deleting his own "frank" (none) removes nothing of Alice's.
    expect(
      ok<ReceiptJson>(await bob.call(`${memoriesPath(bob)}?end_user_id=frank`, { method: 'DELETE' }))
        .memory_ids,
    ).toEqual([]);

    const run = ok<ReceiptJson>(
      await alice.call(`${memoriesPath(alice)}?end_user_id=frank&run_id=r1`, { method: 'DELETE' }),
    );
    expect(run).toMatchObject({ deleted: true, removed: { memories: 1 } });
    expect(await listWith(alice, { end_user_id: 'frank' })).toEqual(['Frank plays chess']);

    const agent = ok<ReceiptJson>(
      await alice.call(`${memoriesPath(alice)}?agent_id=helper`, { method: 'DELETE' }),
    );
    expect(agent.memory_ids).toHaveLength(1);
    expect(await listWith(alice, {})).toEqual(ownBefore.filter((text) => text !== 'The helper agent note'));

    const user = ok<ReceiptJson>(
      await alice.call(`${memoriesPath(alice)}?end_user_id=frank`, { method: 'DELETE' }),
    );
    expect(user).toMatchObject({ deleted: true, removed: { memories: 1 } });
    expect(await listWith(alice, { end_user_id: 'frank' })).toEqual([]);
    expect(await listWith(alice, { end_user_id: 'carol' })).toHaveLength(2);
    expect(await listWith(bob, { end_user_id: 'carol' })).toEqual(['Tea for the other carol']);
  });
});
