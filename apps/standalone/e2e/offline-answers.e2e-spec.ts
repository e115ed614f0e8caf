import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MEMORY_SEARCH_DEFAULT_THRESHOLD } from '@membolt/contracts';
import { eventually } from '@membolt/jobs/testing';
import { type ApiUser, newApiUser, ok, UNLIMITED_GATEWAY } from './support/memory-api.js';
import { useStandalone } from './support/standalone.js';

jest.setTimeout(120_000);

interface ChatJson {
  text: string;
  memories_used: number;
  memories_retrieved: Array<{ id: string; text: string; used: boolean }>;
  responder: string;
}

/** POST /api/chat with no language model configured: the offline assistant answers from the memories. */
describe('POST /api/chat, offline: the answer is composed from the memories that bear on the question', () => {
  const product = useStandalone('offline-answers', UNLIMITED_GATEWAY);
  let alice: ApiUser;
  let bob: ApiUser;

  const chat = (user: ApiUser, message: string) =>
    user.call('/api/chat', { method: 'POST', body: { message } });
  const remember = async (user: ApiUser, text: string) =>
    ok(await user.call(`/api/user/${user.userId}/memories`, { method: 'POST', body: { text } }), 201);
  const openMemories = async (user: ApiUser) =>
    ok<{ memories: Array<{ text: string }> }>(
      await user.call(`/api/user/${user.userId}/memories?limit=100`),
    ).memories.map((memory) => memory.text);

  beforeAll(async () => {
    alice = await newApiUser(product);
    bob = await newApiUser(product);
    await remember(alice, 'I am vegetarian');
    await remember(alice, 'My favourite city is Kyoto');
  });

  it('"What should I cook tonight?" with "I am vegetarian" stored answers with it, and uses that one memory', async () => {
    const answer = ok<ChatJson>(await chat(alice, 'What should I cook tonight?'));
    expect(answer.responder).toBe('offline');
    expect(answer.memories_used).toBe(1);
    expect(answer.memories_retrieved.filter((memory) => memory.used).map((memory) => memory.text)).toEqual([
      'I am vegetarian',
    ]);
    expect(answer.text).toContain("You're vegetarian, so a meat-free dish would suit you.");
    expect(answer.text).toContain('- I am vegetarian (noted ');
    expect(answer.text).not.toContain('Kyoto');
  });

  it("another account's question finds nothing of Alice's and says plainly that nothing is known", async () => {
    const answer = ok<ChatJson>(await chat(bob, 'What should I cook tonight?'));
    expect(answer.memories_used).toBe(0);
    expect(answer.memories_retrieved).toEqual([]);
    expect(answer.text).toContain("I don't remember anything that bears on this yet.");
  });

  it('a question that only shares a word with a memory retrieves nothing below the default relevance', async () => {
    // "city" is the one word it shares with "My favourite city is Kyoto": search (no threshold) lists it first
    // (a question that names nobody is read as about the user, so her other facts may follow), every result
    // below the default relevance; the assistant's retrieval (MEMORY_SEARCH_DEFAULT_THRESHOLD) leaves them
    // out and says nothing is known.
    const question =
      'Which of the great rivers of the world flows through the most countries and old empires before it finally reaches the warm sea beside a small fishing city?';
    const found = ok<{ results: Array<{ text: string; relevance: number }> }>(
      await alice.call(`/api/user/${alice.userId}/search?query=${encodeURIComponent(question)}`),
    ).results;
    expect(found[0]!.text).toBe('My favourite city is Kyoto');
    for (const result of found) expect(result.relevance).toBeLessThan(MEMORY_SEARCH_DEFAULT_THRESHOLD);

    const answer = ok<ChatJson>(await chat(alice, question));
    expect(answer.memories_retrieved).toEqual([]);
    expect(answer.memories_used).toBe(0);
    expect(answer.text).toContain("I don't remember anything that bears on this yet.");
  });

  it('after a move, "Where do I live now?" answers the new home and never the old one as current', async () => {
    ok(await chat(bob, 'I live in Paris.'));
    await eventually(async () => (await openMemories(bob)).includes('User lives in Paris.'), 30_000, 'Paris');
    ok(await chat(bob, 'I moved from Paris to Berlin.'));
    await eventually(
      async () => (await openMemories(bob)).includes('User lives in Berlin.'),
      30_000,
      'Berlin learnt',
    );
    await eventually(
      async () => !(await openMemories(bob)).includes('User lives in Paris.'),
      30_000,
      'Paris closed',
    );

    const answer = ok<ChatJson>(await chat(bob, 'Where do I live now?'));
    expect(answer.text).toContain('You live in Berlin.');
    expect(answer.text).not.toContain('You live in Paris');
    expect(answer.text.indexOf('Berlin')).toBeLessThan(
      answer.text.includes('Paris') ? answer.text.indexOf('Paris') : Number.POSITIVE_INFINITY,
    );
    const used = answer.memories_retrieved.filter((memory) => memory.used).map((memory) => memory.text);
    expect(used[0]).toBe('User lives in Berlin.');
    expect(answer.memories_used).toBe(used.length);

    // A question about the past reads the closed fact too (search leaves it out unless asked), in the past.
    const before = ok<ChatJson>(await chat(bob, 'Where did I use to live?'));
    expect(before.text).toContain('You lived in Paris.');
    expect(before.text).not.toContain('You live in Paris');
    expect(before.memories_retrieved.find((memory) => memory.text === 'User lives in Paris.')?.used).toBe(
      true,
    );
  });
});
