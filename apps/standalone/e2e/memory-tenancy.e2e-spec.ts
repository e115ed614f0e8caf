import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MemoryMessages } from '@membolt/contracts';
import { type ApiUser, expectError, newApiUser, ok, UNLIMITED_GATEWAY } from './support/memory-api.js';
import { useStandalone } from './support/standalone.js';

jest.setTimeout(120_000);

interface MemoryJson {
  id: string;
  text: string;
  version: number;
  end_user_id: string | null;
}

const FOREIGN_KEY_MESSAGE = 'This API key does not belong to this user.';

/**
 * No request reaches another user's data: user B's key on A's paths is refused (403) for every route, A's
 * memory ids under B's own path are not found (404), and an end user of an account never sees another's.
 */
describe('REST memory API: tenancy', () => {
  const product = useStandalone('memory-tenancy', UNLIMITED_GATEWAY);
  let alice: ApiUser;
  let bob: ApiUser;
  let aliceMemory: MemoryJson;

  beforeAll(async () => {
    alice = await newApiUser(product);
    bob = await newApiUser(product);
    aliceMemory = ok<MemoryJson>(
      await alice.call(`/api/user/${alice.userId}/memories`, {
        method: 'POST',
        body: { text: 'Alice keeps her spare key under the blue flowerpot.', importance: 0.9 },
      }),
      201,
    );
    ok(
      await alice.call(`/api/user/${alice.userId}/memories`, {
        method: 'POST',
        body: { text: 'Alice tells customer X about the flowerpot.', end_user_id: 'X' },
      }),
      201,
    );
  });

  /** Every route under /api/user/{userId}/..., as (method, path of user `u`, body). */
  const routesOf = (
    userId: string,
    memoryId: string,
  ): Array<{ method: string; path: string; body?: unknown; raw?: { text: string; contentType: string } }> => {
    const base = `/api/user/${userId}`;
    return [
      { method: 'POST', path: `${base}/memories`, body: { text: 'planted by someone else' } },
      { method: 'GET', path: `${base}/memories` },
      {
        method: 'POST',
        path: `${base}/memories/batch`,
        body: { memories: [{ text: 'planted in a batch' }] },
      },
      { method: 'GET', path: `${base}/memories/export` },
      {
        method: 'POST',
        path: `${base}/memories/import`,
        raw: { text: '{"text":"planted by import"}\n', contentType: 'application/x-ndjson' },
      },
      { method: 'GET', path: `${base}/memories/${memoryId}` },
      { method: 'PUT', path: `${base}/memories/${memoryId}`, body: { text: 'overwritten by someone else' } },
      { method: 'GET', path: `${base}/memories/${memoryId}/history` },
      { method: 'DELETE', path: `${base}/memories/${memoryId}` },
      { method: 'GET', path: `${base}/search?query=flowerpot` },
      { method: 'GET', path: `${base}/memory_stats` },
      { method: 'GET', path: `${base}/end_users` },
      { method: 'DELETE', path: `${base}/end_users/X` },
      { method: 'POST', path: `${base}/create`, body: {} },
    ];
  };

  const expectAliceUntouched = async () => {
    const memory = ok<MemoryJson>(await alice.call(`/api/user/${alice.userId}/memories/${aliceMemory.id}`));
    expect(memory).toMatchObject({ text: aliceMemory.text, version: 1 });
    const list = ok<{ memories: MemoryJson[]; total_count: number }>(
      await alice.call(`/api/user/${alice.userId}/memories?limit=100`),
    );
    expect(list.memories.map((item) => item.text)).toEqual([aliceMemory.text]);
    const customer = ok<{ total_count: number }>(
      await alice.call(`/api/user/${alice.userId}/memories?end_user_id=X`),
    );
    expect(customer.total_count).toBe(1);
  };

  it("refuses Bob's key on every route of Alice's path with 403, and nothing of Alice's changes", async () => {
    for (const route of routesOf(alice.userId, aliceMemory.id)) {
      const answer = await bob.call(route.path, {
        method: route.method,
        ...(route.body !== undefined ? { body: route.body } : {}),
        ...(route.raw ? { raw: route.raw } : {}),
      });
      try {
        expectError(answer, 403, 'api_key_foreign_user', FOREIGN_KEY_MESSAGE);
      } catch (error) {
        throw new Error(`${route.method} ${route.path}: ${answer.status} ${answer.text}`, { cause: error });
      }
    }
    await expectAliceUntouched();
  });

  it("does not find Alice's memory under Bob's own path (404), whatever the call", async () => {
    const base = `/api/user/${bob.userId}/memories/${aliceMemory.id}`;
    for (const [method, path, body] of [
      ['GET', base, undefined],
      ['GET', `${base}?include_embedding=true`, undefined],
      ['PUT', base, { text: 'overwritten by Bob' }],
      ['PUT', base, { importance: 0.1 }],
      ['GET', `${base}/history`, undefined],
      ['DELETE', base, undefined],
    ] as Array<[string, string, unknown]>) {
      expectError(
        await bob.call(path, { method, ...(body !== undefined ? { body } : {}) }),
        404,
        'not_found',
        MemoryMessages.memoryNotFound,
      );
    }
    await expectAliceUntouched();
  });

  it("never shows Alice's memories in Bob's list, search, stats, export or end users", async () => {
    const base = `/api/user/${bob.userId}`;
    expect(ok<{ total_count: number }>(await bob.call(`${base}/memories`)).total_count).toBe(0);
    expect(ok<{ total_count: number }>(await bob.call(`${base}/memories?end_user_id=X`)).total_count).toBe(0);
    expect(ok<{ count: number }>(await bob.call(`${base}/search?query=flowerpot`)).count).toBe(0);
    expect(ok<{ count: number }>(await bob.call(`${base}/search?query=flowerpot&end_user_id=X`)).count).toBe(
      0,
    );
    expect(ok<{ memory_count: number }>(await bob.call(`${base}/memory_stats`)).memory_count).toBe(0);
    const exported = await bob.call(`${base}/memories/export`);
    expect(exported.status).toBe(200);
    expect(exported.text).toBe('');
    expect(ok<{ total_count: number }>(await bob.call(`${base}/end_users`)).total_count).toBe(0);
    // Erasing "X" under Bob's account removes nothing of Alice's customer X.
    const receipt = ok<{ memory_ids: string[] }>(await bob.call(`${base}/end_users/X`, { method: 'DELETE' }));
    expect(receipt.memory_ids).toEqual([]);
    await expectAliceUntouched();
  });

  it("re-importing Alice's ids into Bob's account makes Bob's own copies; Alice's are untouched", async () => {
    const exported = await alice.call(`/api/user/${alice.userId}/memories/export`);
    const imported = ok<{ imported: number }>(
      await bob.call(`/api/user/${bob.userId}/memories/import`, {
        method: 'POST',
        raw: { text: exported.text, contentType: 'application/x-ndjson' },
      }),
    );
    expect(imported.imported).toBe(1);
    const bobs = ok<{ memories: MemoryJson[] }>(await bob.call(`/api/user/${bob.userId}/memories`));
    expect(bobs.memories.map((memory) => memory.text)).toEqual([aliceMemory.text]);
    ok(await bob.call(`/api/user/${bob.userId}/memories/${bobs.memories[0]!.id}`, { method: 'DELETE' }));
    await expectAliceUntouched();
  });

  describe('end users of one account', () => {
    let owner: ApiUser;
    let yMemory: MemoryJson;
    let base: string;

    beforeAll(async () => {
      owner = await newApiUser(product);
      base = `/api/user/${owner.userId}`;
      ok(
        await owner.call(`${base}/memories/batch`, {
          method: 'POST',
          body: {
            end_user_id: 'x',
            memories: [{ text: 'x is vegetarian' }, { text: 'x lives in Madrid' }],
          },
        }),
        201,
      );
      yMemory = ok<MemoryJson>(
        await owner.call(`${base}/memories?end_user_id=y`, {
          method: 'POST',
          body: { text: 'y is vegetarian too and lives in Madrid' },
        }),
        201,
      );
      ok(
        await owner.call(`${base}/memories`, {
          method: 'POST',
          body: { text: 'the account owner lives in Madrid' },
        }),
        201,
      );
    });

    it('lists, searches, counts and exports only the end user asked for', async () => {
      const listX = ok<{ memories: MemoryJson[] }>(await owner.call(`${base}/memories?end_user_id=x`));
      expect(listX.memories.map((memory) => memory.end_user_id)).toEqual(['x', 'x']);
      const searchX = ok<{ results: MemoryJson[] }>(
        await owner.call(`${base}/search?query=${encodeURIComponent('vegetarian Madrid')}&end_user_id=x`),
      );
      expect(searchX.results.length).toBeGreaterThan(0);
      expect(searchX.results.every((memory) => memory.end_user_id === 'x')).toBe(true);
      expect(
        ok<{ memory_count: number }>(await owner.call(`${base}/memory_stats?end_user_id=x`)).memory_count,
      ).toBe(2);
      const exportX = await owner.call(`${base}/memories/export?end_user_id=x`);
      const lines = exportX.text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as MemoryJson);
      expect(lines.map((memory) => memory.end_user_id)).toEqual(['x', 'x']);
      // Without end_user_id: the account's own memories only.
      const own = ok<{ memories: MemoryJson[] }>(await owner.call(`${base}/memories`));
      expect(own.memories.map((memory) => memory.text)).toEqual(['the account owner lives in Madrid']);
    });

    it("cannot read, change or delete y's memory in x's scope or the account's", async () => {
      for (const scope of ['?end_user_id=x', '']) {
        const path = `${base}/memories/${yMemory.id}${scope}`;
        for (const [method, body] of [
          ['GET', undefined],
          ['PUT', { text: 'changed from the wrong scope' }],
          ['DELETE', undefined],
        ] as Array<[string, unknown]>) {
          expectError(
            await owner.call(path, { method, ...(body !== undefined ? { body } : {}) }),
            404,
            'not_found',
            MemoryMessages.memoryNotFound,
          );
        }
        expectError(
          await owner.call(`${base}/memories/${yMemory.id}/history${scope}`),
          404,
          'not_found',
          MemoryMessages.memoryNotFound,
        );
      }
      const y = ok<MemoryJson>(await owner.call(`${base}/memories/${yMemory.id}?end_user_id=y`));
      expect(y).toMatchObject({ text: yMemory.text, version: 1 });
    });

    it("erasing end user x leaves y's and the account's memories", async () => {
      const receipt = ok<{ memory_ids: string[] }>(
        await owner.call(`${base}/end_users/x`, { method: 'DELETE' }),
      );
      expect(receipt.memory_ids).toHaveLength(2);
      expect(
        ok<{ total_count: number }>(await owner.call(`${base}/memories?end_user_id=x`)).total_count,
      ).toBe(0);
      expect(
        ok<{ total_count: number }>(await owner.call(`${base}/memories?end_user_id=y`)).total_count,
      ).toBe(1);
      expect(ok<{ total_count: number }>(await owner.call(`${base}/memories`)).total_count).toBe(1);
    });
  });
});
