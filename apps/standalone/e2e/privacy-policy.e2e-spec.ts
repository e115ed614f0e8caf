import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BusClient } from '@membolt/bus';
import { KeysSubjects } from '@membolt/contracts';
import { eventually } from '@membolt/jobs/testing';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type ApiUser, expectError, newApiUser, ok, UNLIMITED_GATEWAY } from './support/memory-api.js';
import { useStandalone } from './support/standalone.js';

jest.setTimeout(180_000);

interface MemoryJson {
  id: string;
  text: string;
  metadata: string;
  redactions: string[];
}

interface PolicyJson {
  policy: Record<string, string>;
  defaults: Record<string, string>;
  key_overrides: Array<{ key_id: string; actions: Record<string, string> }>;
  redaction_counts: Record<string, number>;
}

/**
 * One card number per write path (all pass the Luhn check), so a leak names its path. None may be found in any
 * store of the memory service or in a job queue's payload once the writes are done.
 */
const CARDS = {
  rest: '4111 1111 1111 1111',
  batch: '5555 5555 5555 4444',
  importSync: '3782 822463 10005',
  importAsync: '4012 8888 8888 1881',
  verbatimMessages: '5105 1051 0510 5100',
  asyncMessages: '6011 1111 1111 1117',
  asyncMetadata: '3530 1113 3330 0000',
  mem0: '4242 4242 4242 4242',
  mem0Update: '5200 8282 8282 8210',
  mem0BatchUpdate: '4000 0025 0000 3155',
  mcp: '3566 0020 2036 0505',
  mcpUpdate: '6011 0009 9013 9424',
  upload: '2223 0031 2200 3222',
  update: '4000 0566 5566 5556',
} as const;

/** The files under a directory whose bytes hold the text (as written, or with its separators dropped). */
function filesHolding(dir: string, text: string): string[] {
  const needles = [text, text.replace(/ /g, '')].map((needle) => Buffer.from(needle, 'utf8'));
  const found: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      const stat = statSync(full);
      if (stat.isDirectory()) walk(full);
      else if (stat.isFile()) {
        const bytes = readFileSync(full);
        if (needles.some((needle) => bytes.includes(needle))) found.push(full);
      }
    }
  };
  walk(dir);
  return found;
}

describe('write-time privacy policy through the standalone product', () => {
  let dataDir = '';
  const product = useStandalone('privacy-policy', (dir) => {
    dataDir = join(dir, 'data');
    return { ...UNLIMITED_GATEWAY, GATEWAY_IMPORT_SYNC_LINES: '3', BUS_TIMEOUT_MS: '30000' };
  });
  let alice: ApiUser;
  let bob: ApiUser;
  let carol: ApiUser;

  const policyPath = (user: ApiUser) => `/api/user/${user.userId}/privacy-policy`;
  const memoriesPath = (user: ApiUser) => `/api/user/${user.userId}/memories`;
  const putPolicy = (user: ApiUser, body: unknown, key?: string) =>
    user.call(policyPath(user), { method: 'PUT', body, ...(key ? { key } : {}) });
  const addText = (user: ApiUser, text: string, key?: string) =>
    user.call(memoriesPath(user), { method: 'POST', body: { text }, ...(key ? { key } : {}) });
  const allMemories = async (user: ApiUser): Promise<MemoryJson[]> =>
    ok<{ memories: MemoryJson[] }>(await user.call(`${memoriesPath(user)}?limit=1000&include_closed=true`))
      .memories;
  const memoryHolding = async (user: ApiUser, part: string) =>
    (await allMemories(user)).find((memory) => memory.text.includes(part));

  beforeAll(async () => {
    alice = await newApiUser(product);
    bob = await newApiUser(product);
    carol = await newApiUser(product);
    // Alice also redacts e-mail addresses: the learning paths read "my email is ..." as a fact.
    ok(await putPolicy(alice, { actions: { email: 'redact' } }));
    ok(await putPolicy(carol, { actions: { card_number: 'refuse', email: 'refuse' } }));
  });

  describe('the policy routes', () => {
    it('a new account has the default policy: cards, national ids and secrets redacted, the rest allowed', async () => {
      const policy = ok<PolicyJson>(await bob.call(policyPath(bob)));
      expect(policy.policy).toEqual(policy.defaults);
      expect(Object.entries(policy.policy).filter(([, action]) => action !== 'allow')).toEqual([
        ['card_number', 'redact'],
        ['national_id', 'redact'],
        ['secret', 'redact'],
      ]);
      expect(policy.key_overrides).toEqual([]);
      expect(Object.values(policy.redaction_counts).every((count) => count === 0)).toBe(true);
    });

    it('refuses a bad kind, a bad action and a key of another account, changing nothing', async () => {
      expectError(
        await putPolicy(bob, { actions: { shoe_size: 'redact' } }),
        400,
        'validation_error',
        /^actions\.shoe_size is not a kind of sensitive data/,
      );
      expectError(
        await putPolicy(bob, { actions: { email: 'hide' } }),
        400,
        'validation_error',
        'actions.email must be one of: allow, redact, refuse',
      );
      expectError(
        await putPolicy(bob, { actions: 'redact' }),
        400,
        'validation_error',
        'actions must be an object',
      );
      const aliceKeys = await product.app
        .get(BusClient)
        .request(KeysSubjects.list, { activeOnly: false }, { userId: alice.userId });
      expectError(
        await putPolicy(bob, { actions: { email: 'allow' }, key_id: aliceKeys.keys[0]!.id }),
        404,
        'api_key_not_found',
        'API key not found.',
      );
      expect(ok<PolicyJson>(await bob.call(policyPath(bob))).policy.email).toBe('allow');
    });

    it("another account's key can neither read nor change the policy", async () => {
      expectError(await bob.call(policyPath(alice)), 403, 'api_key_foreign_user', /./);
      expect((await putPolicy(alice, { actions: { email: 'allow' } }, bob.key)).status).toBe(403);
      expect(ok<PolicyJson>(await alice.call(policyPath(alice))).policy.email).toBe('redact');
    });
  });

  describe('every write path', () => {
    it('REST add: redacted with a typed placeholder and the kinds named on the memory', async () => {
      const memory = ok<MemoryJson>(
        await addText(alice, `My SSN is 123-45-6789 and my card is ${CARDS.rest}.`),
        201,
      );
      expect(memory.text).toBe('My SSN is [national id] and my card is [card number].');
      expect(memory.redactions).toEqual(['card_number', 'national_id']);
      expect(ok<MemoryJson>(await alice.call(`${memoriesPath(alice)}/${memory.id}`)).redactions).toEqual([
        'card_number',
        'national_id',
      ]);
    });

    it('REST add: refused with 400 sensitive_data_refused naming the kinds, nothing stored', async () => {
      const before = (await allMemories(carol)).length;
      expectError(
        await addText(carol, `card ${CARDS.rest}, mail carol@example.com`),
        400,
        'sensitive_data_refused',
        'The privacy policy refuses to store this: it holds card_number, email.',
      );
      expect((await allMemories(carol)).length).toBe(before);
    });

    it('REST add: allowed kinds are stored as said', async () => {
      const memory = ok<MemoryJson>(await addText(bob, 'Write to bob@example.com any time.'), 201);
      expect(memory).toMatchObject({ text: 'Write to bob@example.com any time.', redactions: [] });
    });

    it('REST update: the new text is screened', async () => {
      const memory = ok<MemoryJson>(await addText(alice, 'I have a card.'), 201);
      const updated = ok<MemoryJson>(
        await alice.call(`${memoriesPath(alice)}/${memory.id}`, {
          method: 'PUT',
          body: { text: `My card is ${CARDS.update}.` },
        }),
      );
      expect(updated).toMatchObject({ text: 'My card is [card number].', redactions: ['card_number'] });
    });

    it('batch: every item screened; one refused item refuses the batch', async () => {
      const batch = ok<{ memories: MemoryJson[] }>(
        await alice.call(`${memoriesPath(alice)}/batch`, {
          method: 'POST',
          body: { memories: [{ text: 'I like tea.' }, { text: `Card ${CARDS.batch} is for travel.` }] },
        }),
        201,
      );
      expect(batch.memories.map((m) => [m.text, m.redactions])).toEqual([
        ['I like tea.', []],
        ['Card [card number] is for travel.', ['card_number']],
      ]);
      expectError(
        await carol.call(`${memoriesPath(carol)}/batch`, {
          method: 'POST',
          body: { memories: [{ text: 'I like tea.' }, { text: `Card ${CARDS.batch}` }] },
        }),
        400,
        'sensitive_data_refused',
        'The privacy policy refuses to store this: it holds card_number.',
      );
      expect(await memoryHolding(carol, 'I like tea.')).toBeUndefined();
    });

    it('import: a small file at once, a large one through the durable job, both redacted', async () => {
      const lines = (texts: string[]) => texts.map((text) => JSON.stringify({ text })).join('\n');
      ok(
        await alice.call(`${memoriesPath(alice)}/import`, {
          method: 'POST',
          raw: { text: lines([`Old card ${CARDS.importSync}.`]), contentType: 'application/x-ndjson' },
        }),
      );
      expect((await memoryHolding(alice, 'Old card'))?.text).toBe('Old card [card number].');

      const queued = await alice.call(`${memoriesPath(alice)}/import`, {
        method: 'POST',
        raw: {
          text: lines(['Line one.', 'Line two.', 'Line three.', `Spare card ${CARDS.importAsync}.`]),
          contentType: 'application/x-ndjson',
        },
      });
      expect(queued.status).toBe(202);
      await eventually(
        async () => (await memoryHolding(alice, 'Spare card')) !== undefined,
        60_000,
        'the import',
      );
      const imported = await memoryHolding(alice, 'Spare card');
      expect(imported).toMatchObject({ text: 'Spare card [card number].', redactions: ['card_number'] });
    });

    it('messages: stored as said (infer false) and learnt by the rules (infer true), both screened', async () => {
      const verbatim = ok<{ results: Array<{ memory: MemoryJson }> }>(
        await alice.call(memoriesPath(alice), {
          method: 'POST',
          body: {
            infer: false,
            messages: [{ role: 'user', content: `Use card ${CARDS.verbatimMessages}.` }],
          },
        }),
        201,
      );
      expect(verbatim.results[0]!.memory.text).toBe('Use card [card number].');

      const learnt = ok<{ results: Array<{ memory: MemoryJson }> }>(
        await alice.call(memoriesPath(alice), {
          method: 'POST',
          body: {
            end_user_id: 'dana',
            messages: [{ role: 'user', content: 'My email is dana@example.com.' }],
          },
        }),
        201,
      );
      expect(learnt.results[0]!.memory.text).toBe("User's email is [e-mail address].");
      expect(learnt.results[0]!.memory.redactions).toEqual(['email']);
      expect(learnt.results[0]!.memory.metadata).not.toContain('dana@example.com');
    });

    it('asynchronous messages: messages and metadata redacted before the job payload is written', async () => {
      const job = ok<{ status_url: string }>(
        await alice.call(memoriesPath(alice), {
          method: 'POST',
          body: {
            async: true,
            end_user_id: 'erik',
            messages: [
              { role: 'user', content: `My email is erik@example.com. My card is ${CARDS.asyncMessages}.` },
            ],
            metadata: { note: `paid with ${CARDS.asyncMetadata}` },
          },
        }),
        202,
      );
      await eventually(
        async () =>
          ok<{ status: string }>(await alice.call(job.status_url.replace(/^.*\/api\//, '/api/'))).status ===
          'done',
        60_000,
        'the learning job',
      );
      const erik = ok<{ memories: MemoryJson[] }>(
        await alice.call(`${memoriesPath(alice)}?end_user_id=erik&limit=100`),
      ).memories;
      const texts = erik.map((m) => m.text);
      expect(texts.join(' ')).not.toMatch(/erik@example\.com|6011/);
      expect(texts).toContain("User's email is [e-mail address].");
      expect(erik.length).toBeGreaterThan(0);
      expect(erik.every((m) => m.metadata.includes('paid with [card number]'))).toBe(true);
      // A refused kind in the metadata refuses the call before anything is queued.
      expectError(
        await carol.call(memoriesPath(carol), {
          method: 'POST',
          body: {
            async: true,
            messages: [{ role: 'user', content: 'I like tea.' }],
            metadata: { contact: 'carol@example.com' },
          },
        }),
        400,
        'sensitive_data_refused',
        'The privacy policy refuses to store this: it holds email.',
      );
    });

    it('Mem0-compatible add', async () => {
      const answer = await fetch(`${product.url}/api/mem0/v3/memories/add/`, {
        method: 'POST',
        headers: { Authorization: `Token ${alice.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messages: [{ role: 'user', content: `Card ${CARDS.mem0} is mine.` }],
          infer: false,
        }),
      });
      expect(answer.status).toBeLessThan(300);
      expect((await memoryHolding(alice, 'is mine.'))?.text).toBe('Card [card number] is mine.');
    });

    it('Mem0-compatible update and batch update', async () => {
      const mem0 = (path: string, body: unknown) =>
        fetch(`${product.url}/api/mem0/${path}`, {
          method: 'PUT',
          headers: { Authorization: `Token ${alice.key}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const first = ok<MemoryJson>(await addText(alice, 'A plain note.'), 201);
      const second = ok<MemoryJson>(await addText(alice, 'Another plain note.'), 201);
      expect((await mem0(`v1/memories/${first.id}/`, { text: `New card ${CARDS.mem0Update}.` })).status).toBe(
        200,
      );
      expect(
        (
          await mem0('v1/batch/', {
            memories: [{ memory_id: second.id, text: `Batch card ${CARDS.mem0BatchUpdate}.` }],
          })
        ).status,
      ).toBe(200);
      expect(await memoryHolding(alice, 'New card')).toMatchObject({
        text: 'New card [card number].',
        redactions: ['card_number'],
      });
      expect((await memoryHolding(alice, 'Batch card'))?.text).toBe('Batch card [card number].');
    });

    it('MCP add_memory', async () => {
      const client = new Client({ name: 'privacy-e2e', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL('/mcp', product.url), {
          requestInit: { headers: { 'X-API-Key': alice.key } },
        }),
      );
      try {
        const result = (await client.callTool({
          name: 'add_memory',
          arguments: { text: `Hotel card ${CARDS.mcp}.` },
        })) as CallToolResult;
        expect(result.isError).toBeFalsy();
        const added = JSON.parse((result.content as Array<{ text: string }>)[0]!.text) as { id: string };
        const updated = (await client.callTool({
          name: 'update_memory',
          arguments: { memory_id: added.id, text: `Hotel card now ${CARDS.mcpUpdate}.` },
        })) as CallToolResult;
        expect(updated.isError).toBeFalsy();
        expect(JSON.stringify(updated.content)).not.toContain(CARDS.mcpUpdate);
        expect((await memoryHolding(alice, 'Hotel card now'))?.text).toBe('Hotel card now [card number].');
        const carolClient = new Client({ name: 'privacy-e2e', version: '1.0.0' });
        await carolClient.connect(
          new StreamableHTTPClientTransport(new URL('/mcp', product.url), {
            requestInit: { headers: { 'X-API-Key': carol.key } },
          }),
        );
        const refused = (await carolClient.callTool({
          name: 'add_memory',
          arguments: { text: `card ${CARDS.mcp}` },
        })) as CallToolResult;
        await carolClient.close();
        expect(refused.isError).toBe(true);
        expect(JSON.stringify(refused.content)).toContain('sensitive_data_refused');
      } finally {
        await client.close();
      }
      expect((await memoryHolding(alice, 'Hotel card now'))?.redactions).toEqual(['card_number']);
    });

    it('file ingestion: chunks and the facts learnt from the file', async () => {
      const text = `My email is frank@example.com.\n\nThe office card is ${CARDS.upload} and is kept in the safe.\n`;
      // A small text file is read before the answer (200); the memories are what is checked.
      const upload = ok<{ upload_id?: string; id?: string }>(
        await alice.call('/api/upload_base64', {
          method: 'POST',
          body: {
            fileName: 'notes.txt',
            fileSize: Buffer.byteLength(text),
            fileData: Buffer.from(text).toString('base64'),
          },
        }),
      );
      const uploadId = upload.upload_id ?? upload.id;
      await eventually(
        async () => ok<{ state: string }>(await alice.call(`/api/uploads/${uploadId}`)).state === 'done',
        90_000,
        'the upload processed',
      );
      const fromFile = (await allMemories(alice)).filter((m) => m.metadata.includes(String(uploadId)));
      expect(fromFile.length).toBeGreaterThan(0);
      const all = JSON.stringify(fromFile);
      expect(all).not.toMatch(/frank@example\.com|2223 ?0031/);
      expect(all).toContain('[card number]');
    });

    it('chat learning: the fact learnt after a turn is screened', async () => {
      ok(
        await alice.call('/api/chat', { method: 'POST', body: { message: 'My email is gina@example.com' } }),
      );
      await eventually(
        async () =>
          (await allMemories(alice)).some(
            (m) => m.text === "User's email is [e-mail address]." && !m.metadata.includes('dana'),
          ),
        60_000,
        'the fact learnt from the chat turn',
      );
      expect(JSON.stringify(await allMemories(alice))).not.toContain('gina@example.com');
    });
  });

  // Its card is not one of CARDS: the lenient key stores it as said, by design.
  it('a key overrides the account policy for its own writes only', async () => {
    const bus = product.app.get(BusClient);
    const created = await bus.request(KeysSubjects.create, { name: 'lenient' }, { userId: bob.userId });
    ok(await putPolicy(bob, { actions: { card_number: 'allow' }, key_id: created.apiKey.id }));
    const lenient = ok<MemoryJson>(
      await addText(bob, 'Card 4917 6100 0000 0000 as said.', created.secret),
      201,
    );
    expect(lenient.text).toBe('Card 4917 6100 0000 0000 as said.');
    const usual = ok<MemoryJson>(await addText(bob, 'Card 4917 6100 0000 0000 again.'), 201);
    expect(usual.text).toBe('Card [card number] again.');
    const policy = ok<PolicyJson>(await bob.call(policyPath(bob)));
    expect(policy.key_overrides).toEqual([{ key_id: created.apiKey.id, actions: { card_number: 'allow' } }]);
    expect(policy.policy.card_number).toBe('redact');
  });

  it('counts the redactions of the account', async () => {
    const counts = ok<PolicyJson>(await alice.call(policyPath(alice))).redaction_counts;
    expect(counts['card_number']).toBeGreaterThanOrEqual(8);
    expect(counts['email']).toBeGreaterThanOrEqual(2);
    expect(counts['national_id']).toBe(1);
  });

  it("no original reaches the memory service's store or any job queue's payload", async () => {
    // Only the uploaded file (kept by the ingestion service as sent) and the chat's own messages may hold what
    // was said; every memory store and queue holds what the policy let through.
    const keptAsSent = /ingestion|uploads|files|chat\.sqlite/;
    for (const [path, card] of Object.entries(CARDS)) {
      const leaks = filesHolding(dataDir, card).filter(
        (file) => !keptAsSent.test(file.slice(dataDir.length)),
      );
      expect({ path, leaks }).toEqual({ path, leaks: [] });
    }
    expect(readdirSync(dataDir).some((name) => name.startsWith('memory'))).toBe(true);
  });
});
