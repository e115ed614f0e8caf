import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  type FallbackSearchResponse,
  getClient,
  MemboltApiError,
  MemboltAuthError,
  MemboltClient,
  MemboltClientCache,
  type SearchResponse,
  validateApiKey,
} from '@membolt/sdk';
import { BusClient } from '@membolt/bus';
import { KeysSubjects } from '@membolt/contracts';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ApiUser, newApiUser, UNLIMITED_GATEWAY } from './support/memory-api.js';
import { useStandalone } from './support/standalone.js';

jest.setTimeout(120_000);

/**
 * A real HTTP proxy on loopback in front of the gateway that answers some paths itself with a failure (a
 * gateway that is partly down), so the SDK's section 7 fallbacks meet a real failing server.
 */
async function startFaultyProxy(
  target: string,
  failing: RegExp,
  answer: { status: number; body: string } = { status: 503, body: 'upstream down' },
): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    if (failing.test(req.url ?? '')) {
      req.resume();
      res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
      return;
    }
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (upstreamResponse) => {
        res.writeHead(upstreamResponse.statusCode ?? 502, upstreamResponse.headers);
        upstreamResponse.pipe(res);
      },
    );
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** @membolt/sdk against the real gateway of the standalone product (docs/requirements/rest-gateway.md, SDK client, Routes and Error texts). */
describe('@membolt/sdk against the real gateway', () => {
  const product = useStandalone('memory-sdk', { ...UNLIMITED_GATEWAY, GATEWAY_IMPORT_SYNC_LINES: '20' });
  let user: ApiUser;
  let api: string;
  const quiet = { logger: null } as const;

  beforeAll(async () => {
    user = await newApiUser(product);
    api = `${product.url}/api`;
  });

  describe('initialisation (section 4)', () => {
    it('memory calls before initialize() fail with the documented text', async () => {
      const client = new MemboltClient({ apiKey: user.key, baseUrl: api, ...quiet });
      expect(client.initialized).toBe(false);
      await expect(client.listMemories()).rejects.toThrow('Client not initialized. Call initialize() first.');
      await expect(client.addMemory('x')).rejects.toThrow('Client not initialized. Call initialize() first.');
      await expect(client.searchMemories('x')).rejects.toThrow(
        'Client not initialized. Call initialize() first.',
      );
    });

    it("finds the user id with GET /health for Membolt's keys (two underscore parts)", async () => {
      const client = new MemboltClient({ apiKey: user.key, baseUrl: api, ...quiet });
      expect(await client.initialize()).toBe(user.userId);
      expect(client.userId).toBe(user.userId);
    });

    it('prefers an explicit user id, then the third underscore part of the key', async () => {
      const explicit = new MemboltClient({ apiKey: user.key, baseUrl: api, userId: 'chosen', ...quiet });
      expect(await explicit.initialize()).toBe('chosen');
      // A key of three parts names its user without a call (the gateway would refuse this made-up key).
      const fromKey = new MemboltClient({ apiKey: 'mblt_live_u123_secret', baseUrl: api, ...quiet });
      expect(await fromKey.initialize()).toBe('u123');
    });

    it("fails with 'Could not determine user ID from API key' when the health call fails", async () => {
      const client = new MemboltClient({
        apiKey: 'mblt_unknownkeyunknownkeyunknownke',
        baseUrl: api,
        ...quiet,
      });
      await expect(client.initialize()).rejects.toThrow('Could not determine user ID from API key');
      expect(client.initialized).toBe(false);
    });

    it('reuses one client per key and replaces it when the key changes', async () => {
      const other = await newApiUser(product);
      const cache = new MemboltClientCache();
      const first = await cache.getClient(user.key, { baseUrl: api, ...quiet });
      expect(await cache.getClient(user.key, { baseUrl: api, ...quiet })).toBe(first);
      const second = await cache.getClient(other.key, { baseUrl: api, ...quiet });
      expect(second).not.toBe(first);
      expect(second.userId).toBe(other.userId);
      expect(await cache.getClient(other.key, { baseUrl: api, ...quiet })).toBe(second);
      // The module-level getClient behaves the same.
      const shared = await getClient(user.key, { baseUrl: api, ...quiet });
      expect(await getClient(user.key, { baseUrl: api, ...quiet })).toBe(shared);
    });

    it('validateApiKey is true only for the key of the expected user, and never throws', async () => {
      expect(await validateApiKey(user.key, user.userId, { baseUrl: api, ...quiet })).toBe(true);
      expect(await validateApiKey(user.key, 'someone-else', { baseUrl: api, ...quiet })).toBe(false);
      expect(await validateApiKey('mblt_nope', user.userId, { baseUrl: api, ...quiet })).toBe(false);
    });

    it("createUserDatabase needs a key: 'API key is required to create a user database'", async () => {
      const keyless = new MemboltClient({ apiKey: '', baseUrl: api, userId: user.userId, ...quiet });
      await keyless.initialize();
      await expect(keyless.createUserDatabase()).rejects.toThrow(
        'API key is required to create a user database',
      );
      const client = new MemboltClient({ apiKey: user.key, baseUrl: api, ...quiet });
      await client.initialize();
      expect(await client.createUserDatabase()).toMatchObject({ user_id: user.userId, status: 'active' });
      expect(await client.registerInitialUser()).toEqual({ registered: true, user_id: user.userId });
    });
  });

  describe('memory calls', () => {
    let client: MemboltClient;
    beforeAll(async () => {
      const owner = await newApiUser(product);
      client = new MemboltClient({ apiKey: owner.key, baseUrl: api, ...quiet });
      await client.initialize();
    });

    it('adds, reads, updates (only defined fields), lists, searches, counts and deletes', async () => {
      const memory = await client.addMemory(
        'I moved to Lisbon in March 2025.',
        { topic: 'home' },
        undefined,
        {
          importance: 0.8,
          category: 'personal',
        },
      );
      expect(memory).toMatchObject({
        text: 'I moved to Lisbon in March 2025.',
        importance: 0.8,
        category: 'personal',
      });
      expect(JSON.parse(memory.metadata)).toMatchObject({ topic: 'home' });
      expect(await client.getMemory(memory.id)).toEqual(memory);

      const updated = await client.updateMemory(memory.id, {
        text: 'I moved to Porto in June 2026.',
        importance: undefined,
      });
      expect(updated).toMatchObject({ text: 'I moved to Porto in June 2026.', importance: 0.8, version: 2 });
      expect((await client.getMemoryHistory(memory.id)).versions).toHaveLength(2);

      await client.addMemories([{ text: 'Drinks espresso.' }, { text: 'Has a dog called Miso.' }]);
      const list = await client.listMemories();
      expect(list).toMatchObject({ limit: 10, offset: 0, count: 3, total_count: 3 });

      const search = (await client.searchMemories('Porto')) as SearchResponse;
      expect(search.results[0]?.text).toBe('I moved to Porto in June 2026.');
      expect(search.formatted_results).toMatch(/^1\. I moved to Porto in June 2026\. \(\d{4}-\d{2}-\d{2}\)/);

      expect(await client.getMemoryStats()).toMatchObject({ memory_count: 3 });
      const embedding = await client.generateEmbedding('hello');
      expect(embedding.embedding).toHaveLength(1536);
      expect(embedding.model).not.toBe('random-fallback');

      expect(await client.deleteMemory(memory.id)).toMatchObject({ deleted: true, memory_ids: [memory.id] });
    });

    it('getMemory rethrows, with the error field as the message (section 8)', async () => {
      const failure = await client.getMemory('no-such-memory').then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(MemboltApiError);
      expect(failure).toMatchObject({
        message: 'not_found',
        status: 404,
        code: 'not_found',
        detail: 'Memory not found',
      });
      await expect(client.addMemory('')).rejects.toMatchObject({
        message: 'validation_error',
        detail: 'text is required',
      });
    });

    it('scopes calls to an end user, and exports and imports', async () => {
      await client.addMemory('customer 7 likes tea', undefined, undefined, { end_user_id: 'c7' });
      const scoped = await client.listMemories({ end_user_id: 'c7' });
      expect(scoped.memories.map((memory) => memory.end_user_id)).toEqual(['c7']);
      expect((await client.listEndUsers()).end_users.map((endUser) => endUser.end_user_id)).toEqual(['c7']);

      const ndjson = await client.exportMemories();
      expect(ndjson.trim().split('\n')).toHaveLength(2);
      const target = await newApiUser(product);
      const copy = new MemboltClient({ apiKey: target.key, baseUrl: api, ...quiet });
      await copy.initialize();
      expect(await copy.importMemories(ndjson)).toEqual({ imported: 2, skipped: 0, lines: 2 });
      expect(await copy.importMemories(ndjson)).toEqual({ imported: 0, skipped: 2, lines: 2 });
      expect((await copy.listMemories()).total_count).toBe(2);
      expect(await client.deleteEndUser('c7')).toMatchObject({ deleted: true });
    });

    it('follows an import the server stores in the background to its end', async () => {
      const target = await newApiUser(product);
      const copy = new MemboltClient({ apiKey: target.key, baseUrl: api, ...quiet });
      await copy.initialize();
      const ndjson = Array.from({ length: 45 }, (_, i) => JSON.stringify({ text: `queued line ${i}` })).join(
        '\n',
      );
      expect(await copy.importMemories(ndjson)).toEqual({ imported: 45, skipped: 0, lines: 45 });
      expect((await copy.listMemories()).total_count).toBe(45);
    });
  });

  it("manages the account's custom categories and files memories under them", async () => {
    const owner = await newApiUser(product);
    const client = new MemboltClient({ apiKey: owner.key, baseUrl: api, ...quiet });
    await client.initialize();
    const travel = await client.createCategory('travel', 'Trips and hotels');
    expect(travel).toMatchObject({ name: 'travel', description: 'Trips and hotels' });
    expect((await client.updateCategory('travel', 'Journeys')).description).toBe('Journeys');
    const listed = await client.listCategories();
    expect(listed.categories.map((c) => c.name)).toEqual(['travel']);
    expect(listed.built_in).toEqual(['personal', 'work', 'preference', 'interest']);
    const memory = await client.addMemory('Booked a ryokan in Kyoto.', undefined, undefined, {
      category: 'travel',
    });
    expect(memory.category).toBe('travel');
    const refused = await client.createCategory('work', 'x').then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ status: 400, code: 'validation_error' });
    expect(await client.deleteCategory('travel')).toEqual({ name: 'travel', memories_uncategorised: 1 });
    expect((await client.getMemory(memory.id)).category).toBeNull();
  });

  describe('an answer that refuses the request is thrown, never hidden by a fallback (decision 086)', () => {
    it('an unknown or revoked key throws MemboltAuthError (401) from every call, fallbacks included', async () => {
      const owner = await newApiUser(product);
      const unknown = new MemboltClient({
        apiKey: 'mblt_unknownkeyunknownkeyunknownke',
        baseUrl: api,
        userId: owner.userId,
        ...quiet,
      });
      await unknown.initialize();
      for (const call of [
        () => unknown.listMemories(),
        () => unknown.searchMemories('anything'),
        () => unknown.getMemoryStats(),
        () => unknown.generateEmbedding('hello'),
        () => unknown.getMemory('any'),
      ]) {
        const failure = await call().then(
          (answer) => answer,
          (error: unknown) => error,
        );
        expect(failure).toBeInstanceOf(MemboltAuthError);
        expect(failure).toBeInstanceOf(MemboltApiError);
        expect(failure).toMatchObject({ status: 401, code: 'invalid_api_key' });
      }

      const bus = product.app.get(BusClient);
      const validation = await bus.request(KeysSubjects.validate, { key: owner.key });
      if (!validation.valid) throw new Error('the new key should be valid');
      await bus.request(KeysSubjects.revoke, { keyId: validation.keyId }, { userId: owner.userId });
      const revoked = new MemboltClient({ apiKey: owner.key, baseUrl: api, userId: owner.userId, ...quiet });
      await revoked.initialize();
      await expect(revoked.listMemories()).rejects.toMatchObject({ status: 401, code: 'revoked_api_key' });
      await expect(revoked.searchMemories('x')).rejects.toBeInstanceOf(MemboltAuthError);
    });

    it('initialize() with a key the gateway refuses keeps the spec text, with the refusal as its cause', async () => {
      const client = new MemboltClient({
        apiKey: 'mblt_unknownkeyunknownkeyunknownke',
        baseUrl: api,
        ...quiet,
      });
      const failure = (await client.initialize().catch((error: unknown) => error)) as Error;
      expect(failure.message).toBe('Could not determine user ID from API key');
      expect(failure.cause).toBeInstanceOf(MemboltAuthError);
    });

    it('a request the gateway rejects as invalid (4xx) throws instead of falling back', async () => {
      const client = new MemboltClient({ apiKey: user.key, baseUrl: api, ...quiet });
      await client.initialize();
      await expect(client.searchMemories('x', 0)).rejects.toMatchObject({ status: 400 });
      await expect(client.listMemories({ limit: -1 })).rejects.toMatchObject({ status: 400 });
    });
  });

  describe('fallbacks when the gateway fails (section 7)', () => {
    let proxy: { url: string; close(): Promise<void> };
    let direct: MemboltClient;
    let throughProxy: MemboltClient;

    beforeAll(async () => {
      const owner = await newApiUser(product);
      proxy = await startFaultyProxy(product.url, /\/search|\/memory_stats|\/generate_embedding/);
      direct = new MemboltClient({ apiKey: owner.key, baseUrl: api, ...quiet });
      throughProxy = new MemboltClient({ apiKey: owner.key, baseUrl: `${proxy.url}/api`, ...quiet });
      await direct.initialize();
      await throughProxy.initialize();
      await direct.addMemory('I live in LISBON', { importance: 0.9 });
      await direct.addMemory('Lisbon trams are yellow', { importance: 0.3 });
      await direct.addMemory('I drink espresso');
    });

    afterAll(async () => {
      await proxy?.close();
    });

    it('search falls back to a case-insensitive substring over the first 100 memories: {memories, count}', async () => {
      const answer = (await throughProxy.searchMemories('lisbon')) as FallbackSearchResponse;
      expect(answer.count).toBe(2);
      expect(answer.memories.map((memory) => memory.text).sort()).toEqual([
        'I live in LISBON',
        'Lisbon trams are yellow',
      ]);
      expect(((await throughProxy.searchMemories('lisbon', 1)) as FallbackSearchResponse).count).toBe(1);
      expect(await throughProxy.searchMemories('paris')).toEqual({ memories: [], count: 0 });
    });

    it('stats fall back to figures computed from the first 100 memories', async () => {
      const stats = await throughProxy.getMemoryStats();
      expect(stats).toMatchObject({ memory_count: 3, concept_count: 0, relation_count: 0 });
      expect(stats.avg_importance).toBeCloseTo((0.9 + 0.3 + 0.5) / 3, 5);
      const list = await direct.listMemories({ sort: 'oldest' });
      expect(stats.oldest_timestamp).toBe(list.memories[0]?.created_at);
    });

    it('generateEmbedding falls back to a random vector of 1536 numbers', async () => {
      const answer = await throughProxy.generateEmbedding('hello');
      expect(answer.model).toBe('random-fallback');
      expect(answer.embedding).toHaveLength(1536);
    });

    it('list falls back to an empty list with count 0; with nothing readable, stats are 0, 0, now, 0, 0', async () => {
      const down = await startFaultyProxy(product.url, /\/memories|\/memory_stats/, {
        status: 500,
        body: JSON.stringify({ message: 'database offline' }),
      });
      try {
        const client = new MemboltClient({ apiKey: user.key, baseUrl: `${down.url}/api`, ...quiet });
        await client.initialize();
        expect(await client.listMemories()).toEqual({
          memories: [],
          limit: 10,
          offset: 0,
          count: 0,
          total_count: 0,
        });
        const before = Date.now();
        const stats = await client.getMemoryStats();
        expect(stats).toMatchObject({
          memory_count: 0,
          avg_importance: 0,
          concept_count: 0,
          relation_count: 0,
        });
        expect(Date.parse(stats.oldest_timestamp)).toBeGreaterThanOrEqual(before - 1000);
        // getMemory does not fall back: the message field is the error (no error field in that body).
        await expect(client.getMemory('any')).rejects.toMatchObject({
          message: 'database offline',
          status: 500,
        });
      } finally {
        await down.close();
      }
    });

    it("a body that is not JSON gives 'API request failed: {status}'", async () => {
      const down = await startFaultyProxy(product.url, /\/memories\//, {
        status: 502,
        body: '<html>bad gateway</html>',
      });
      try {
        const client = new MemboltClient({ apiKey: user.key, baseUrl: `${down.url}/api`, ...quiet });
        await client.initialize();
        await expect(client.getMemory('any')).rejects.toThrow('API request failed: 502');
      } finally {
        await down.close();
      }
    });
  });
});
