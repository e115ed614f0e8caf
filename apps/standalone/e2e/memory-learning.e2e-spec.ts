import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { LoopbackLlmResponder } from '@membolt/chat/testing';
import { setupGatewayDocs } from '@membolt/gateway';
import { eventually } from '@membolt/jobs/testing';
import { type ApiUser, expectError, newApiUser, ok, UNLIMITED_GATEWAY } from './support/memory-api.js';
import { useStandalone, useStandaloneWithLoopbackModel } from './support/standalone.js';

jest.setTimeout(120_000);

interface MemoryJson {
  id: string;
  text: string;
  source: string;
  metadata: string;
  valid_to: string | null;
  end_user_id: string | null;
  agent_id: string | null;
}

interface LearnedJson {
  results: Array<{
    id: string;
    event: string;
    text: string;
    previous_text: string | null;
    memory: MemoryJson;
  }>;
  extracted_by: 'llm' | 'rules' | null;
  count: number;
}

const memoriesPath = (user: ApiUser) => `/api/user/${user.userId}/memories`;

/** The memories of a scope (`?end_user_id=...`), closed ones too when asked. */
async function memoriesOf(user: ApiUser, scope = '', includeClosed = false): Promise<MemoryJson[]> {
  const query = new URLSearchParams(scope);
  query.set('limit', '100');
  if (includeClosed) query.set('include_closed', 'true');
  return ok<{ memories: MemoryJson[] }>(await user.call(`${memoriesPath(user)}?${query}`)).memories;
}

const learn = (user: ApiUser, body: Record<string, unknown>) =>
  user.call(memoriesPath(user), { method: 'POST', body });

/**
 * `POST /api/user/{id}/memories` with `messages`: the facts of a conversation, extracted and reconciled with
 * one scope's memories by the chat's rules (no language model configured: the offline rules read them).
 */
describe('REST memory API: learning from messages (offline rules)', () => {
  const product = useStandalone('memory-learning', UNLIMITED_GATEWAY);
  let alice: ApiUser;
  let bob: ApiUser;

  beforeAll(async () => {
    alice = await newApiUser(product);
    bob = await newApiUser(product);
    // The account's own fact, which an end user's messages must never touch.
    ok(await learn(alice, { messages: [{ role: 'user', content: 'I live in Lisbon.' }] }), 201);
  });

  it('"I live in Paris." twice then "I live in Vienna." leaves one open memory (Vienna) and Paris closed', async () => {
    const answer = await learn(alice, {
      end_user_id: 'dana',
      messages: [
        { role: 'user', content: 'I live in Paris.' },
        { role: 'assistant', content: 'Paris is lovely.' },
        { role: 'user', content: 'I live in Paris.' },
        { role: 'user', content: 'I live in Vienna.' },
      ],
    });
    const learned = ok<LearnedJson>(answer, 201);
    expect(learned.extracted_by).toBe('rules');
    expect(learned.results.map(({ event, text }) => [event, text])).toEqual([
      ['ADD', 'User lives in Paris.'],
      ['NOOP', 'User lives in Paris.'],
      ['CLOSE', 'User lives in Paris.'],
      ['ADD', 'User lives in Vienna.'],
    ]);
    const [added, noop, closed, vienna] = learned.results;
    expect(noop!.id).toBe(added!.id);
    expect(closed!.id).toBe(added!.id);
    expect(closed!.memory.valid_to).not.toBeNull();
    expect(vienna!.memory).toMatchObject({ end_user_id: 'dana', source: 'api', valid_to: null });
    expect(learned.count).toBe(4);

    const open = await memoriesOf(alice, 'end_user_id=dana');
    expect(open.map((memory) => memory.text)).toEqual(['User lives in Vienna.']);
    const all = await memoriesOf(alice, 'end_user_id=dana', true);
    expect(all.map((memory) => [memory.text, memory.valid_to !== null]).sort()).toEqual([
      ['User lives in Paris.', true],
      ['User lives in Vienna.', false],
    ]);
    // The account's own Lisbon fact is still open: the end user's move closed nothing of the developer's.
    expect((await memoriesOf(alice)).map((memory) => [memory.text, memory.valid_to])).toEqual([
      ['User lives in Lisbon.', null],
    ]);
  });

  it('sending the same messages again changes nothing (NOOP, 200)', async () => {
    const learned = ok<LearnedJson>(
      await learn(alice, { end_user_id: 'dana', messages: 'I live in Vienna.' }),
      200,
    );
    expect(learned.results.map(({ event, text }) => [event, text])).toEqual([
      ['NOOP', 'User lives in Vienna.'],
    ]);
    expect((await memoriesOf(alice, 'end_user_id=dana')).length).toBe(1);
  });

  it('a change closes what it ends and is not kept; said again, a change or a past fact changes nothing', async () => {
    const messages = [
      { role: 'user', content: 'I work as an accountant at Hartley & Finch.' },
      { role: 'user', content: 'Big news: I quit my job at Hartley & Finch yesterday.' },
      { role: 'user', content: 'In 2019 I lived in Madrid.' },
    ];
    const first = ok<LearnedJson>(await learn(alice, { end_user_id: 'erik', messages }), 201);
    expect(first.results.map(({ event, text }) => [event, text])).toEqual([
      ['ADD', 'User works as an accountant at Hartley & Finch.'],
      ['CLOSE', 'User works as an accountant at Hartley & Finch.'],
      ['ADD', 'User lived in Madrid.'],
    ]);
    expect(await memoriesOf(alice, 'end_user_id=erik')).toEqual([]);
    const again = ok<LearnedJson>(
      await learn(alice, { end_user_id: 'erik', messages: messages.slice(1) }),
      200,
    );
    expect(again.results.map(({ event, text }) => [event, text])).toEqual([
      ['NOOP', 'User works as an accountant at Hartley & Finch.'],
      ['NOOP', 'User lived in Madrid.'],
    ]);
    const all = await memoriesOf(alice, 'end_user_id=erik', true);
    expect(all.map((memory) => memory.text).sort()).toEqual([
      'User lived in Madrid.',
      'User works as an accountant at Hartley & Finch.',
    ]);
  });

  it('learns into the agent and run given, from the query or the body, with the metadata given', async () => {
    const learned = ok<LearnedJson>(
      await alice.call(`${memoriesPath(alice)}?end_user_id=erin&agent_id=concierge`, {
        method: 'POST',
        body: { messages: 'My name is Erin. I am allergic to peanuts.', metadata: { channel: 'sms' } },
      }),
      201,
    );
    expect(learned.results.map((result) => result.event)).toEqual(['ADD', 'ADD']);
    for (const { memory } of learned.results) {
      expect(memory).toMatchObject({ end_user_id: 'erin', agent_id: 'concierge' });
      expect(JSON.parse(memory.metadata)).toMatchObject({ channel: 'sms', extractedBy: 'rules' });
    }
    expect((await memoriesOf(alice, 'end_user_id=erin&agent_id=concierge')).length).toBe(2);
  });

  it('a message with nothing to learn answers no events (200) and stores nothing', async () => {
    const learned = ok<LearnedJson>(
      await learn(alice, {
        end_user_id: 'frank',
        messages: [
          { role: 'system', content: 'You are a helpful travel agent.' },
          { role: 'user', content: 'What is the weather like in Rome?' },
        ],
      }),
      200,
    );
    expect(learned).toEqual({ results: [], extracted_by: 'rules', count: 0 });
    expect(await memoriesOf(alice, 'end_user_id=frank', true)).toEqual([]);
  });

  it('infer=false stores the user and assistant messages as given (not the system one), with their role', async () => {
    const learned = ok<LearnedJson>(
      await learn(alice, {
        end_user_id: 'gina',
        infer: false,
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Please call me after 6 pm.' },
          { role: 'assistant', content: 'Sure, after 6 pm it is.' },
        ],
      }),
      201,
    );
    expect(learned.extracted_by).toBeNull();
    expect(learned.results.map(({ event, text, previous_text }) => [event, text, previous_text])).toEqual([
      ['ADD', 'Please call me after 6 pm.', null],
      ['ADD', 'Sure, after 6 pm it is.', null],
    ]);
    expect(JSON.parse(learned.results[0]!.memory.metadata)).toMatchObject({ role: 'user' });
    expect((await memoriesOf(alice, 'end_user_id=gina')).map((memory) => memory.text).sort()).toEqual([
      'Please call me after 6 pm.',
      'Sure, after 6 pm it is.',
    ]);
  });

  it('refuses bad messages with 400 naming the bad part, and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ messages: 42 }, 'messages must be a list of {role, content} objects or a string'],
      [{ messages: null }, 'messages must be a list of {role, content} objects or a string'],
      [{ messages: '   ' }, 'messages must not be empty'],
      [{ messages: [] }, 'messages must hold at least 1 message'],
      [{ messages: ['I live in Oslo.'] }, 'messages[0] must be an object with role and content'],
      [
        {
          messages: [
            { role: 'user', content: 'ok' },
            { role: 'robot', content: 'I live in Oslo.' },
          ],
        },
        'messages[1].role must be one of: user, assistant, system',
      ],
      [{ messages: [{ role: 'user' }] }, 'messages[0].content must be a string'],
      [{ messages: [{ role: 'user', content: ' ' }] }, 'messages[0].content must not be empty'],
      [
        { messages: [{ role: 'user', content: 'I live in Oslo.', name: 'x' }] },
        'messages[0].name should not exist',
      ],
      [
        { messages: [{ role: 'user', content: 'x'.repeat(20_001) }] },
        'messages[0].content must be at most 20000 characters',
      ],
      [
        { messages: Array.from({ length: 101 }, () => ({ role: 'user', content: 'I live in Oslo.' })) },
        'messages must hold at most 100 messages',
      ],
      [
        { messages: Array.from({ length: 3 }, () => ({ role: 'user', content: 'x'.repeat(20_000) })) },
        'messages must hold at most 50000 characters in all',
      ],
      [{ messages: 'I live in Oslo.', infer: 'yes' }, 'infer must be true or false'],
      [{ messages: 'I live in Oslo.', text: 'I live in Oslo.' }, 'Give either text or messages, not both.'],
      [
        { messages: 'I live in Oslo.', metadata: [1] },
        'metadata must be a JSON object or a string holding one',
      ],
      [{ messages: 'I live in Oslo.', importance: 0.5 }, 'importance should not exist'],
      [
        { messages: 'I live in Oslo.', metadata: { note: 'x'.repeat(15_400) } },
        'metadata must be at most 15360 characters as JSON with messages',
      ],
      [
        { messages: 'I live in Oslo.', end_user_id: 7 },
        'end_user_id must be a string of at most 200 characters',
      ],
    ];
    for (const [body, message] of cases) {
      expectError(await learn(alice, { end_user_id: 'oslo', ...body }), 400, 'validation_error', message);
    }
    expect(await memoriesOf(alice, 'end_user_id=oslo', true)).toEqual([]);
    expectError(
      await alice.call(`${memoriesPath(alice)}?end_user_id=a`, {
        method: 'POST',
        body: { messages: 'I live in Oslo.', end_user_id: 'b' },
      }),
      400,
      'validation_error',
      'end_user_id differs between the query and the body.',
    );
  });

  it("another account's key cannot learn into, nor read, this account's end users", async () => {
    const before = await memoriesOf(alice, 'end_user_id=dana', true);
    for (const body of [
      { end_user_id: 'dana', messages: 'I live in Oslo.' },
      { end_user_id: 'dana', messages: 'I live in Oslo.', infer: false },
    ]) {
      expectError(
        await bob.call(memoriesPath(alice), { method: 'POST', body }),
        403,
        'api_key_foreign_user',
        'This API key does not belong to this user.',
      );
    }
    // Bob's own "dana" is another scope: Alice's Vienna is not seen there (ADD, not NOOP) nor closed by Oslo.
    const own = ok<LearnedJson>(
      await learn(bob, { end_user_id: 'dana', messages: ['I live in Vienna.', 'I live in Oslo.'].join(' ') }),
      201,
    );
    expect(own.results.map(({ event, text }) => [event, text])).toEqual([
      ['ADD', 'User lives in Vienna.'],
      ['CLOSE', 'User lives in Vienna.'],
      ['ADD', 'User lives in Oslo.'],
    ]);
    expect(await memoriesOf(alice, 'end_user_id=dana', true)).toEqual(before);
    expect((await memoriesOf(bob, 'end_user_id=dana')).map((memory) => memory.text)).toEqual([
      'User lives in Oslo.',
    ]);
  });
});

// A real server speaking OpenAI's protocol on loopback: it answers the extraction prompt with the facts
// this test chooses for the transcript it reads.
const extractionResponder: LoopbackLlmResponder = (request) => {
  const prompt = request.messages.at(-1)?.content ?? '';
  const fact = (text: string, subject: string, value: string) => ({
    text,
    subject,
    value,
    category: 'personal',
    importance: 0.8,
    kind: 'fact',
  });
  const facts = [
    ...(prompt.includes('Paris') ? [fact('User lives in Paris.', 'residence', 'paris')] : []),
    ...(prompt.includes('the 11th arrondissement')
      ? [fact('User lives in Paris, in the 11th arrondissement.', 'residence', 'paris')]
      : []),
  ];
  return { kind: 'stream', tokens: [JSON.stringify({ facts })] };
};

describe('REST memory API: learning from messages with the language model', () => {
  const under = useStandaloneWithLoopbackModel('memory-learning-llm', extractionResponder, UNLIMITED_GATEWAY);
  const { product } = under;
  let alice: ApiUser;

  beforeAll(async () => {
    alice = await newApiUser(product);
  });

  it('extracts with the model from the whole transcript and updates a known fact in new words', async () => {
    const first = ok<LearnedJson>(
      await learn(alice, {
        end_user_id: 'hugo',
        messages: [
          { role: 'system', content: 'You are a concierge.' },
          { role: 'user', content: 'Hi! I moved to Paris last year.' },
        ],
      }),
      201,
    );
    expect(first.extracted_by).toBe('llm');
    expect(first.results.map(({ event, text }) => [event, text])).toEqual([['ADD', 'User lives in Paris.']]);
    const sent = under.llm.requests.at(-1)!;
    expect(sent.wantsJson).toBe(true);
    expect(sent.messages.at(-1)!.content).toContain(
      'System instructions:\nYou are a concierge.\n\nUser said:\nHi! I moved to Paris last year.',
    );

    const second = ok<LearnedJson>(
      await learn(alice, {
        end_user_id: 'hugo',
        messages: [{ role: 'user', content: 'To be precise: the 11th arrondissement.' }],
      }),
      200,
    );
    expect(second.results).toEqual([
      expect.objectContaining({
        event: 'UPDATE',
        id: first.results[0]!.id,
        text: 'User lives in Paris, in the 11th arrondissement.',
        previous_text: 'User lives in Paris.',
      }),
    ]);
    expect((await memoriesOf(alice, 'end_user_id=hugo')).map((memory) => memory.text)).toEqual([
      'User lives in Paris, in the 11th arrondissement.',
    ]);
  });
});

/** Plain `text` adds return the open memory already holding the same words instead of storing a copy. */
describe('REST memory API: duplicate adds', () => {
  const product = useStandalone('memory-dedupe', UNLIMITED_GATEWAY);
  let alice: ApiUser;
  let bob: ApiUser;

  beforeAll(async () => {
    alice = await newApiUser(product);
    bob = await newApiUser(product);
  });

  const add = (user: ApiUser, body: Record<string, unknown>, query = '') =>
    user.call(`${memoriesPath(user)}${query}`, { method: 'POST', body });

  it('an exact or near-exact repeat (case, spaces, punctuation) answers the open memory: 200, deduplicated', async () => {
    const first = ok<MemoryJson & { deduplicated?: boolean }>(
      await add(alice, { text: 'I live in Paris.', end_user_id: 'ivy' }),
      201,
    );
    expect(first).not.toHaveProperty('deduplicated');
    for (const text of ['I live in Paris.', '  i LIVE in   paris ', 'I live in Paris!', 'I live, in Paris']) {
      const again = ok<MemoryJson & { deduplicated?: boolean }>(
        await add(alice, { text, end_user_id: 'ivy' }),
        200,
      );
      expect(again).toEqual({ ...first, deduplicated: true });
    }
    // Other words, another scope, another agent, or dedupe: false: a new memory.
    ok(await add(alice, { text: 'I live in Paris, France.', end_user_id: 'ivy' }), 201);
    ok(await add(alice, { text: 'I live in Paris.' }), 201);
    ok(await add(alice, { text: 'I live in Paris.' }, '?end_user_id=ivy&agent_id=concierge'), 201);
    ok(await add(alice, { text: 'I live in Paris.', end_user_id: 'ivy', dedupe: false }), 201);
    const texts = (await memoriesOf(alice, 'end_user_id=ivy')).map((memory) => memory.text).sort();
    expect(texts).toEqual([
      'I live in Paris, France.',
      'I live in Paris.',
      'I live in Paris.',
      'I live in Paris.',
    ]);
  });

  it('a closed memory is not a duplicate: the fact is stored again as open', async () => {
    const first = ok<MemoryJson>(await add(alice, { text: 'Works at Acme.', end_user_id: 'jay' }), 201);
    ok(
      await alice.call(`${memoriesPath(alice)}/${first.id}?end_user_id=jay`, {
        method: 'PUT',
        body: { valid_to: new Date().toISOString() },
      }),
    );
    const again = ok<MemoryJson>(await add(alice, { text: 'Works at Acme.', end_user_id: 'jay' }), 201);
    expect(again.id).not.toBe(first.id);
  });

  it('batch adds deduplicate per item, against the scope and within the batch', async () => {
    const known = ok<MemoryJson>(
      await add(alice, { text: 'Has a dog called Miso.', end_user_id: 'kim' }),
      201,
    );
    const batch = ok<{ memories: Array<MemoryJson & { deduplicated?: boolean }>; count: number }>(
      await alice.call(`${memoriesPath(alice)}/batch`, {
        method: 'POST',
        body: {
          end_user_id: 'kim',
          memories: [
            { text: 'has a dog called Miso' },
            { text: 'Drinks espresso.' },
            { text: 'drinks ESPRESSO' },
          ],
        },
      }),
      201,
    );
    expect(batch.count).toBe(3);
    const [dog, espresso, espressoAgain] = batch.memories;
    expect(dog).toEqual({ ...known, deduplicated: true });
    expect(espresso).not.toHaveProperty('deduplicated');
    expect(espressoAgain).toEqual({ ...espresso, deduplicated: true });
    // Nothing new: 200.
    ok(
      await alice.call(`${memoriesPath(alice)}/batch`, {
        method: 'POST',
        body: { end_user_id: 'kim', memories: [{ text: 'Drinks espresso.' }] },
      }),
      200,
    );
    expect((await memoriesOf(alice, 'end_user_id=kim')).length).toBe(2);
    const copies = ok<{ memories: MemoryJson[] }>(
      await alice.call(`${memoriesPath(alice)}/batch`, {
        method: 'POST',
        body: { end_user_id: 'kim', dedupe: false, memories: [{ text: 'Drinks espresso.' }] },
      }),
      201,
    );
    expect(copies.memories[0]).not.toHaveProperty('deduplicated');
    expect((await memoriesOf(alice, 'end_user_id=kim')).length).toBe(3);
  });

  it('messages with infer=false deduplicate too (NOOP), unless dedupe is false', async () => {
    const first = ok<LearnedJson>(
      await add(alice, { end_user_id: 'lee', infer: false, messages: 'Call me after 6 pm.' }),
      201,
    );
    const again = ok<LearnedJson>(
      await add(alice, { end_user_id: 'lee', infer: false, messages: 'call me after 6 PM' }),
      200,
    );
    expect(again.results.map(({ event, id }) => [event, id])).toEqual([['NOOP', first.results[0]!.id]]);
    ok(
      await add(alice, { end_user_id: 'lee', infer: false, dedupe: false, messages: 'Call me after 6 pm.' }),
      201,
    );
    expect((await memoriesOf(alice, 'end_user_id=lee')).length).toBe(2);
  });

  it('refuses a dedupe that is not a boolean, storing nothing', async () => {
    expectError(
      await add(alice, { text: 'Plays chess.', end_user_id: 'mo', dedupe: 'no' }),
      400,
      'validation_error',
      'dedupe must be true or false',
    );
    expectError(
      await alice.call(`${memoriesPath(alice)}/batch`, {
        method: 'POST',
        body: { end_user_id: 'mo', dedupe: 1, memories: [{ text: 'Plays chess.' }] },
      }),
      400,
      'validation_error',
      'dedupe must be true or false',
    );
    expect(await memoriesOf(alice, 'end_user_id=mo', true)).toEqual([]);
  });

  it("another account's memories are never a duplicate, and its key cannot add on this account's path", async () => {
    const mine = ok<MemoryJson>(await add(alice, { text: 'Speaks Finnish.', end_user_id: 'nia' }), 201);
    const theirs = ok<MemoryJson>(await add(bob, { text: 'Speaks Finnish.', end_user_id: 'nia' }), 201);
    expect(theirs.id).not.toBe(mine.id);
    expectError(
      await bob.call(memoriesPath(alice), {
        method: 'POST',
        body: { text: 'Speaks Finnish.', end_user_id: 'nia' },
      }),
      403,
      'api_key_foreign_user',
      'This API key does not belong to this user.',
    );
    expect((await memoriesOf(alice, 'end_user_id=nia')).map((memory) => memory.id)).toEqual([mine.id]);
  });
});

/** `POST /api/chat` with `end_user_id`: the turn reads and learns that end user's memories, never the account's. */
describe('chat over REST for an end user (offline assistant, rules)', () => {
  const product = useStandalone('memory-learning-chat', UNLIMITED_GATEWAY);
  let alice: ApiUser;
  let bob: ApiUser;

  interface ChatJson {
    text: string;
    memories_retrieved: Array<{ text: string }>;
    conversation_id: string;
  }
  const chat = (user: ApiUser, body: Record<string, unknown>) =>
    user.call('/api/chat', { method: 'POST', body });
  /** Waits until the scope holds an open memory of this text (the extraction is a durable background job). */
  const learnt = (user: ApiUser, scope: string, text: string) =>
    eventually(
      async () => (await memoriesOf(user, scope)).some((memory) => memory.text === text),
      30_000,
      `"${text}" in ${scope || "the account's own memories"}`,
    );

  beforeAll(async () => {
    alice = await newApiUser(product);
    bob = await newApiUser(product);
    // The developer's own fact, learnt from the developer's own chat.
    ok(await chat(alice, { message: 'I live in Lisbon.' }));
    await learnt(alice, '', 'User lives in Lisbon.');
  });

  it('an end user\'s "I live in Oslo" is learnt into that end user and closes nothing of the developer\'s', async () => {
    ok(await chat(alice, { message: 'I live in Oslo.', end_user_id: 'eve' }));
    await learnt(alice, 'end_user_id=eve', 'User lives in Oslo.');
    expect((await memoriesOf(alice, 'end_user_id=eve', true)).map((memory) => memory.text)).toEqual([
      'User lives in Oslo.',
    ]);
    expect((await memoriesOf(alice, '', true)).map((memory) => [memory.text, memory.valid_to])).toEqual([
      ['User lives in Lisbon.', null],
    ]);
  });

  it("reads only that end user's memories, and the account's own without end_user_id", async () => {
    const forEve = ok<ChatJson>(await chat(alice, { message: 'Where do I live?', end_user_id: 'eve' }));
    expect(forEve.memories_retrieved.map((memory) => memory.text)).toEqual(['User lives in Oslo.']);
    expect(forEve.text).toContain('Oslo');
    expect(forEve.text).not.toContain('Lisbon');
    const forAccount = ok<ChatJson>(await chat(alice, { message: 'Where do I live?' }));
    expect(forAccount.memories_retrieved.map((memory) => memory.text)).toEqual(['User lives in Lisbon.']);
  });

  it('a contradiction in a later turn closes the end user’s old fact only', async () => {
    ok(await chat(alice, { message: 'Actually, I moved to Bergen.', end_user_id: 'eve' }));
    await learnt(alice, 'end_user_id=eve', 'User lives in Bergen.');
    const eve = await memoriesOf(alice, 'end_user_id=eve', true);
    expect(eve.map((memory) => [memory.text, memory.valid_to !== null]).sort()).toEqual([
      ['User lives in Bergen.', false],
      ['User lives in Oslo.', true],
    ]);
    expect((await memoriesOf(alice)).map((memory) => [memory.text, memory.valid_to])).toEqual([
      ['User lives in Lisbon.', null],
    ]);
  });

  it('a streamed turn (text/event-stream) reads the end user’s memories too', async () => {
    const response = await fetch(`${product.url}/api/chat`, {
      method: 'POST',
      headers: { 'X-API-Key': alice.key, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ message: 'Where do I live?', end_user_id: 'eve' }),
    });
    expect(response.status).toBe(200);
    const start = /^event: start\ndata: (.+)$/m.exec(await response.text())?.[1];
    const retrieved = (JSON.parse(start ?? '{}') as { memories_retrieved?: Array<{ text: string }> })
      .memories_retrieved;
    expect(retrieved?.map((memory) => memory.text)).toEqual(['User lives in Bergen.']);
  });

  it('learns into the agent given with the end user', async () => {
    ok(await chat(alice, { message: 'I work at Acme.', end_user_id: 'fay', agent_id: 'hr-bot' }));
    await learnt(alice, 'end_user_id=fay&agent_id=hr-bot', 'User works at Acme.');
    expect((await memoriesOf(alice, 'end_user_id=fay'))[0]).toMatchObject({ agent_id: 'hr-bot' });
  });

  it('refuses a bad end_user_id with 400 and stores no conversation', async () => {
    const before = ok<{ total_count: number }>(
      await alice.call(`/api/user/${alice.userId}/conversations`),
    ).total_count;
    for (const [body, message] of [
      [
        { message: 'hi', end_user_id: 'x'.repeat(201) },
        'end_user_id must be a string of at most 200 characters',
      ],
      [{ message: 'hi', end_user_id: 42 }, 'end_user_id must be a string of at most 200 characters'],
      [{ message: 'hi', agent_id: ['a'] }, 'agent_id must be a string of at most 200 characters'],
    ] as Array<[Record<string, unknown>, string]>) {
      expectError(await chat(alice, body), 400, 'validation_error', message);
    }
    expect(
      ok<{ total_count: number }>(await alice.call(`/api/user/${alice.userId}/conversations`)).total_count,
    ).toBe(before);
  });

  it("another account's key neither reads nor learns into this account's end user of the same id", async () => {
    const asked = ok<ChatJson>(await chat(bob, { message: 'Where do I live?', end_user_id: 'eve' }));
    expect(asked.memories_retrieved).toEqual([]);
    ok(await chat(bob, { message: 'I live in Rome.', end_user_id: 'eve' }));
    await learnt(bob, 'end_user_id=eve', 'User lives in Rome.');
    expect((await memoriesOf(alice, 'end_user_id=eve')).map((memory) => memory.text)).toEqual([
      'User lives in Bergen.',
    ]);
    expect(await memoriesOf(bob)).toEqual([]);
    // Naming Alice as the user with Bob's key is refused, end user or not.
    expectError(
      await chat(bob, { message: 'I live in Rome.', userId: alice.userId, end_user_id: 'eve' }),
      403,
      'api_key_foreign_user',
      'This API key does not belong to this user.',
    );
  });
});

/**
 * `threshold` on search: the least calibrated `relevance` (0 to 1) a result must have; with it, nothing
 * relevant is an empty list. Meaning and slots: a question reaches a fact worded otherwise.
 */
describe('REST memory API: relevance, threshold and meaning', () => {
  const product = useStandalone('memory-threshold', UNLIMITED_GATEWAY);
  let alice: ApiUser;
  let bob: ApiUser;

  interface SearchJson {
    results: Array<{
      text: string;
      score: number;
      relevance: number;
      scores: { fused: number; meaning: number; slot_match: boolean; coverage: number };
    }>;
    count: number;
  }
  const search = (user: ApiUser, query: string, extra = '') =>
    user.call(`/api/user/${user.userId}/search?query=${encodeURIComponent(query)}${extra}`);

  beforeAll(async () => {
    alice = await newApiUser(product);
    bob = await newApiUser(product);
    const texts = [
      'User lives in Oslo.',
      'Has a dog called Miso.',
      'Drinks espresso every morning.',
      'User works as a pharmacist.',
      'My mother still lives in Bergen.',
      // Long: the ranker's length prior alone lifts its score, though it matches nothing asked below.
      'Prefers window seats on long flights, especially when flying across the Atlantic to visit family in ' +
        'Boston every summer holiday.',
    ];
    ok(
      await alice.call(`${memoriesPath(alice)}/batch`, {
        method: 'POST',
        body: { end_user_id: 'ola', memories: texts.map((text) => ({ text })) },
      }),
      201,
    );
  });

  it('answers "What is my job?" with the occupation fact, though they share no word', async () => {
    for (const query of ['What is my job?', 'What do I do for a living?']) {
      const found = ok<SearchJson>(await search(alice, query, '&end_user_id=ola'));
      expect(found.results[0]).toMatchObject({
        text: 'User works as a pharmacist.',
        scores: { slot_match: true, coverage: 0 },
      });
      expect(found.results[0]!.relevance).toBeGreaterThanOrEqual(0.1);
    }
    // A kind of what is asked for: espresso is a coffee, a beverage.
    const drink = ok<SearchJson>(await search(alice, 'What do I drink?', '&end_user_id=ola'));
    expect(drink.results[0]!.text).toBe('Drinks espresso every morning.');
    const pet = ok<SearchJson>(await search(alice, 'Which animal do I have?', '&end_user_id=ola'));
    expect(pet.results[0]!.text).toBe('Has a dog called Miso.');
    expect(pet.results[0]!.scores.meaning).toBeGreaterThan(0);
  });

  it('carries a relevance from 0 to 1 that does not depend on length, and keeps only results above the threshold', async () => {
    // Two memories match, one on two of the query's three words and one on a single word.
    const all = ok<SearchJson>(await search(alice, 'dog Miso espresso', '&end_user_id=ola'));
    const dog = all.results.find((result) => result.text === 'Has a dog called Miso.')!;
    const espresso = all.results.find((result) => result.text === 'Drinks espresso every morning.')!;
    for (const result of all.results) {
      expect(result.relevance).toBeGreaterThanOrEqual(0);
      expect(result.relevance).toBeLessThanOrEqual(1);
    }
    expect(dog.relevance).toBeGreaterThan(espresso.relevance);
    const between = ((dog.relevance + espresso.relevance) / 2).toFixed(3);
    const relevant = ok<SearchJson>(
      await search(alice, 'dog Miso espresso', `&end_user_id=ola&threshold=${between}`),
    );
    expect(relevant.results.map((result) => result.text)).toEqual(['Has a dog called Miso.']);
    expect(relevant.count).toBe(1);
  });

  it('answers an empty list when nothing is relevant', async () => {
    for (const query of ['quantum chromodynamics lecture', 'favourite pizza topping', 'dog']) {
      const threshold = query === 'dog' ? '0.999' : '0.1';
      expect(
        ok<SearchJson>(await search(alice, query, `&end_user_id=ola&threshold=${threshold}`)),
      ).toMatchObject({ results: [], count: 0, formatted_results: '' });
    }
    // The same query with a threshold it clears still finds its memory.
    expect(ok<SearchJson>(await search(alice, 'dog', '&end_user_id=ola&threshold=0.1')).count).toBe(1);
  });

  it('refuses a threshold that is not a number from 0 to 1', async () => {
    // The batch above is one inferred session (decision 196): without a threshold the memories stored next to
    // the matching one follow it, so the answer before the refusals is the reference.
    const before = ok<SearchJson>(await search(alice, 'dog', '&end_user_id=ola'));
    expect(before.results[0]?.text).toBe('Has a dog called Miso.');
    for (const value of ['-0.1', '1.5', 'abc', '', '0.3.1', 'NaN']) {
      expectError(
        await search(alice, 'dog', `&end_user_id=ola&threshold=${encodeURIComponent(value)}`),
        400,
        'validation_error',
        'threshold must be a number from 0 to 1',
      );
    }
    // Refused input changed nothing: the same search still answers the same.
    const after = ok<SearchJson>(await search(alice, 'dog', '&end_user_id=ola'));
    expect(after.results.map((result) => result.text)).toEqual(before.results.map((result) => result.text));
  });

  it("another account's key cannot search this account's end user; another end user's scope is empty", async () => {
    expectError(
      await bob.call(
        `/api/user/${alice.userId}/search?query=What%20is%20my%20job&end_user_id=ola&threshold=0.1`,
      ),
      403,
      'api_key_foreign_user',
      'This API key does not belong to this user.',
    );
    expect(ok<SearchJson>(await search(bob, 'What is my job?', '&end_user_id=ola&threshold=0')).count).toBe(
      0,
    );
    expect(ok<SearchJson>(await search(alice, 'What is my job?', '&end_user_id=someone-else')).count).toBe(0);
  });
});

describe('REST memory API: the OpenAPI document', () => {
  const product = useStandalone('memory-learning-docs', UNLIMITED_GATEWAY);
  let alice: ApiUser;

  beforeAll(async () => {
    setupGatewayDocs(product.app);
    alice = await newApiUser(product);
  });

  it('documents messages, infer, dedupe, deduplicated, the events, threshold and the chat scopes', async () => {
    interface Schema {
      properties?: Record<string, unknown>;
    }
    const document = ok<{
      paths: Record<string, Record<string, { parameters?: Array<{ name: string }> }>>;
      components: { schemas: Record<string, Schema> };
    }>(await alice.call('/api/openapi.json'));
    const fields = (name: string) => Object.keys(document.components.schemas[name]?.properties ?? {});
    expect(fields('AddMessagesBody')).toEqual(
      expect.arrayContaining([
        'messages',
        'infer',
        'dedupe',
        'metadata',
        'end_user_id',
        'agent_id',
        'run_id',
      ]),
    );
    expect(fields('CreateMemoryBody')).toContain('dedupe');
    expect(fields('CreateMemoryBatchBody')).toContain('dedupe');
    expect(fields('StoredMemoryResponse')).toContain('deduplicated');
    expect(fields('LearnedEventResponse')).toEqual(['id', 'event', 'text', 'previous_text', 'memory']);
    expect(fields('LearnedMemoriesResponse')).toEqual(['results', 'extracted_by', 'count']);
    expect(fields('ChatBody')).toEqual(expect.arrayContaining(['end_user_id', 'agent_id', 'run_id']));
    const create = JSON.stringify(document.paths['/api/user/{userId}/memories']!['post']);
    for (const part of ['AddMessagesBody', 'LearnedMemoriesResponse', 'StoredMemoryResponse', '"messages"'])
      expect(create).toContain(part);
    const search = document.paths['/api/user/{userId}/search']!['get']!;
    expect(search.parameters!.map((parameter) => parameter.name)).toContain('threshold');
  });
});
