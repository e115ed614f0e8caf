import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { BusClient } from '@membolt/bus';
import { type BusTestApp, startInProcessServices } from '@membolt/bus/testing';
import {
  ChatErrorCode,
  type ChatStreamChunk,
  ChatSubjects,
  CommonErrorCode,
  deleteUserDataSubject,
  KeysSubjects,
  MemboltError,
  MemorySubjects,
} from '@membolt/contracts';
import { createJobQueue, JOB_QUEUE, type JobQueue, type JobsConfig } from '@membolt/jobs';
import { buildJobsLib, CRASH_WORKER, eventually } from '@membolt/jobs/testing';
import { spawn } from 'node:child_process';
import { KeysModule } from '@membolt/keys';
import { identityStatusStub } from '@membolt/keys/testing';
import { MemoryModule } from '@membolt/memory';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChatModule, type ChatModuleOptions, FACT_EXTRACTION_JOB } from '@membolt/chat';
import { type LoopbackLlmServer, readUserTurn, startLoopbackLlmServer } from '@membolt/chat/testing';

const ALICE = 'user-alice';
const BOB = 'user-bob';

async function failure(promise: Promise<unknown>): Promise<MemboltError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MemboltError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

/** The chat service's durable queue in these tests: embedded, polled often. */
const jobsConfig = (dataDir: string): JobsConfig => ({
  backend: { kind: 'embedded', dataDir },
  leaseMs: 5000,
  pollMs: 25,
  keepFinishedMs: 600_000,
  closeTimeoutMs: 1000,
});

/** Chat, memory and keys services on one in-process bus, the chat service's providers as given. */
async function startServices(
  dataDir: string,
  chat: Omit<ChatModuleOptions, 'store' | 'jobs'>,
): Promise<BusTestApp> {
  return startInProcessServices(
    [
      MemoryModule.forRoot({
        store: { kind: 'embedded', dataDir },
        embedder: { kind: 'offline', dimension: 256 },
      }),
      KeysModule.forRoot({
        store: { kind: 'embedded', dataDir },
        providerKeyEncryption: { secret: 'test-provider-key-secret-0123456789abcdef' },
      }),
      // The keys service asks identity whether a user exists before storing a key for them.
      identityStatusStub(new Set([ALICE, BOB, 'user-erin'])),
      ChatModule.forRoot({
        ...chat,
        store: { kind: 'embedded', dataDir },
        jobs: jobsConfig(dataDir),
        llmPolicy: { timeoutMs: 3000, maxRetries: 1, retryBaseMs: 10, maxBackoffMs: 20 },
      }),
    ],
    5000,
  );
}

async function memoriesOf(bus: BusClient, userId: string, includeClosed = false) {
  const page = await bus.request(
    MemorySubjects.list,
    { limit: 100, offset: 0, sort: 'recent', includeClosed },
    { userId },
  );
  return page.memories;
}

async function learned(services: BusTestApp, jobId: string | null) {
  expect(jobId).not.toBeNull();
  const state = await services.app.get<JobQueue>(JOB_QUEUE, { strict: false }).waitFor(jobId!, 60_000);
  expect(state.state).toBe('done');
  return state.result as {
    extractedBy: string;
    added: number;
    updated: number;
    skipped: number;
    closed: number;
  };
}

describe('chat service: offline assistant (no provider configured)', () => {
  let services: BusTestApp;
  let bus: BusClient;
  const dataDir = mkdtempSync(join(tmpdir(), 'membolt-chat-offline-'));

  beforeAll(async () => {
    services = await startServices(dataDir, {});
    bus = services.bus;
  });
  afterAll(async () => {
    await services?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists the catalogue with every model unavailable and why, and says it is offline', async () => {
    const list = await bus.request(ChatSubjects.listModels, {}, { userId: ALICE });
    expect(list.offline).toBe(true);
    expect(list.defaultModelId).toBe('claude-3-7-sonnet');
    expect(list.models.filter((m) => m.inChatList).map((m) => m.id)).toEqual([
      'claude-3-7-sonnet',
      'gemini-2.5-pro-preview-03-25',
      'gemini-2.0-flash',
      'gpt-4.1',
      'gpt-4.1-mini',
    ]);
    expect(list.models.filter((m) => m.inSettingsList).map((m) => m.id)).toEqual([
      'claude-3-7-sonnet',
      'claude-3-5-sonnet',
      'claude-3-haiku',
      'gpt-4o',
      'gpt-4',
    ]);
    expect(list.models.every((m) => !m.available && m.unavailableReason?.includes('not configured'))).toBe(
      true,
    );
  });

  it('answers from the memories that bear on the message, with their dates, and says no model is configured', async () => {
    await bus.request(MemorySubjects.create, { text: 'I am allergic to peanuts' }, { userId: ALICE });
    await bus.request(MemorySubjects.create, { text: 'My favourite city is Kyoto' }, { userId: ALICE });
    const turn = await bus.request(
      ChatSubjects.sendTurn,
      { message: 'Which foods am I allergic to?' },
      { userId: ALICE },
    );
    expect(turn.offline).toBe(true);
    expect(turn.responder).toBe('offline');
    expect(turn.text).toContain('No language model is configured');
    expect(turn.text).toMatch(/I am allergic to peanuts \(noted \d{1,2} \w+ \d{4}\)/);
    expect(turn.memoriesUsed).toBeGreaterThanOrEqual(1);
    expect(turn.memoriesRetrieved.find((m) => m.text === 'I am allergic to peanuts')?.used).toBe(true);
    expect(turn.usage).toEqual({ inputTokens: 0, outputTokens: 0, costMicroUsd: 0 });
    expect(turn.startedConversation).toBe(true);
    const conversation = await bus.request(
      ChatSubjects.getConversation,
      { conversationId: turn.conversationId },
      { userId: ALICE },
    );
    expect(conversation.title).toBe('Which foods am I allergic to?');
    expect(conversation.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(conversation.messages[1]!.memories.map((m) => m.text)).toContain('I am allergic to peanuts');
  });

  it('says it remembers nothing relevant rather than inventing an answer', async () => {
    const turn = await bus.request(
      ChatSubjects.sendTurn,
      { message: 'Tell me about quantum chromodynamics' },
      { userId: BOB },
    );
    expect(turn.text).toContain("I don't remember anything that bears on this yet");
  });

  it('learns facts from the exchange with the rules (durable job): add, skip a repeat, close a contradiction', async () => {
    const first = await bus.request(
      ChatSubjects.sendTurn,
      { message: 'My name is Carol and I live in Paris.' },
      { userId: 'user-carol' },
    );
    expect(await learned(services, first.extractionJobId)).toMatchObject({ extractedBy: 'rules', added: 2 });
    let memories = await memoriesOf(bus, 'user-carol');
    expect(memories.map((m) => m.text).sort()).toEqual(['User lives in Paris.', "User's name is Carol."]);
    expect(memories.every((m) => m.source === 'chat' && m.conversationId === first.conversationId)).toBe(
      true,
    );
    expect(memories[0]!.conversationTitle).toBe('My name is Carol and I live in Paris.');

    const repeat = await bus.request(
      ChatSubjects.sendTurn,
      { message: 'I live in Paris.', conversationId: first.conversationId },
      { userId: 'user-carol' },
    );
    expect(repeat.startedConversation).toBe(false);
    expect(await learned(services, repeat.extractionJobId)).toMatchObject({ added: 0, skipped: 1 });

    const moved = await bus.request(
      ChatSubjects.sendTurn,
      { message: 'Actually, I moved to Lisbon.' },
      { userId: 'user-carol' },
    );
    expect(await learned(services, moved.extractionJobId)).toMatchObject({ added: 1, closed: 1 });
    memories = await memoriesOf(bus, 'user-carol');
    expect(memories.map((m) => m.text).sort()).toEqual(['User lives in Lisbon.', "User's name is Carol."]);
    const all = await memoriesOf(bus, 'user-carol', true);
    expect(all.find((m) => m.text === 'User lives in Paris.')?.validTo).not.toBeNull();
  });

  it('learns a move said the way people say it: the old home closed, the partner kept, a dated past home', async () => {
    const user = 'user-dora';
    const first = await bus.request(
      ChatSubjects.sendTurn,
      { message: 'I live in Toulouse with my partner Hugo.' },
      { userId: user },
    );
    expect(await learned(services, first.extractionJobId)).toMatchObject({ added: 2 });
    const moved = await bus.request(
      ChatSubjects.sendTurn,
      {
        message: "Oh, and an update: we've just moved house, we now live in Bordeaux.",
        conversationId: first.conversationId,
      },
      { userId: user },
    );
    expect(await learned(services, moved.extractionJobId)).toMatchObject({ added: 1, closed: 1 });
    const past = await bus.request(
      ChatSubjects.sendTurn,
      { message: 'In 2019 I lived in Madrid.', conversationId: first.conversationId },
      { userId: user },
    );
    expect(await learned(services, past.extractionJobId)).toMatchObject({ added: 1, closed: 0 });

    const open = await memoriesOf(bus, user);
    expect(open.map((m) => m.text).sort()).toEqual([
      'User lives in Bordeaux.',
      "User's partner is named Hugo.",
    ]);
    expect(open.find((m) => m.text === 'User lives in Bordeaux.')?.metadata).toMatchObject({
      slot: 'residence',
      subject: 'residence',
      value: 'bordeaux',
    });
    const all = await memoriesOf(bus, user, true);
    expect(all.find((m) => m.text === 'User lives in Toulouse.')?.validTo).not.toBeNull();
    const madrid = all.find((m) => m.text === 'User lived in Madrid.');
    expect([madrid?.validFrom, madrid?.validTo]).toEqual([
      '2019-01-01T00:00:00.000Z',
      '2020-01-01T00:00:00.000Z',
    ]);
    const asOf = await bus.request(
      MemorySubjects.list,
      { limit: 100, offset: 0, sort: 'recent', asOf: '2019-06-01T00:00:00.000Z' },
      { userId: user },
    );
    expect(asOf.memories.map((m) => m.text)).toContain('User lived in Madrid.');
  });

  it('writes no document summary without a model: the caller writes an extractive one', async () => {
    expect(
      await bus.request(
        ChatSubjects.summarizeDocument,
        { title: 'notes.txt', text: 'Alice keeps bees on her roof in Lisbon.' },
        { userId: ALICE },
      ),
    ).toEqual({ summary: null, model: null });
  });

  it('extracts facts over the bus for file ingestion, storing nothing', async () => {
    const view = await bus.request(
      ChatSubjects.extractFacts,
      { text: 'I work at Initech. I love jazz. The sky is blue.', source: 'file' },
      { userId: ALICE },
    );
    expect(view.facts.map((f) => [f.text, f.subject, f.source])).toEqual([
      ['User works at Initech.', 'employer', 'file'],
      ['User likes jazz.', 'likes:jazz', 'file'],
    ]);
  });
});

describe('chat service: a loopback OpenAI-compatible provider', () => {
  let services: BusTestApp;
  let bus: BusClient;
  let llm: LoopbackLlmServer;
  const dataDir = mkdtempSync(join(tmpdir(), 'membolt-chat-llm-'));

  beforeAll(async () => {
    llm = await startLoopbackLlmServer('openai');
    services = await startServices(dataDir, {
      providers: [{ provider: 'openai', apiKey: 'sk-operator', baseUrl: llm.baseUrl }],
      extraction: 'rules',
    });
    bus = services.bus;
  });
  afterEach(() => {
    llm.requests.length = 0;
  });
  afterAll(async () => {
    await services?.close();
    await llm?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes no document summary when background model use is off (CHAT_EXTRACTION=rules)', async () => {
    expect(
      await bus.request(
        ChatSubjects.summarizeDocument,
        { title: 'notes.txt', text: 'Alice keeps bees on her roof in Lisbon.' },
        { userId: ALICE },
      ),
    ).toEqual({ summary: null, model: null });
    expect(llm.requests).toEqual([]);
  });

  it('offers the OpenAI models (operator) and not the others', async () => {
    const list = await bus.request(ChatSubjects.listModels, {}, { userId: ALICE });
    expect(list.offline).toBe(false);
    const available = list.models.filter((m) => m.available).map((m) => m.id);
    expect(available).toEqual(['gpt-4.1', 'gpt-4.1-mini', 'gpt-4o', 'gpt-4']);
    expect(list.models.find((m) => m.id === 'gpt-4.1')?.providerSource).toBe('operator');
  });

  it('streams the answer, today in the system prompt and the memories in a data block of the user’s turn, then stores the exchange', async () => {
    await bus.request(
      MemorySubjects.create,
      { text: 'My dog is a golden retriever named Biscuit' },
      { userId: ALICE },
    );
    llm.respondWith(() => ({
      kind: 'stream',
      tokens: ['Biscuit ', 'is ', 'a ', 'good ', 'dog.'],
      inputTokens: 120,
      outputTokens: 5,
    }));
    const chunks: ChatStreamChunk[] = [];
    for await (const chunk of bus.stream(
      ChatSubjects.streamTurn,
      { message: 'What is my dog called?', model: 'gpt-4.1' },
      { userId: ALICE },
    )) {
      chunks.push(chunk);
    }
    expect(chunks.map((c) => c.type)).toEqual(['start', 'token', 'token', 'token', 'token', 'token', 'done']);
    const done = chunks.at(-1) as Extract<ChatStreamChunk, { type: 'done' }>;
    expect(done.turn.text).toBe('Biscuit is a good dog.');
    expect(done.turn.usage).toEqual({ inputTokens: 120, outputTokens: 5, costMicroUsd: 120 * 2 + 5 * 8 });
    expect(done.turn.responder).toBe('openai');
    expect(done.turn.memoriesUsed).toBeGreaterThanOrEqual(1);
    const request = llm.requests[0]!;
    expect(request.model).toBe('gpt-4.1');
    expect(request.apiKey).toBe('sk-operator');
    expect(request.system).toContain('You are Membolt');
    expect(request.system).toMatch(/Today is \w+day, \d{1,2} \w+ \d{4}/);
    expect(request.system).not.toContain('Biscuit');
    expect(request.messages).toHaveLength(1);
    expect(request.messages[0]!.role).toBe('user');
    expect(request.messages[0]!.content).toMatch(
      /^<memories>\n[^\n]+\n- \(\d{4}-\d{2}-\d{2}\) My dog is a golden retriever named Biscuit\n(- [^\n]+\n)*<\/memories>\n\nWhat is my dog called\?$/,
    );

    llm.respondWith(() => ({ kind: 'stream', tokens: ['Yes.'] }));
    const next = await bus.request(
      ChatSubjects.sendTurn,
      { message: 'Is he a retriever?', conversationId: done.turn.conversationId, model: 'gpt-4.1' },
      { userId: ALICE },
    );
    expect(next.conversationId).toBe(done.turn.conversationId);
    // Earlier turns go as they were said; only this turn carries the memory block.
    expect(llm.requests[1]!.messages.slice(0, 2)).toEqual([
      { role: 'user', content: 'What is my dog called?' },
      { role: 'assistant', content: 'Biscuit is a good dog.' },
    ]);
    expect(llm.requests[1]!.messages[2]!.content).toMatch(/^<memories>\n[\s\S]*\n\nIs he a retriever\?$/);
    const list = await bus.request(
      ChatSubjects.listConversations,
      { limit: 10, offset: 0 },
      { userId: ALICE },
    );
    expect(list.conversations[0]).toMatchObject({
      id: done.turn.conversationId,
      messageCount: 4,
      preview: 'Yes.',
    });
  });

  it('a REST caller’s own history is used without a conversation id (and does not count as a new conversation)', async () => {
    llm.respondWith(() => ({ kind: 'stream', tokens: ['Noted.'] }));
    const turn = await bus.request(
      ChatSubjects.sendTurn,
      {
        message: 'And my sister?',
        model: 'gpt-4.1-mini',
        history: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'My brother is Tom.' },
          { role: 'assistant', content: 'Nice.' },
        ],
      },
      { userId: ALICE },
    );
    expect(turn.startedConversation).toBe(false);
    expect(llm.requests[0]!.system).toContain('Be brief.');
    expect(llm.requests[0]!.messages.map((m) => readUserTurn(m.content).message)).toEqual([
      'My brother is Tom.',
      'Nice.',
      'And my sister?',
    ]);
  });

  it('a provider failure stores nothing and says why', async () => {
    llm.respondWith(() => ({ kind: 'error', status: 401, message: 'Incorrect API key provided' }));
    const before = (
      await bus.request(ChatSubjects.listConversations, { limit: 100, offset: 0 }, { userId: 'user-dave' })
    ).totalCount;
    const error = await failure(
      bus.request(ChatSubjects.sendTurn, { message: 'Hello', model: 'gpt-4.1' }, { userId: 'user-dave' }),
    );
    expect(error.code).toBe(ChatErrorCode.ProviderAuthFailed);
    expect(
      (await bus.request(ChatSubjects.listConversations, { limit: 100, offset: 0 }, { userId: 'user-dave' }))
        .totalCount,
    ).toBe(before);
  });

  it('a model whose provider is not configured is answered by the offline assistant', async () => {
    const turn = await bus.request(
      ChatSubjects.sendTurn,
      { message: 'Hi', model: 'claude-3-haiku' },
      { userId: ALICE },
    );
    expect(turn.responder).toBe('offline');
    expect(llm.requests).toHaveLength(0);
  });

  it('the user’s own key is used before the operator’s, and makes its provider’s models available', async () => {
    await bus.request(
      KeysSubjects.createProviderKey,
      { provider: 'openai-compatible', apiKey: 'sk-users-own', baseUrl: llm.baseUrl },
      { userId: 'user-erin' },
    );
    await bus.request(
      KeysSubjects.createProviderKey,
      { provider: 'openai', apiKey: 'sk-erins-openai' },
      { userId: 'user-erin' },
    );
    const list = await bus.request(ChatSubjects.listModels, {}, { userId: 'user-erin' });
    expect(list.models.find((m) => m.id === 'gpt-4.1')).toMatchObject({
      available: true,
      providerSource: 'user',
    });
    llm.respondWith(() => ({ kind: 'stream', tokens: ['ok'] }));
    // Erin's OpenAI key goes to OpenAI's own URL (no base URL stored): point the check at the key that was sent.
    const test = await bus.request(
      ChatSubjects.testProviderKey,
      { provider: 'openai', apiKey: 'sk-x', baseUrl: llm.baseUrl },
      { userId: 'user-erin' },
    );
    expect(test).toMatchObject({ ok: true, provider: 'openai', model: 'gpt-4.1-mini' });
    expect(llm.requests.at(-1)!.apiKey).toBe('sk-x');
    expect(llm.requests.at(-1)!.maxOutputTokens).toBe(1);
    llm.respondWith(() => ({ kind: 'error', status: 401, message: 'bad key' }));
    const refused = await bus.request(
      ChatSubjects.testProviderKey,
      { provider: 'openai', apiKey: 'sk-bad', baseUrl: llm.baseUrl },
      { userId: 'user-erin' },
    );
    expect(refused.ok).toBe(false);
    expect(refused.message).toContain('refused the API key');
  });

  it('cancels the provider request when the caller leaves mid-stream, storing nothing', async () => {
    llm.respondWith(() => ({
      kind: 'stream',
      tokens: Array.from({ length: 300 }, (_, i) => `w${i} `),
      delayMs: 10,
    }));
    const abandonedBefore = llm.abandoned;
    const controller = new AbortController();
    let tokens = 0;
    for await (const chunk of bus.stream(
      ChatSubjects.streamTurn,
      { message: 'Write a long story', model: 'gpt-4.1' },
      { userId: 'user-fay', signal: controller.signal },
    )) {
      if (chunk.type === 'token' && ++tokens === 3) controller.abort();
    }
    for (let i = 0; i < 200 && llm.abandoned === abandonedBefore; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(llm.abandoned).toBe(abandonedBefore + 1);
    expect(
      (await bus.request(ChatSubjects.listConversations, { limit: 10, offset: 0 }, { userId: 'user-fay' }))
        .totalCount,
    ).toBe(0);
  });
});

describe('chat service: conversations are private and inputs validated', () => {
  let services: BusTestApp;
  let bus: BusClient;
  const dataDir = mkdtempSync(join(tmpdir(), 'membolt-chat-tenant-'));
  let alicesConversation: string;

  beforeAll(async () => {
    services = await startServices(dataDir, {});
    bus = services.bus;
    alicesConversation = (
      await bus.request(ChatSubjects.sendTurn, { message: 'Secret plans' }, { userId: ALICE })
    ).conversationId;
  });
  afterAll(async () => {
    await services?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    [
      'get',
      () =>
        bus.request(ChatSubjects.getConversation, { conversationId: alicesConversation }, { userId: BOB }),
    ],
    [
      'rename',
      () =>
        bus.request(
          ChatSubjects.renameConversation,
          { conversationId: alicesConversation, title: 'Mine' },
          { userId: BOB },
        ),
    ],
    [
      'delete',
      () =>
        bus.request(ChatSubjects.deleteConversation, { conversationId: alicesConversation }, { userId: BOB }),
    ],
    [
      'continue',
      () =>
        bus.request(
          ChatSubjects.sendTurn,
          { message: 'hi', conversationId: alicesConversation },
          { userId: BOB },
        ),
    ],
  ])('another user cannot %s it: not_found, and nothing changes', async (_name, call) => {
    expect((await failure(call())).code).toBe(CommonErrorCode.NotFound);
    const conversation = await bus.request(
      ChatSubjects.getConversation,
      { conversationId: alicesConversation },
      { userId: ALICE },
    );
    expect(conversation).toMatchObject({ title: 'Secret plans', messageCount: 2 });
    expect(
      (await bus.request(ChatSubjects.listConversations, { limit: 10, offset: 0 }, { userId: BOB }))
        .totalCount,
    ).toBe(0);
  });

  it.each([
    [{ message: '   ' }, 'message is required'],
    [{ message: 'x'.repeat(32_001) }, 'message must be shorter than or equal to 32000 characters'],
    [{ message: 'hi', model: 'gpt-5-ultra' }, 'Unknown model "gpt-5-ultra"'],
    [{ message: 'hi', mode: 'poetry' }, 'mode'],
    [{ message: 'hi', history: [{ role: 'wizard', content: 'x' }] }, 'role'],
    [{ message: 'hi', admin: true }, 'admin should not exist'],
  ])('refuses a bad request with validation_error (%#)', async (request, text) => {
    const error = await failure(bus.request(ChatSubjects.sendTurn, request as never, { userId: ALICE }));
    expect(error.code).toBe(CommonErrorCode.ValidationError);
    expect(error.message).toContain(text);
  });

  it('renames and deletes a conversation (the memories stay), then it is gone', async () => {
    const { conversationId } = await bus.request(
      ChatSubjects.sendTurn,
      { message: 'Temporary' },
      { userId: ALICE },
    );
    const renamed = await bus.request(
      ChatSubjects.renameConversation,
      { conversationId, title: '  Renamed  ' },
      { userId: ALICE },
    );
    expect(renamed.title).toBe('Renamed');
    expect(
      (
        await failure(
          bus.request(ChatSubjects.renameConversation, { conversationId, title: ' ' }, { userId: ALICE }),
        )
      ).message,
    ).toContain('title is required');
    const deleted = await bus.request(ChatSubjects.deleteConversation, { conversationId }, { userId: ALICE });
    expect(deleted).toEqual({
      conversationId,
      removedMessages: 2,
      memoriesKept: true,
      message: 'Conversation deleted. The memories extracted from it were kept.',
    });
    expect(
      (await failure(bus.request(ChatSubjects.getConversation, { conversationId }, { userId: ALICE }))).code,
    ).toBe(CommonErrorCode.NotFound);
  });

  it('web search without a provider: web_search_not_configured with the operator hint', async () => {
    const error = await failure(
      bus.request(ChatSubjects.webSearch, { query: 'membolt', numResults: 5 }, { userId: ALICE }),
    );
    expect(error.code).toBe(ChatErrorCode.WebSearchNotConfigured);
    expect(error.message).toContain('Web search is not configured');
  });

  it('deletes every conversation of a user for account deletion, and no one else’s', async () => {
    await bus.request(ChatSubjects.sendTurn, { message: 'Bob was here' }, { userId: BOB });
    const receipt = await bus.request(deleteUserDataSubject('chat'), {}, { userId: BOB });
    expect(receipt).toEqual({ service: 'chat', removed: { conversations: 1, messages: 2 } });
    expect(
      (await bus.request(ChatSubjects.listConversations, { limit: 10, offset: 0 }, { userId: ALICE }))
        .totalCount,
    ).toBeGreaterThan(0);
  });
});

describe('chat service: fact extraction survives a crash', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'membolt-chat-crash-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('a process killed (kill -9) while extracting leaves the job to the restarted service, which learns the facts once', async () => {
    buildJobsLib();
    const config = jobsConfig(dataDir);
    // A worker of the chat service's own queue that takes the extraction job and dies in the middle of it.
    const child = spawn(process.execPath, [CRASH_WORKER], {
      env: {
        ...process.env,
        JOBS_CRASH_CONFIG: JSON.stringify({ service: 'chat', config }),
        JOBS_CRASH_JOB: FACT_EXTRACTION_JOB,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await eventually(() => output.includes('ready'), 30_000, 'the worker process to start');
      const producer = await createJobQueue('chat', config);
      const { id } = await producer.enqueue(
        FACT_EXTRACTION_JOB,
        {
          userId: 'user-dave',
          conversationId: 'conversation-dave',
          conversationTitle: 'Moving north',
          userMessageId: 'message-dave-1',
          userMessage: 'My name is Dave and I live in Oslo.',
          assistantMessage: 'Nice to meet you, Dave.',
          model: 'gpt-4.1',
        },
        { jobId: 'extract-message-dave-1', attempts: 6, backoffMs: 2000 },
      );
      await eventually(() => output.includes(`started ${id} 1`), 30_000, 'the worker to take the job');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      await producer.close();

      const services = await startServices(dataDir, {});
      try {
        const state = await services.app.get<JobQueue>(JOB_QUEUE, { strict: false }).waitFor(id, 60_000);
        expect(state).toMatchObject({ state: 'done', attempts: 2 }); // the killed run, then the restarted one
        expect(state.result).toMatchObject({ extractedBy: 'rules', added: 2 });
        const memories = await memoriesOf(services.bus, 'user-dave');
        expect(memories.map((m) => m.text).sort()).toEqual(['User lives in Oslo.', "User's name is Dave."]);
        expect(memories.every((m) => m.conversationId === 'conversation-dave')).toBe(true);
      } finally {
        await services.close();
      }
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
