import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { spawn } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type ApiUser, newApiUser, ok, UNLIMITED_GATEWAY } from './support/memory-api.js';
import { useStandalone } from './support/standalone.js';

jest.setTimeout(120_000);

/** `npx membolt` as installed: the built CLI (npm run build:server). */
const MEMBOLT_BIN = fileURLToPath(new URL('../bin/membolt.js', import.meta.url));
const UNUSED_KEY = `mblt_${'Z'.repeat(32)}`;

interface MemoryJson {
  id: string;
  text: string;
  end_user_id: string | null;
  valid_to: string | null;
  metadata: string;
  importance: number;
}

type TransportFor = (url: string, key: string) => Transport;

const TRANSPORTS: ReadonlyArray<[string, TransportFor]> = [
  [
    'streamable HTTP (/mcp)',
    (url, key) =>
      new StreamableHTTPClientTransport(new URL('/mcp', url), {
        requestInit: { headers: { 'X-API-Key': key } },
      }),
  ],
  [
    'stdio (membolt mcp)',
    (url, key) =>
      new StdioClientTransport({
        command: process.execPath,
        args: [MEMBOLT_BIN, 'mcp'],
        env: { MEMBOLT_API_KEY: key, MEMBOLT_URL: url },
        stderr: 'pipe',
      }),
  ],
];

/** A tool call's JSON answer (the REST route's body), failing the test on a tool error. */
function answerOf<T>(result: unknown): T {
  const call = result as CallToolResult;
  if (call.isError) throw new Error(`tool error: ${JSON.stringify(call.content)}`);
  const [first] = call.content;
  if (first?.type !== 'text') throw new Error(`no text content: ${JSON.stringify(call.content)}`);
  const parsed = JSON.parse(first.text) as T;
  expect(call.structuredContent).toEqual(parsed);
  return parsed;
}

/** A tool error's `{error, message}`. */
function refusalOf(result: unknown): { error: string; message: string } {
  const call = result as CallToolResult;
  expect(call.isError).toBe(true);
  const [first] = call.content;
  if (first?.type !== 'text') throw new Error('no text content');
  return JSON.parse(first.text) as { error: string; message: string };
}

describe('MCP server: the SDK client on both transports against the standalone product', () => {
  const product = useStandalone('mcp', UNLIMITED_GATEWAY);

  describe.each(TRANSPORTS)('over %s', (_name, transportFor) => {
    let alice: ApiUser;
    let bob: ApiUser;
    let client: Client;
    let bobClient: Client;
    const open: Client[] = [];

    const connect = async (key: string): Promise<Client> => {
      const connected = new Client({ name: 'membolt-e2e', version: '1.0.0' });
      await connected.connect(transportFor(product.url, key));
      open.push(connected);
      return connected;
    };
    const call = (as: Client, name: string, args: Record<string, unknown>) =>
      as.callTool({ name, arguments: args });

    beforeAll(async () => {
      alice = await newApiUser(product);
      bob = await newApiUser(product);
      client = await connect(alice.key);
      bobClient = await connect(bob.key);
    });

    afterAll(async () => {
      await Promise.all(open.map((connected) => connected.close()));
    });

    it('lists the seven memory tools, each with a description and an input schema, and the resources', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([
        'add_memory',
        'delete_memory',
        'get_memory',
        'list_memories',
        'memory_stats',
        'search_memories',
        'update_memory',
      ]);
      for (const tool of tools) {
        expect(tool.description?.length).toBeGreaterThan(40);
        expect(tool.inputSchema.type).toBe('object');
        expect(Object.keys(tool.inputSchema.properties ?? {})).toEqual(
          expect.arrayContaining(['end_user_id', 'agent_id', 'run_id']),
        );
      }
      const search = tools.find((tool) => tool.name === 'search_memories');
      expect(search?.inputSchema.required).toEqual(['query']);
      expect(Object.keys(search?.inputSchema.properties ?? {})).toEqual(
        expect.arrayContaining(['query', 'limit', 'threshold', 'filters']),
      );
      expect((await client.listResources()).resources.map((resource) => resource.uri)).toEqual([
        'membolt://memories/recent',
      ]);
      expect(
        (await client.listResourceTemplates()).resourceTemplates.map((template) => template.uriTemplate),
      ).toEqual(['membolt://end-users/{end_user_id}/memories/recent']);
    });

    it('adds a text and learns a fact from messages; search finds it; get, update, stats, delete', async () => {
      const stored = answerOf<MemoryJson>(
        await call(client, 'add_memory', { text: 'Prefers window seats on long flights.', importance: 0.8 }),
      );
      expect(stored).toMatchObject({ text: 'Prefers window seats on long flights.', end_user_id: null });

      const learned = answerOf<{ results: Array<{ event: string; text: string; memory: MemoryJson }> }>(
        await call(client, 'add_memory', {
          end_user_id: 'dana',
          messages: [
            { role: 'user', content: 'I live in Paris.' },
            { role: 'assistant', content: 'Paris is lovely.' },
          ],
        }),
      );
      expect(learned.results.map(({ event, text }) => [event, text])).toEqual([
        ['ADD', 'User lives in Paris.'],
      ]);
      const paris = learned.results[0]!.memory;
      expect(paris.end_user_id).toBe('dana');

      // A contradiction closes the old fact, as the REST route's learning does.
      const moved = answerOf<{ results: Array<{ event: string; text: string }> }>(
        await call(client, 'add_memory', { end_user_id: 'dana', messages: 'I live in Vienna.' }),
      );
      expect(moved.results.map(({ event, text }) => [event, text])).toEqual([
        ['CLOSE', 'User lives in Paris.'],
        ['ADD', 'User lives in Vienna.'],
      ]);

      const found = answerOf<{ results: Array<MemoryJson & { score: number }> }>(
        await call(client, 'search_memories', {
          query: 'Where does the user live?',
          end_user_id: 'dana',
          threshold: 0.3,
        }),
      );
      expect(found.results.map((result) => result.text)).toEqual(['User lives in Vienna.']);
      const withClosed = answerOf<{ results: MemoryJson[] }>(
        await call(client, 'search_memories', {
          query: 'Where does the user live?',
          end_user_id: 'dana',
          filters: { include_closed: true },
        }),
      );
      expect(withClosed.results.map((result) => result.text).sort()).toEqual([
        'User lives in Paris.',
        'User lives in Vienna.',
      ]);

      const got = answerOf<MemoryJson>(await call(client, 'get_memory', { memory_id: stored.id }));
      expect(got).toMatchObject({ id: stored.id, importance: 0.8 });
      const updated = answerOf<MemoryJson>(
        await call(client, 'update_memory', {
          memory_id: stored.id,
          text: 'Prefers aisle seats on long flights.',
          metadata: { topic: 'travel' },
        }),
      );
      expect(updated).toMatchObject({ id: stored.id, text: 'Prefers aisle seats on long flights.' });
      expect(JSON.parse(updated.metadata)).toMatchObject({ topic: 'travel' });
      // The change is the REST API's too.
      expect(ok<MemoryJson>(await alice.call(`/api/user/${alice.userId}/memories/${stored.id}`)).text).toBe(
        'Prefers aisle seats on long flights.',
      );

      const listed = answerOf<{ memories: MemoryJson[]; total_count: number }>(
        await call(client, 'list_memories', { end_user_id: 'dana', filters: { include_closed: true } }),
      );
      expect(listed.total_count).toBe(2);
      const stats = answerOf<{ memory_count: number }>(await call(client, 'memory_stats', {}));
      expect(stats.memory_count).toBe(1);

      const receipt = answerOf<{ deleted: boolean; memory_ids: string[] }>(
        await call(client, 'delete_memory', { memory_id: stored.id }),
      );
      expect(receipt).toMatchObject({ deleted: true, memory_ids: [stored.id] });
      expect(refusalOf(await call(client, 'get_memory', { memory_id: stored.id }))).toEqual({
        error: 'not_found',
        message: 'Memory not found',
      });
    });

    it('meters search, list and delete as their REST routes, and says what each cost', async () => {
      const result = (await call(client, 'search_memories', { query: 'flights' })) as CallToolResult;
      expect(result._meta).toEqual({
        tokens: expect.any(Number),
        cost_cents: expect.stringMatching(/^\d+\.\d{6}$/),
      });
      expect(((await call(client, 'memory_stats', {})) as CallToolResult)._meta).toBeUndefined();
    });

    it('reads the recent memories as resources, of the account and of one end user', async () => {
      answerOf(await call(client, 'add_memory', { text: 'Has a dog called Miso.' }));
      const recent = await client.readResource({ uri: 'membolt://memories/recent' });
      const [content] = recent.contents;
      expect(content).toMatchObject({ uri: 'membolt://memories/recent', mimeType: 'application/json' });
      const accountMemories = JSON.parse((content as { text: string }).text) as { memories: MemoryJson[] };
      expect(accountMemories.memories.map((memory) => memory.text)).toEqual(['Has a dog called Miso.']);

      const dana = await client.readResource({ uri: 'membolt://end-users/dana/memories/recent' });
      const danaMemories = JSON.parse((dana.contents[0] as { text: string }).text) as {
        memories: MemoryJson[];
      };
      expect(danaMemories.memories.map((memory) => memory.text)).toEqual(['User lives in Vienna.']);
    });

    it('refuses invalid arguments with the REST message and changes nothing', async () => {
      expect(refusalOf(await call(client, 'add_memory', { text: 'x', messages: 'I live in Oslo.' }))).toEqual(
        {
          error: 'validation_error',
          message: expect.stringMatching(/text.*messages|messages.*text/) as unknown as string,
        },
      );
      expect(refusalOf(await call(client, 'update_memory', { memory_id: 'nope' })).error).toBe(
        'validation_error',
      );
      expect(refusalOf(await call(client, 'search_memories', { query: '' })).error).toBe('validation_error');
      const dana = answerOf<{ memories: MemoryJson[] }>(
        await call(client, 'list_memories', { end_user_id: 'dana' }),
      );
      expect(dana.memories.map((memory) => memory.text)).toEqual(['User lives in Vienna.']);
    });

    it("never reaches end user A's memories with end user B's id, the account's scope, or another account's key", async () => {
      const vienna = answerOf<{ memories: MemoryJson[] }>(
        await call(client, 'list_memories', { end_user_id: 'dana' }),
      ).memories[0]!;
      for (const [as, scope] of [
        [client, { end_user_id: 'erin' }],
        [client, {}],
        [bobClient, { end_user_id: 'dana' }],
        [bobClient, {}],
      ] as const) {
        expect(refusalOf(await call(as, 'get_memory', { memory_id: vienna.id, ...scope }))).toEqual({
          error: 'not_found',
          message: 'Memory not found',
        });
        expect(
          refusalOf(
            await call(as, 'update_memory', { memory_id: vienna.id, text: 'I live in Oslo.', ...scope }),
          ).error,
        ).toBe('not_found');
        expect(refusalOf(await call(as, 'delete_memory', { memory_id: vienna.id, ...scope })).error).toBe(
          'not_found',
        );
        const search = answerOf<{ results: MemoryJson[] }>(
          await call(as, 'search_memories', { query: 'Where does the user live? Vienna', ...scope }),
        );
        expect(search.results.map((result) => result.text)).not.toContain('User lives in Vienna.');
        const list = answerOf<{ memories: MemoryJson[] }>(await call(as, 'list_memories', { ...scope }));
        expect(list.memories.map((memory) => memory.id)).not.toContain(vienna.id);
      }
      const bobsDana = await bobClient.readResource({ uri: 'membolt://end-users/dana/memories/recent' });
      expect(JSON.parse((bobsDana.contents[0] as { text: string }).text)).toMatchObject({ memories: [] });
      // Still there, unchanged, for the right scope.
      expect(
        answerOf<MemoryJson>(await call(client, 'get_memory', { memory_id: vienna.id, end_user_id: 'dana' })),
      ).toMatchObject({ text: 'User lives in Vienna.', valid_to: null });
    });

    it('refuses an unknown key: the client cannot connect', async () => {
      const refused = new Client({ name: 'membolt-e2e', version: '1.0.0' });
      const transport = transportFor(product.url, UNUSED_KEY);
      await expect(refused.connect(transport)).rejects.toThrow(/Invalid API key/);
      await refused.close();
    });
  });

  describe('the HTTP endpoint itself', () => {
    const post = (
      headers: Record<string, string>,
      body: unknown = { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    ) =>
      fetch(`${product.url}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: JSON.stringify(body),
      });
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
    };

    it('answers a missing, malformed or unknown key with 401 and a JSON-RPC error naming the reason', async () => {
      for (const [headers, error, message] of [
        [{}, 'missing_api_key', /Authorization: Bearer <key> or in the X-API-Key header/],
        [{ 'X-API-Key': 'nope' }, 'invalid_api_key', /^Invalid API key\.$/],
        [{ Authorization: `Bearer ${UNUSED_KEY}` }, 'invalid_api_key', /^Invalid API key\.$/],
      ] as const) {
        const response = await post(headers, initialize);
        expect(response.status).toBe(401);
        const body = (await response.json()) as {
          jsonrpc: string;
          id: null;
          error: { code: number; message: string; data: { error: string } };
        };
        expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, data: { error } } });
        expect(body.error.message).toMatch(message);
      }
    });

    it('accepts the key as Authorization: Bearer', async () => {
      const user = await newApiUser(product);
      const response = await post({ Authorization: `Bearer ${user.key}` }, initialize);
      expect(response.status).toBe(200);
      expect(
        ((await response.json()) as { result: { serverInfo: { name: string } } }).result.serverInfo.name,
      ).toBe('membolt');
    });

    it('is in the OpenAPI document, behind the API key', async () => {
      const document = (await (await fetch(`${product.url}/api/openapi.json`)).json()) as {
        paths: Record<string, Record<string, { security?: unknown; tags?: string[] }>>;
      };
      expect(Object.keys(document.paths['/mcp'] ?? {}).sort()).toEqual(['delete', 'get', 'post']);
      expect(document.paths['/mcp']?.['post']).toMatchObject({
        security: [{ 'X-API-Key': [] }],
        tags: ['mcp'],
      });
    });

    it('offers no event stream and no session: GET and DELETE are 405', async () => {
      const user = await newApiUser(product);
      for (const method of ['GET', 'DELETE']) {
        const response = await fetch(`${product.url}/mcp`, { method, headers: { 'X-API-Key': user.key } });
        expect(response.status).toBe(405);
        expect(await response.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
      }
    });
  });

  describe('membolt mcp', () => {
    /** Runs the CLI with the given stdin lines; answers what it wrote on stdout and stderr, and its exit code. */
    const runCli = (env: Record<string, string>, lines: unknown[]) =>
      new Promise<{ stdout: string; stderr: string; code: number | null }>((resolve, reject) => {
        const child = spawn(process.execPath, [MEMBOLT_BIN, 'mcp'], {
          env: { PATH: process.env['PATH'] ?? '', ...env },
          stdio: ['pipe', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
        child.on('error', reject);
        child.on('close', (code) => resolve({ stdout, stderr, code }));
        child.stdin.end(lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
      });
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pipe', version: '1' } },
    };

    it('writes nothing but JSON-RPC messages on stdout, answers every request, and exits when stdin ends', async () => {
      const user = await newApiUser(product);
      const { stdout, code } = await runCli({ MEMBOLT_API_KEY: user.key, MEMBOLT_URL: product.url }, [
        initialize,
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      ]);
      expect(code).toBe(0);
      const messages = stdout
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as { jsonrpc: string; id: number; result?: { tools?: unknown[] } });
      expect(messages.map((message) => [message.jsonrpc, message.id]).sort()).toEqual([
        ['2.0', 1],
        ['2.0', 2],
      ]);
      expect(messages.find((message) => message.id === 2)?.result?.tools).toHaveLength(7);
    });

    it('answers each request with a JSON-RPC error when the server cannot be reached', async () => {
      const closedPort = await new Promise<number>((resolve) => {
        const probe = createServer().listen(0, '127.0.0.1', () => {
          const { port } = probe.address() as AddressInfo;
          probe.close(() => resolve(port));
        });
      });
      const url = `http://127.0.0.1:${closedPort}`;
      const { stdout, stderr, code } = await runCli({ MEMBOLT_API_KEY: UNUSED_KEY, MEMBOLT_URL: url }, [
        initialize,
      ]);
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toMatchObject({
        jsonrpc: '2.0',
        id: 1,
        error: { message: /cannot be reached/ },
      });
      expect(stderr).toContain(`cannot reach ${url}/mcp: fetch failed (connect ECONNREFUSED`);
    });

    it('refuses to start without a well-formed key, on stderr, without echoing it', async () => {
      const missing = await runCli({}, []);
      expect([missing.code, missing.stdout]).toEqual([1, '']);
      expect(missing.stderr).toMatch(/MEMBOLT_API_KEY: is required/);
      const malformed = await runCli({ MEMBOLT_API_KEY: 'sk-secret-123' }, []);
      expect([malformed.code, malformed.stdout]).toEqual([1, '']);
      expect(malformed.stderr).toMatch(/MEMBOLT_API_KEY: must be a Membolt API key/);
      expect(malformed.stderr).not.toMatch(/sk-secret-123/);
    });
  });
});
