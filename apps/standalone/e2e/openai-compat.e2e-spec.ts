import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type LoopbackLlmResponder, readUserTurn, startLoopbackLlmServer } from '@membolt/chat/testing';
import { BusClient } from '@membolt/bus';
import { DEFAULT_MODEL_ID, KeysSubjects } from '@membolt/contracts';
import { eventually } from '@membolt/jobs/testing';
import OpenAI from 'openai';
import { type ApiUser, newApiUser, ok, UNLIMITED_GATEWAY } from './support/memory-api.js';
import { runCliCommand } from '../src/cli/membolt-cli.js';
import { type StandaloneUnderTest, standInWebBuild, useStandalone } from './support/standalone.js';

jest.setTimeout(120_000);

/** The official client pointed at Membolt: only the base URL and the key change. */
const clientOf = (product: StandaloneUnderTest, key: string) =>
  new OpenAI({ baseURL: `${product.url}/v1`, apiKey: key, maxRetries: 0 });

const memoriesPath = (user: ApiUser) => `/api/user/${user.userId}/memories`;

async function memoryTexts(user: ApiUser, scope = ''): Promise<string[]> {
  const query = new URLSearchParams(scope);
  query.set('limit', '100');
  const { memories } = ok<{ memories: Array<{ text: string }> }>(
    await user.call(`${memoriesPath(user)}?${query}`),
  );
  return memories.map((memory) => memory.text);
}

async function conversationCount(user: ApiUser): Promise<number> {
  return ok<{ total_count: number }>(await user.call(`/api/user/${user.userId}/conversations`)).total_count;
}

/** The `data:` lines of a server-sent-event body, in order (no `event:` names: OpenAI sends none). */
function dataLines(body: string): string[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      expect(block).toMatch(/^data: /);
      return block.slice('data: '.length);
    });
}

// A real server speaking OpenAI's protocol on loopback, standing in for api.openai.com.
const echoMemories: LoopbackLlmResponder = (request) => {
  const { memories, message } = readUserTurn(request.messages.at(-1)?.content ?? '');
  return {
    kind: 'stream',
    tokens: ['You ', 'asked: ', message, memories.length ? ` (I remember: ${memories.join('; ')})` : ''],
    inputTokens: 42,
    outputTokens: 7,
  };
};
const llm = await startLoopbackLlmServer('openai', echoMemories);

describe('OpenAI-compatible endpoint with the official openai client (standalone, a loopback OpenAI provider)', () => {
  const product = useStandalone('openai-compat', (scratchDir) => ({
    ...UNLIMITED_GATEWAY,
    OPENAI_API_KEY: 'sk-loopback',
    OPENAI_BASE_URL: llm.baseUrl,
    CHAT_EXTRACTION: 'rules',
    // The web app answers every other GET: /v1 must not fall to it.
    WEB_DIST_DIR: standInWebBuild(scratchDir),
  }));
  const model = 'gpt-4.1-mini';
  let alice: ApiUser;
  let bob: ApiUser;

  beforeAll(async () => {
    alice = await newApiUser(product);
    bob = await newApiUser(product);
    const add = (user: ApiUser, text: string, endUser?: string) =>
      user.call(memoriesPath(user), {
        method: 'POST',
        body: { text, ...(endUser ? { end_user_id: endUser } : {}) },
      });
    ok(await add(alice, 'Alice keeps bees on her roof'), 201);
    ok(await add(alice, 'Dana plays the cello on her roof', 'dana'), 201);
    // Another account's end user with the same id: never read for alice's key.
    ok(await add(bob, 'Dana keeps a pet snake on her roof', 'dana'), 201);
  });
  afterAll(async () => {
    await llm.close();
  });

  it('answers a completion in OpenAI’s exact shape, with a stored memory in the provider’s request', async () => {
    const client = clientOf(product, alice.key);
    const { data, response } = await client.chat.completions
      .create({
        model,
        messages: [
          { role: 'system', content: 'Answer in one sentence.' },
          { role: 'user', content: 'What do I keep on my roof?' },
        ],
        temperature: 0.2,
      })
      .withResponse();
    expect(Object.keys(data).sort()).toEqual(['choices', 'created', 'id', 'model', 'object', 'usage']);
    expect(data).toEqual({
      id: expect.stringMatching(/^chatcmpl-[0-9a-f]{32}$/),
      object: 'chat.completion',
      created: expect.any(Number),
      model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: 'You asked: What do I keep on my roof? (I remember: Alice keeps bees on her roof)',
            refusal: null,
          },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 },
    });
    expect(Math.abs(data.created - Date.now() / 1000)).toBeLessThan(600);
    expect(Number(response.headers.get('x-membolt-memories-used'))).toBeGreaterThanOrEqual(1);
    expect(response.headers.get('x-membolt-responder')).toBe('openai');
    expect(response.headers.get('x-membolt-conversation-id')).toMatch(/^conv_/);
    expect(Number(response.headers.get('x-membolt-tokens'))).toBeGreaterThan(0);

    const sent = llm.requests.at(-1)!;
    expect(sent.model).toBe(model);
    expect(sent.apiKey).toBe('sk-loopback');
    expect(sent.system).toContain('Answer in one sentence.');
    const remembered = readUserTurn(sent.messages.at(-1)!.content).memories;
    expect(remembered).toContain('Alice keeps bees on her roof');
    // Without `user`, the account's own memories only: no end user's, of this account or another.
    expect(remembered.join(' ')).not.toMatch(/cello|snake/);
  });

  it('streams chat.completion.chunk events ending with data: [DONE]', async () => {
    const client = clientOf(product, alice.key);
    const stream = await client.chat.completions.create({
      model,
      messages: [
        { role: 'user', content: 'Hello' },
        { role: 'assistant', content: 'Hi! How can I help?' },
        { role: 'user', content: [{ type: 'text', text: 'What do I keep on my roof?' }] },
      ],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks: OpenAI.Chat.Completions.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(1);
    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk' && chunk.model === model)).toBe(
      true,
    );
    expect(chunks[0]!.choices[0]!.delta).toEqual({ role: 'assistant', content: '' });
    const text = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
    expect(text).toBe('You asked: What do I keep on my roof? (I remember: Alice keeps bees on her roof)');
    expect(chunks.at(-2)!.choices[0]).toEqual({ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' });
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 },
    });
    // The earlier turns went to the provider as the conversation.
    expect(llm.requests.at(-1)!.messages.map((m) => readUserTurn(m.content).message)).toEqual([
      'Hello',
      'Hi! How can I help?',
      'What do I keep on my roof?',
    ]);
  });

  it('streams the raw wire format: data lines only, the key as X-API-Key too', async () => {
    const response = await fetch(`${product.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'X-API-Key': alice.key, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'Hi' }], stream: true }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const lines = dataLines(await response.text());
    expect(lines.at(-1)).toBe('[DONE]');
    const chunks = lines.slice(0, -1).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(chunks.every((chunk) => !('usage' in chunk))).toBe(true);
    expect(chunks.at(-1)).toMatchObject({ choices: [{ finish_reason: 'stop', delta: {} }] });
  });

  it('reads and learns the `user` field’s end user, never another account’s end user of the same id', async () => {
    const aliceClient = clientOf(product, alice.key);
    const answer = await aliceClient.chat.completions.create({
      model,
      user: 'dana',
      messages: [{ role: 'user', content: 'What do I do on my roof?' }],
    });
    expect(answer.choices[0]!.message.content).toContain('Dana plays the cello on her roof');
    const remembered = readUserTurn(llm.requests.at(-1)!.messages.at(-1)!.content).memories;
    expect(remembered).toContain('Dana plays the cello on her roof');
    expect(remembered.join(' ')).not.toMatch(/snake|bees/);

    const bobAnswer = await clientOf(product, bob.key).chat.completions.create({
      model,
      user: 'dana',
      messages: [{ role: 'user', content: 'What do I do on my roof?' }],
    });
    expect(bobAnswer.choices[0]!.message.content).toContain('Dana keeps a pet snake on her roof');
    expect(bobAnswer.choices[0]!.message.content).not.toMatch(/cello|bees/);

    // Learnt afterwards into that end user only.
    await aliceClient.chat.completions.create({
      model,
      user: 'erik',
      messages: [{ role: 'user', content: 'I live in Oslo.' }],
    });
    await eventually(
      async () => (await memoryTexts(alice, 'end_user_id=erik')).includes('User lives in Oslo.'),
      30_000,
      'the fact learnt into end user erik',
    );
    expect((await memoryTexts(alice)).join(' ')).not.toContain('Oslo');
    expect(await memoryTexts(bob, 'end_user_id=erik')).toEqual([]);
  });

  it('stops the provider’s answer when the client aborts the stream, and stores nothing of it', async () => {
    const before = await conversationCount(alice);
    const abandoned = llm.abandoned;
    llm.respondWith(() => ({
      kind: 'stream',
      tokens: Array.from({ length: 50 }, () => 'word '),
      delayMs: 50,
    }));
    try {
      const stream = await clientOf(product, alice.key).chat.completions.create({
        model,
        messages: [{ role: 'user', content: 'Tell me a long story.' }],
        stream: true,
      });
      for await (const chunk of stream) {
        if (chunk.choices[0]?.delta.content) {
          stream.controller.abort();
          break;
        }
      }
      await eventually(() => llm.abandoned > abandoned, 30_000, 'the provider request abandoned');
    } finally {
      llm.respondWith(echoMemories);
    }
    expect(await conversationCount(alice)).toBe(before);
  });

  it('learns from a streamed completion too', async () => {
    const stream = await clientOf(product, alice.key).chat.completions.create({
      model,
      user: 'fay',
      messages: [{ role: 'user', content: 'I live in Porto.' }],
      stream: true,
    });
    for await (const chunk of stream) void chunk;
    await eventually(
      async () => (await memoryTexts(alice, 'end_user_id=fay')).includes('User lives in Porto.'),
      30_000,
      'the fact learnt into end user fay',
    );
  });

  it('lists and retrieves the catalogue’s models', async () => {
    const client = clientOf(product, alice.key);
    const models = [];
    for await (const entry of client.models.list()) models.push(entry);
    expect(models).toContainEqual({
      id: model,
      object: 'model',
      created: 0,
      owned_by: 'openai',
      available: true,
    });
    expect(models.find((entry) => entry.id === DEFAULT_MODEL_ID)).toBeDefined();
    expect(await client.models.retrieve(model)).toMatchObject({ id: model, owned_by: 'openai' });
    const missing = await client.models.retrieve('gpt-9').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(OpenAI.NotFoundError);
    expect(missing).toMatchObject({ code: 'model_not_found', param: 'model', type: 'invalid_request_error' });
  });

  it('refuses a bad key with AuthenticationError, and a bearer token only on /v1', async () => {
    for (const key of ['not-a-key', `mblt_${'0'.repeat(40)}`]) {
      const refused = await clientOf(product, key)
        .chat.completions.create({ model, messages: [{ role: 'user', content: 'Hi' }] })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(OpenAI.AuthenticationError);
      expect(refused).toMatchObject({ status: 401, code: 'invalid_api_key', type: 'authentication_error' });
    }
    const missing = await fetch(`${product.url}/v1/models`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      error: {
        message: 'Missing API key: send it as Authorization: Bearer <key> or in the X-API-Key header.',
        type: 'authentication_error',
        param: null,
        code: 'missing_api_key',
      },
    });
    const rest = await fetch(`${product.url}/api/user/${alice.userId}/memories`, {
      headers: { authorization: `Bearer ${alice.key}` },
    });
    expect(rest.status).toBe(401);
    expect(await rest.json()).toMatchObject({ error: 'missing_api_key' });
  });

  it('refuses invalid bodies with BadRequestError (or NotFoundError for a model) and changes nothing', async () => {
    const client = clientOf(product, alice.key);
    const before = await conversationCount(alice);
    const requests = llm.requests.length;
    const cases: Array<[Record<string, unknown>, string | null, RegExp]> = [
      [{ model, messages: [] }, null, /messages must contain at least 1 elements/],
      [
        { model, messages: [{ role: 'assistant', content: 'Hi' }] },
        'messages',
        /last message must be a user/,
      ],
      [{ model, messages: [{ role: 'tool', content: 'x' }] }, null, /tool calls are not supported/],
      [{ model, messages: [{ role: 'user', content: '  ' }] }, 'messages[0]', /empty/],
      [
        { model, messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'x' } }] }] },
        null,
        /text parts/,
      ],
      [{ model, messages: [{ role: 'user', content: 'Hi' }], n: 2 }, null, /n must be 1/],
      [{ model, messages: [{ role: 'user', content: 'Hi' }], tools: [{ type: 'function' }] }, null, /tool/],
      [
        { model, messages: [{ role: 'user', content: 'Hi' }], logprobs: true },
        'logprobs',
        /log probabilities/,
      ],
      [
        { model, messages: [{ role: 'user', content: 'Hi' }], response_format: { type: 'json_object' } },
        'response_format',
        /text/,
      ],
      [{ model, messages: [{ role: 'user', content: 'Hi' }], admin: true }, null, /admin should not exist/],
      [{ messages: [{ role: 'user', content: 'Hi' }] }, null, /model/],
    ];
    for (const [body, param, message] of cases) {
      const refused = await client.chat.completions
        .create(body as unknown as OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming)
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
      const error = refused as InstanceType<typeof OpenAI.BadRequestError>;
      expect({ type: error.type, param: error.param, code: error.code }).toEqual({
        type: 'invalid_request_error',
        param,
        code: 'validation_error',
      });
      expect(error.message).toMatch(message);
    }
    const unknownModel = await client.chat.completions
      .create({ model: 'gpt-9', messages: [{ role: 'user', content: 'Hi' }], stream: true })
      .catch((error: unknown) => error);
    expect(unknownModel).toBeInstanceOf(OpenAI.NotFoundError);
    expect(unknownModel).toMatchObject({ code: 'model_not_found', param: 'model' });
    expect(await conversationCount(alice)).toBe(before);
    expect(llm.requests.length).toBe(requests);
  });

  it('answers an unknown /v1 route with OpenAI’s 404 shape, not the web app', async () => {
    const response = await fetch(`${product.url}/v1/embeddings`, {
      headers: { authorization: `Bearer ${alice.key}` },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'route_not_found' },
    });
  });

  it('meters a completion as /chat and refuses a key over its spend cap with 402 insufficient_quota', async () => {
    const carol = await newApiUser(product);
    const usage = async () =>
      ok<{ usage: Array<{ endpoint: string; calls: number }> }>(await carol.call('/api/usage')).usage;
    await clientOf(product, carol.key).chat.completions.create({
      model,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect((await usage()).filter((row) => row.endpoint === '/chat').map((row) => row.calls)).toEqual([1]);

    const bus = product.app.get(BusClient);
    const validation = await bus.request(KeysSubjects.validate, { key: carol.key });
    if (!validation.valid) throw new Error('the new key does not validate');
    await runCliCommand(bus, ['key:cap', '--user', carol.userId, '--id', validation.keyId, '--cap', '0']);
    const requests = llm.requests.length;
    const refused = await clientOf(product, carol.key)
      .chat.completions.create({ model, messages: [{ role: 'user', content: 'Hi' }], stream: true })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OpenAI.APIError);
    expect(refused).toMatchObject({ status: 402, type: 'insufficient_quota', code: 'spend_cap_reached' });
    expect(llm.requests.length).toBe(requests);
  });

  it('is documented in the OpenAPI document', async () => {
    const document = ok<{ paths: Record<string, unknown> }>(await alice.call('/api/openapi.json'));
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/v1/chat/completions', '/v1/models', '/v1/models/{model}']),
    );
  });
});

describe('OpenAI-compatible endpoint with the offline assistant (no provider configured)', () => {
  const product = useStandalone('openai-compat-offline', UNLIMITED_GATEWAY);
  let alice: ApiUser;

  beforeAll(async () => {
    alice = await newApiUser(product);
    ok(
      await alice.call(memoriesPath(alice), {
        method: 'POST',
        body: { text: 'Alice keeps bees on her roof' },
      }),
      201,
    );
  });

  it('answers from the memories, streamed and not, with no tokens counted', async () => {
    const client = clientOf(product, alice.key);
    const request = {
      model: DEFAULT_MODEL_ID,
      messages: [{ role: 'user' as const, content: 'What is on my roof?' }],
    };
    const { data, response } = await client.chat.completions.create(request).withResponse();
    expect(data.object).toBe('chat.completion');
    expect(data.choices[0]!.message.content).toContain('Alice keeps bees on her roof');
    expect(data.usage).toEqual({ prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 });
    expect(response.headers.get('x-membolt-responder')).toBe('offline');

    const stream = await client.chat.completions.create({ ...request, stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe(data.choices[0]!.message.content);
    const models = [];
    for await (const entry of client.models.list()) models.push(entry);
    expect(models.every((entry) => !(entry as unknown as { available: boolean }).available)).toBe(true);
  });
});

describe('OpenAI-compatible endpoint: limits', () => {
  const product = useStandalone('openai-compat-limits', { GATEWAY_RATE_LIMIT_PER_MINUTE: '2' });

  it('answers past the key’s rate limit with RateLimitError and Retry-After', async () => {
    const alice = await newApiUser(product);
    const client = clientOf(product, alice.key);
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await client.models.list().catch((error: unknown) => error));
    const refused = results.at(-1);
    expect(refused).toBeInstanceOf(OpenAI.RateLimitError);
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited', type: 'rate_limit_error' });
    expect(
      Number((refused as InstanceType<typeof OpenAI.RateLimitError>).headers.get('retry-after')),
    ).toBeGreaterThan(0);
  });
});
