import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { GraphqlBrowser } from '@membolt/bff/testing';
import { readUserTurn, startLoopbackLlmServer } from '@membolt/chat/testing';
import { type ApiUser, expectError, newApiUser, ok, UNLIMITED_GATEWAY } from './support/memory-api.js';
import { signUpOverGraphql, useStandalone } from './support/standalone.js';

jest.setTimeout(120_000);

/** Server-sent events of a response body: [event, parsed data]. */
async function eventsOf(response: Response): Promise<Array<[string, Record<string, unknown>]>> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.+)$/m.exec(block)?.[1] ?? '{}';
      return [event, JSON.parse(data) as Record<string, unknown>];
    });
}

// A real server speaking OpenAI's protocol on loopback, as a local Ollama or vLLM would.
const llm = await startLoopbackLlmServer('openai', (request) => {
  const { memories, message: last } = readUserTurn(request.messages.at(-1)?.content ?? '');
  const remembered = memories[0];
  return {
    kind: 'stream',
    tokens: ['You ', 'asked: ', last, remembered ? ` (I remember: ${remembered})` : ''],
  };
});

describe('chat over REST and the BFF (standalone, a loopback OpenAI-compatible server)', () => {
  const product = useStandalone('chat', {
    ...UNLIMITED_GATEWAY,
    OPENAI_COMPATIBLE_BASE_URL: llm.baseUrl,
    OPENAI_COMPATIBLE_MODELS: 'loopback-llama',
    CHAT_DEFAULT_MODEL: 'loopback-llama',
  });
  let alice: ApiUser;
  let bob: ApiUser;

  beforeAll(async () => {
    alice = await newApiUser(product);
    bob = await newApiUser(product);
    ok(
      await alice.call(`/api/user/${alice.userId}/memories`, {
        method: 'POST',
        body: { text: 'Alice keeps bees on her roof' },
      }),
      201,
    );
  });
  afterAll(async () => {
    await llm.close();
  });

  it('POST /api/chat answers with text, memories_used, memories_retrieved and the conversation', async () => {
    const answer = ok<Record<string, unknown>>(
      await alice.call('/api/chat', {
        method: 'POST',
        body: { message: 'What do I keep on my roof?', userId: alice.userId, history: [] },
      }),
    );
    expect(answer['text']).toBe(
      'You asked: What do I keep on my roof? (I remember: Alice keeps bees on her roof)',
    );
    expect(answer['memories_used']).toBeGreaterThanOrEqual(1);
    expect((answer['memories_retrieved'] as Array<{ text: string }>).map((m) => m.text)).toContain(
      'Alice keeps bees on her roof',
    );
    expect(answer).toMatchObject({ model: 'loopback-llama', responder: 'openai-compatible', offline: false });
    expect(typeof answer['conversation_id']).toBe('string');
  });

  it('streams with Accept: text/event-stream (start, tokens, done) and continues a conversation', async () => {
    const first = ok<{ conversation_id: string }>(
      await alice.call('/api/chat', { method: 'POST', body: { message: 'Hello' } }),
    );
    const response = await fetch(`${product.url}/api/chat`, {
      method: 'POST',
      headers: { 'X-API-Key': alice.key, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ message: 'And again', conversationId: first.conversation_id }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = await eventsOf(response);
    expect(events[0]![0]).toBe('start');
    expect(
      events
        .filter(([name]) => name === 'token')
        .map(([, data]) => data['text'])
        .join(''),
    ).toMatch(/^You asked: And again/);
    expect(events.at(-1)![0]).toBe('done');
    expect(events.at(-1)![1]).toMatchObject({ conversation_id: first.conversation_id });
    expect(events.at(-1)![1]['text']).toMatch(/^You asked: And again/);
    const sent = llm.requests.at(-1)!.messages.map((m) => readUserTurn(m.content).message);
    expect(sent).toEqual(['Hello', expect.stringMatching(/^You asked: Hello/), 'And again']);

    const conversation = ok<{ messages: unknown[]; message_count: number }>(
      await alice.call(`/api/user/${alice.userId}/conversations/${first.conversation_id}`),
    );
    expect(conversation.message_count).toBe(4);
    const list = ok<{ conversations: Array<{ id: string }>; total_count: number }>(
      await alice.call(`/api/user/${alice.userId}/conversations?limit=1`),
    );
    expect(list.conversations[0]!.id).toBe(first.conversation_id);
    expect(list.total_count).toBeGreaterThanOrEqual(2);
  });

  it('refuses bad chat input with 400 and changes nothing', async () => {
    const before = ok<{ total_count: number }>(
      await alice.call(`/api/user/${alice.userId}/conversations`),
    ).total_count;
    expectError(
      await alice.call('/api/chat', { method: 'POST', body: { message: '  ' } }),
      400,
      'validation_error',
      'message is required',
    );
    expectError(
      await alice.call('/api/chat', { method: 'POST', body: { message: 'hi', admin: true } }),
      400,
      'validation_error',
      'admin should not exist',
    );
    expectError(
      await alice.call('/api/chat', { method: 'POST', body: { message: 'hi', model: 'gpt-9' } }),
      400,
      'validation_error',
      'Unknown model "gpt-9". Choose a model from the catalogue.',
    );
    expect(
      ok<{ total_count: number }>(await alice.call(`/api/user/${alice.userId}/conversations`)).total_count,
    ).toBe(before);
  });

  it('denies every conversation route across users: 403 on the other user’s path, 404 for their ids', async () => {
    const { conversation_id: id } = ok<{ conversation_id: string }>(
      await alice.call('/api/chat', { method: 'POST', body: { message: 'Private' } }),
    );
    const foreign = 'This API key does not belong to this user.';
    expectError(
      await bob.call(`/api/user/${alice.userId}/conversations`),
      403,
      'api_key_foreign_user',
      foreign,
    );
    expectError(
      await bob.call(`/api/user/${alice.userId}/conversations/${id}`),
      403,
      'api_key_foreign_user',
      foreign,
    );
    expectError(
      await bob.call(`/api/user/${alice.userId}/conversations/${id}`, { method: 'DELETE' }),
      403,
      'api_key_foreign_user',
      foreign,
    );
    expectError(
      await bob.call(`/api/user/${bob.userId}/conversations/${id}`),
      404,
      'not_found',
      'Conversation not found',
    );
    expectError(
      await bob.call(`/api/user/${bob.userId}/conversations/${id}`, { method: 'DELETE' }),
      404,
      'not_found',
      'Conversation not found',
    );
    expectError(
      await bob.call('/api/chat', { method: 'POST', body: { message: 'hi', conversationId: id } }),
      404,
      'not_found',
      'Conversation not found',
    );
    expectError(
      await bob.call('/api/chat', { method: 'POST', body: { message: 'hi', userId: alice.userId } }),
      403,
      'api_key_foreign_user',
      foreign,
    );
    expect(
      ok<{ title: string }>(await alice.call(`/api/user/${alice.userId}/conversations/${id}`)).title,
    ).toBe('Private');
    const deleted = ok<Record<string, unknown>>(
      await alice.call(`/api/user/${alice.userId}/conversations/${id}`, { method: 'DELETE' }),
    );
    expect(deleted).toEqual({
      conversation_id: id,
      removed_messages: 2,
      memories_kept: true,
      message: 'Conversation deleted. The memories extracted from it were kept.',
    });
  });

  it('POST /api/search without a search provider: 503 web_search_not_configured', async () => {
    expectError(
      await alice.call('/api/search', { method: 'POST', body: { query: 'bees', numResults: 5 } }),
      503,
      'web_search_not_configured',
      /Web search is not configured/,
    );
    expectError(
      await alice.call('/api/search', { method: 'POST', body: { query: '' } }),
      400,
      'validation_error',
      'query is required',
    );
  });

  describe('the BFF: GraphQL and POST /chat/stream', () => {
    let browser: GraphqlBrowser;

    beforeAll(async () => {
      browser = (
        await signUpOverGraphql(product.url, {
          email: `chat-${Date.now()}@e2e.membolt.test`,
          password: 'correct horse 1',
          name: 'Ada',
        })
      ).browser;
    });

    const stream = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${product.url}/chat/stream`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: browser.jar.header('/chat/stream'),
          ...headers,
        },
        body: JSON.stringify(body),
      });

    it('lists the catalogue with the operator’s OpenAI-compatible model available', async () => {
      const result = await browser.request<{
        chatModels: { defaultModelId: string; models: Array<{ id: string; available: boolean }> };
      }>('{ chatModels { defaultModelId offline models { id available unavailableReason } } }');
      expect(result.data?.chatModels.defaultModelId).toBe('loopback-llama');
      expect(result.data?.chatModels.models.find((m) => m.id === 'loopback-llama')?.available).toBe(true);
      expect(result.data?.chatModels.models.find((m) => m.id === 'gpt-4.1')?.available).toBe(false);
    });

    it('streams a turn as server-sent events and the conversation is then readable over GraphQL', async () => {
      const response = await stream({ message: 'Hi from the browser' });
      expect(response.status).toBe(200);
      const events = await eventsOf(response);
      expect(events.map(([name]) => name).filter((name) => name !== 'token')).toEqual(['start', 'done']);
      const done = events.at(-1)![1] as { conversationId: string; text: string; responder: string };
      expect(done).toMatchObject({ text: 'You asked: Hi from the browser', responder: 'openai-compatible' });
      const read = await browser.request<{
        conversation: { title: string; messages: Array<{ role: string }> };
      }>('query($id: ID!) { conversation(id: $id) { title messages { role content } } }', {
        id: done.conversationId,
      });
      expect(read.data?.conversation.title).toBe('Hi from the browser');
      expect(read.data?.conversation.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    });

    it('sends a validation failure as an error event, refuses non-JSON and unauthenticated requests', async () => {
      const events = await eventsOf(await stream({ message: '   ' }));
      expect(events).toEqual([['error', { code: 'BAD_USER_INPUT', message: 'message is required' }]]);
      expect((await stream({ message: 1 })).status).toBe(400);
      const form = await fetch(`${product.url}/chat/stream`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', cookie: browser.jar.header('/chat/stream') },
        body: 'message=hi',
      });
      expect(form.status).toBe(415);
      const anonymous = await fetch(`${product.url}/chat/stream`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'hi' }),
      });
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({
        code: 'UNAUTHENTICATED',
        message: 'Please sign in to continue.',
      });
    });

    it('another user’s conversation is NOT_FOUND over GraphQL', async () => {
      const { conversation_id: id } = ok<{ conversation_id: string }>(
        await alice.call('/api/chat', { method: 'POST', body: { message: 'Alice only' } }),
      );
      const read = await browser.request('query($id: ID!) { conversation(id: $id) { title } }', { id });
      expect(read.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      const removed = await browser.request(
        'mutation($id: ID!) { deleteConversation(id: $id) { conversationId } }',
        { id },
      );
      expect(removed.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      const renamed = await browser.request(
        'mutation($id: ID!) { renameConversation(id: $id, title: "x") { id } }',
        { id },
      );
      expect(renamed.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    });
  });
});
