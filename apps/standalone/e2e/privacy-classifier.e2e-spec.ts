import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { LoopbackLlmResponder } from '@membolt/chat/testing';
import { eventually } from '@membolt/jobs/testing';
import { type ApiUser, expectError, newApiUser, ok, UNLIMITED_GATEWAY } from './support/memory-api.js';
import { useStandaloneWithLoopbackModel } from './support/standalone.js';

jest.setTimeout(120_000);

interface MemoryJson {
  id: string;
  text: string;
  redactions: string[];
}

const isClassification = (system: string) => system.includes('special categories of personal data');

/** The fact a model learns from "My email is …" (none from anything else). */
function extractionAnswer(prompt: string): string {
  const email = /My email is (\S+@[\w.]+\w)/.exec(prompt)?.[1];
  const facts = email
    ? [
        {
          text: `User's email is ${email}.`,
          category: 'personal',
          importance: 0.7,
          subject: 'email',
          value: email,
          kind: 'fact',
        },
      ]
    : [];
  return JSON.stringify({ facts });
}

/**
 * A model that reads meaning the offline vocabulary has no word for: a counsellor after a burnout is health,
 * canvassing is politics. A sentence saying BROKEN makes it answer out of format. It learns an e-mail address
 * as a fact, and answers a chat turn with "Noted.".
 */
const modelResponder: LoopbackLlmResponder = (request) => {
  const prompt = request.messages.at(-1)?.content ?? '';
  if (request.system.includes('You extract durable facts'))
    return { kind: 'stream', tokens: [extractionAnswer(prompt)] };
  if (!isClassification(request.system)) return { kind: 'stream', tokens: ['Noted.'] };
  if (prompt.includes('BROKEN')) return { kind: 'stream', tokens: ['Sentence one is fine.'] };
  const sentences = [...prompt.matchAll(/^\d+\. (.*)$/gm)].map((match) => match[1] ?? '');
  const lists = sentences.map((sentence) => [
    ...(/counsellor|burnout/.test(sentence) ? ['health'] : []),
    ...(/canvass/.test(sentence) ? ['politics'] : []),
  ]);
  return { kind: 'stream', tokens: [JSON.stringify({ sentences: lists })] };
};

describe('special categories classified by the language model in the standalone product', () => {
  const under = useStandaloneWithLoopbackModel('privacy-classifier', modelResponder, UNLIMITED_GATEWAY);
  const { product } = under;
  let alice: ApiUser;
  let bob: ApiUser;
  const memoriesPath = (user: ApiUser) => `/api/user/${user.userId}/memories`;
  const addText = (user: ApiUser, text: string) =>
    user.call(memoriesPath(user), { method: 'POST', body: { text } });
  const classifications = () => under.llm.requests.filter((request) => isClassification(request.system));

  beforeAll(async () => {
    alice = await newApiUser(product);
    bob = await newApiUser(product);
    ok(
      await alice.call(`/api/user/${alice.userId}/privacy-policy`, {
        method: 'PUT',
        body: { actions: { health: 'redact', politics: 'refuse', email: 'redact' } },
      }),
    );
  });

  it('redacts a sentence the model classes, though no word of the offline vocabulary is in it', async () => {
    const memory = ok<MemoryJson>(
      await addText(alice, 'I live in Lyon. I see a counsellor every week since the burnout.'),
      201,
    );
    expect(memory).toMatchObject({
      text: 'I live in Lyon. [health information].',
      redactions: ['health'],
    });
    const asked = classifications().at(-1)!;
    expect(asked.model).toBe('loopback-llama');
    expect(asked.wantsJson).toBe(true);
    expect(asked.messages.at(-1)!.content).toContain(
      '1. I live in Lyon\n2. I see a counsellor every week since the burnout',
    );
  });

  it('refuses what the model classes in a refused category, storing nothing', async () => {
    expectError(
      await addText(alice, 'On weekends I canvass door to door for the candidate.'),
      400,
      'sensitive_data_refused',
      'The privacy policy refuses to store this: it holds politics.',
    );
    const { memories } = ok<{ memories: MemoryJson[] }>(await alice.call(`${memoriesPath(alice)}?limit=100`));
    expect(memories.some((m) => m.text.includes('canvass'))).toBe(false);
  });

  it('falls back to the offline vocabulary when the model answers out of format', async () => {
    const memory = ok<MemoryJson>(await addText(alice, 'BROKEN. I was diagnosed with asthma.'), 201);
    expect(memory).toMatchObject({ text: 'BROKEN. [health information].', redactions: ['health'] });
  });

  it('screens the fact the model learns from an OpenAI-compatible chat completion', async () => {
    const answer = await fetch(`${product.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${alice.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'loopback-llama',
        messages: [{ role: 'user', content: 'My email is ivy@example.com' }],
      }),
    });
    expect(answer.status).toBe(200);
    const all = async () =>
      ok<{ memories: Array<MemoryJson & { metadata: string }> }>(
        await alice.call(`${memoriesPath(alice)}?limit=100`),
      ).memories;
    await eventually(
      async () => (await all()).some((m) => m.text === "User's email is [e-mail address]."),
      60_000,
      'the fact learnt from the completion',
    );
    expect(JSON.stringify(await all())).not.toContain('ivy@example.com');
  });

  it('asks no model for an account whose policy allows every special category', async () => {
    const before = classifications().length;
    const memory = ok<MemoryJson>(await addText(bob, 'I see a counsellor every week.'), 201);
    expect(memory).toMatchObject({ text: 'I see a counsellor every week.', redactions: [] });
    expect(classifications().length).toBe(before);
  });
});
