import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MemoryMessages } from '@membolt/contracts';
import { type ApiUser, expectError, newApiUser, ok, UNLIMITED_GATEWAY } from './support/memory-api.js';
import { useStandalone } from './support/standalone.js';

jest.setTimeout(120_000);

interface CategoryJson {
  name: string;
  description: string;
  created_at: string;
  updated_at: string;
}

interface MemoryJson {
  id: string;
  text: string;
  category: string | null;
}

/**
 * Custom memory categories over REST (decision 159) through the real standalone product: the routes, the
 * category on every write path and filter, 400s naming the rule, and no account reaching another's.
 */
describe('REST custom categories: /api/user/{userId}/categories', () => {
  // Three lines are queued as a durable import: the category check must happen before anything is queued.
  const product = useStandalone('memory-categories', {
    ...UNLIMITED_GATEWAY,
    GATEWAY_IMPORT_SYNC_LINES: '2',
  });
  let owner: ApiUser;
  let other: ApiUser;

  beforeAll(async () => {
    owner = await newApiUser(product);
    other = await newApiUser(product);
  });

  const categories = (user: ApiUser) => `/api/user/${user.userId}/categories`;
  const memories = (user: ApiUser) => `/api/user/${user.userId}/memories`;
  const listCategories = async (user: ApiUser) =>
    ok<{ categories: CategoryJson[]; built_in: string[] }>(await user.call(categories(user)));
  const addCategory = async (user: ApiUser, name: string, description: string) =>
    ok<CategoryJson>(await user.call(categories(user), { method: 'POST', body: { name, description } }), 201);
  const create = async (user: ApiUser, body: Record<string, unknown>) =>
    ok<MemoryJson>(await user.call(memories(user), { method: 'POST', body }), 201);
  const totalOf = async (user: ApiUser) =>
    ok<{ total_count: number }>(await user.call(memories(user))).total_count;

  it('adds, lists, describes again and deletes a category; its memories become uncategorised', async () => {
    const user = await newApiUser(product);
    expect(await listCategories(user)).toEqual({
      categories: [],
      built_in: ['personal', 'work', 'preference', 'interest'],
    });
    const travel = await addCategory(user, 'travel', 'Trips, flights and places visited');
    expect(Object.keys(travel).sort()).toEqual(['created_at', 'description', 'name', 'updated_at']);
    expect(travel).toMatchObject({ name: 'travel', description: 'Trips, flights and places visited' });

    const described = ok<CategoryJson>(
      await user.call(`${categories(user)}/travel`, { method: 'PUT', body: { description: 'Journeys' } }),
    );
    expect(described).toMatchObject({ name: 'travel', description: 'Journeys' });
    expect((await listCategories(user)).categories.map((c) => [c.name, c.description])).toEqual([
      ['travel', 'Journeys'],
    ]);

    const trip = await create(user, { text: 'Flew to Kyoto in May', category: 'travel' });
    expect(trip.category).toBe('travel');
    const filtered = ok<{ memories: MemoryJson[] }>(await user.call(`${memories(user)}?category=travel`));
    expect(filtered.memories.map((m) => m.id)).toEqual([trip.id]);

    expect(ok(await user.call(`${categories(user)}/travel`, { method: 'DELETE' }))).toEqual({
      name: 'travel',
      memories_uncategorised: 1,
    });
    expect(ok<MemoryJson>(await user.call(`${memories(user)}/${trip.id}`)).category).toBeNull();
    expectError(
      await user.call(`${categories(user)}/travel`, { method: 'DELETE' }),
      404,
      'not_found',
      MemoryMessages.categoryNotFound,
    );
    expectError(
      await user.call(memories(user), { method: 'POST', body: { text: 'x', category: 'travel' } }),
      400,
      'validation_error',
      MemoryMessages.unknownCategory('travel'),
    );
  });

  describe('bad input: 400 (or 409) naming the rule, and nothing changes', () => {
    beforeAll(async () => {
      await addCategory(owner, 'health', 'Doctors, sport and sleep');
    });

    it.each([
      ['a built-in name', { name: 'work', description: 'x' }, MemoryMessages.categoryNameReserved('work')],
      ['none', { name: 'none', description: 'x' }, MemoryMessages.categoryNameReserved('none')],
      ['capitals and spaces', { name: 'My Trips', description: 'x' }, MemoryMessages.categoryNameFormat],
      [
        'a name over 40 characters',
        { name: 'a'.repeat(41), description: 'x' },
        MemoryMessages.categoryNameFormat,
      ],
      ['no name', { description: 'x' }, MemoryMessages.categoryNameFormat],
      ['no description', { name: 'food' }, MemoryMessages.categoryDescriptionRequired],
      [
        'a blank description',
        { name: 'food', description: '   ' },
        MemoryMessages.categoryDescriptionRequired,
      ],
      [
        'a description over 300 characters',
        { name: 'food', description: 'x'.repeat(301) },
        MemoryMessages.categoryDescriptionTooLong,
      ],
      ['an unknown field', { name: 'food', description: 'x', colour: 'red' }, 'colour should not exist'],
    ])('POST with %s', async (_case, body, message) => {
      expectError(
        await owner.call(categories(owner), { method: 'POST', body }),
        400,
        'validation_error',
        message,
      );
      expect((await listCategories(owner)).categories.map((c) => c.name)).toEqual(['health']);
    });

    it('POST of a name the account holds is a conflict', async () => {
      expectError(
        await owner.call(categories(owner), {
          method: 'POST',
          body: { name: 'health', description: 'again' },
        }),
        409,
        'conflict',
        MemoryMessages.categoryExists('health'),
      );
      expect((await listCategories(owner)).categories[0]?.description).toBe('Doctors, sport and sleep');
    });

    it('PUT with a bad description or an unknown name', async () => {
      expectError(
        await owner.call(`${categories(owner)}/health`, { method: 'PUT', body: { description: '' } }),
        400,
        'validation_error',
        MemoryMessages.categoryDescriptionRequired,
      );
      expectError(
        await owner.call(`${categories(owner)}/garden`, { method: 'PUT', body: { description: 'Plants' } }),
        404,
        'not_found',
        MemoryMessages.categoryNotFound,
      );
      expect((await listCategories(owner)).categories[0]?.description).toBe('Doctors, sport and sleep');
    });

    it('every write path refuses a category the account does not have, naming it', async () => {
      const before = await totalOf(owner);
      const unknown = MemoryMessages.unknownCategory('hobby');
      const kept = await create(owner, { text: 'Runs on Sundays', category: 'health' });
      const calls: Array<[string, Parameters<ApiUser['call']>[1]]> = [
        [memories(owner), { method: 'POST', body: { text: 'x', category: 'hobby' } }],
        [
          `${memories(owner)}/batch`,
          { method: 'POST', body: { memories: [{ text: 'x' }, { text: 'y', category: 'hobby' }] } },
        ],
        [`${memories(owner)}/${kept.id}`, { method: 'PUT', body: { category: 'hobby' } }],
        [
          `${memories(owner)}/import`,
          {
            raw: {
              text: '{"text":"a"}\n{"text":"b"}\n{"text":"c","category":"hobby"}\n',
              contentType: 'application/x-ndjson',
            },
            method: 'POST',
          },
        ],
        [`${memories(owner)}?category=hobby`, { method: 'GET' }],
        [`/api/user/${owner.userId}/search?query=x&category=hobby`, { method: 'GET' }],
      ];
      for (const [path, init] of calls)
        expectError(await owner.call(path, init), 400, 'validation_error', unknown);
      expect(await totalOf(owner)).toBe(before + 1);
      expect(ok<MemoryJson>(await owner.call(`${memories(owner)}/${kept.id}`)).category).toBe('health');
    });

    it('refuses a 51st category', async () => {
      const user = await newApiUser(product);
      for (let i = 0; i < 50; i++) await addCategory(user, `c${i}`, `category ${i}`);
      expectError(
        await user.call(categories(user), { method: 'POST', body: { name: 'one-more', description: 'x' } }),
        400,
        'validation_error',
        MemoryMessages.tooManyCategories,
      );
      expect((await listCategories(user)).categories).toHaveLength(50);
    });
  });

  it('accepts the custom name on batch, import (queued too) and update, and filters search by it', async () => {
    const user = await newApiUser(product);
    await addCategory(user, 'travel', 'Trips');
    const batch = ok<{ memories: MemoryJson[] }>(
      await user.call(`${memories(user)}/batch`, {
        method: 'POST',
        body: { memories: [{ text: 'Booked a ryokan in Kyoto', category: 'travel' }, { text: 'Likes tea' }] },
      }),
      201,
    );
    expect(batch.memories.map((m) => m.category)).toEqual(['travel', null]);
    const tea = batch.memories[1]!;
    expect(
      ok<MemoryJson>(
        await user.call(`${memories(user)}/${tea.id}`, { method: 'PUT', body: { category: 'travel' } }),
      ).category,
    ).toBe('travel');
    const queued = await user.call(`${memories(user)}/import`, {
      method: 'POST',
      raw: {
        text: '{"text":"Visited Nara"}\n{"text":"Train to Osaka","category":"travel"}\n{"text":"Deer"}\n',
        contentType: 'application/x-ndjson',
      },
    });
    expect(queued.status).toBe(202);
    const search = ok<{ results: MemoryJson[] }>(
      await user.call(`/api/user/${user.userId}/search?query=kyoto&category=travel`),
    );
    expect(search.results.map((r) => r.text)).toContain('Booked a ryokan in Kyoto');
  });

  it("learning from messages (offline rules) files a fact under the account's custom category that fits it", async () => {
    const hiker = await newApiUser(product);
    await addCategory(hiker, 'outdoors', 'Hiking, climbing and camping');
    const said = { messages: [{ role: 'user', content: 'I love hiking in the Alps.' }] };
    const learnt = ok<{ results: Array<{ memory: MemoryJson }>; extracted_by: string }>(
      await hiker.call(memories(hiker), { method: 'POST', body: said }),
      201,
    );
    expect(learnt.extracted_by).toBe('rules');
    expect(learnt.results.map((r) => [r.memory.text, r.memory.category])).toEqual([
      ['User likes hiking in the Alps.', 'outdoors'],
    ]);
    // Another account, without that category: the rules' built-in one.
    const other = await newApiUser(product);
    const plain = ok<{ results: Array<{ memory: MemoryJson }> }>(
      await other.call(memories(other), { method: 'POST', body: said }),
      201,
    );
    expect(plain.results.map((r) => r.memory.category)).toEqual(['preference']);
  });

  it('another account never sees, changes, deletes or uses the categories of the owner', async () => {
    await addCategory(owner, 'secret-project', 'Only the owner');
    expect((await listCategories(other)).categories.map((c) => c.name)).not.toContain('secret-project');
    expectError(
      await other.call(`${categories(other)}/secret-project`, {
        method: 'PUT',
        body: { description: 'taken' },
      }),
      404,
      'not_found',
      MemoryMessages.categoryNotFound,
    );
    expectError(
      await other.call(`${categories(other)}/secret-project`, { method: 'DELETE' }),
      404,
      'not_found',
      MemoryMessages.categoryNotFound,
    );
    expectError(
      await other.call(memories(other), { method: 'POST', body: { text: 'x', category: 'secret-project' } }),
      400,
      'validation_error',
      MemoryMessages.unknownCategory('secret-project'),
    );
    // The owner's routes with the other account's key: refused by the key's owner check.
    expectError(await other.call(categories(owner)), 403, 'api_key_foreign_user', /./);
    for (const [path, init] of [
      [categories(owner), { method: 'POST', body: { name: 'planted', description: 'x' } }],
      [`${categories(owner)}/secret-project`, { method: 'PUT', body: { description: 'taken' } }],
      [`${categories(owner)}/secret-project`, { method: 'DELETE' }],
    ] as const) {
      expect((await other.call(path, init)).status).toBe(403);
    }
    const held = (await listCategories(owner)).categories;
    expect(held.find((c) => c.name === 'secret-project')).toMatchObject({ description: 'Only the owner' });
    expect(held.map((c) => c.name)).not.toContain('planted');
  });
});
